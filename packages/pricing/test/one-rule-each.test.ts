import { describe, expect, it } from 'vitest';
import { daysLabel, feeLineLabel, feeLines } from '../src/fee-lines.ts';
import { serverPricingWords } from '@lido/messages/server-words';

const english = serverPricingWords('en');
import { billingDayFor, clampStartDate, limitStartDate, startDateLimits } from '../src/membership-costs.ts';

describe('the start date fallback', () => {
  const limits = startDateLimits('2026-11-21');

  it('is the minimum when none is chosen or the chosen one is too early, else the chosen date', () => {
    expect(clampStartDate(null, limits)).toBe('2026-11-21');
    expect(clampStartDate(undefined, limits)).toBe('2026-11-21');
    expect(clampStartDate('2026-11-20', limits)).toBe('2026-11-21');
    expect(clampStartDate('2026-11-30', limits)).toBe('2026-11-30');
    // A change's own window moves the minimum.
    expect(clampStartDate('2026-11-25', { min: '2026-12-02' })).toBe('2026-12-02');
  });

  it('keeps a typed date inside both limits', () => {
    expect(limitStartDate('2026-11-01', limits)).toBe('2026-11-21');
    expect(limitStartDate('2027-03-01', limits)).toBe('2026-12-21');
    expect(limitStartDate('2026-12-01', limits)).toBe('2026-12-01');
  });
});

describe('the billing day', () => {
  it('is the member’s own when they already pay by Direct Debit, whatever was chosen', () => {
    expect(billingDayFor({ recurring: true, held: 15, chosen: 1 })).toBe(15);
  });

  it('is the chosen day otherwise, and before a choice the earliest offered (1 when none is)', () => {
    expect(billingDayFor({ recurring: true, held: null, chosen: 28 })).toBe(28);
    expect(billingDayFor({ recurring: true, held: null, chosen: null, offered: [28, 15] })).toBe(15);
    expect(billingDayFor({ recurring: true, held: null, chosen: null, offered: [] })).toBe(1);
    expect(billingDayFor({ recurring: true, held: null, chosen: null })).toBeUndefined();
  });

  it('is none for a single payment membership', () => {
    expect(billingDayFor({ recurring: false, held: 15, chosen: 1, offered: [1] })).toBeUndefined();
  });
});

describe('the fee breakdown', () => {
  const fees = (joiningFee: number, proRataFee: number, monthInHandFee: number, discount: number) => ({
    joiningFee,
    proRataFee,
    monthInHandFee,
    discount,
  });
  const pence = (amount: number) => amount;

  it('lists charged fees in order, a monthly membership’s pro-rata part always, with its days', () => {
    const lines = feeLines(
      { paymentType: 'recurring', proRataDays: 1, fees: fees(1500, 0, 3000, 200) },
      pence,
    );
    expect(lines).toEqual([
      { type: 'joining-fee', label: 'Setup fee', price: 1500 },
      { type: 'month-in-hand', label: 'Month in hand fee', price: 3000 },
      { type: 'pro-rata', label: 'Pro-rata membership payment', price: 0, days: 1 },
      { type: 'discount', label: 'Discount', price: 200 },
    ]);
    expect(daysLabel(1, english)).toBe('1 day');
    expect(daysLabel(12, english)).toBe('12 days');
    expect(lines.map((line) => feeLineLabel(line, english))).toEqual(lines.map((line) => line.label));
  });

  it('names a change’s pro-rata part as the difference to the next collection', () => {
    const [line] = feeLines({ paymentType: 'recurring', proRataDays: 9, fees: fees(0, 148, 0, 0) }, pence, {
      change: true,
    });
    expect(line).toEqual({
      type: 'pro-rata',
      label: 'Difference to your next collection',
      price: 148,
      days: 9,
    });
  });

  it('lists a fixed membership’s own fee only when asked, and no pro-rata part', () => {
    const costs = { paymentType: 'fixed' as const, proRataDays: 0, fees: fees(0, 0, 0, 0) };
    expect(feeLines(costs, pence)).toEqual([]);
    expect(feeLines(costs, pence, { fixedPrice: 39900 })).toEqual([
      { type: 'membership-fee', label: 'Membership fee', price: 39900 },
    ]);
  });
});
