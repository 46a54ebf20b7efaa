import { describe, expect, it } from 'vitest';
import { receiptEmail } from '../src/modules/checkout/receipt-email.ts';

/** Gym Anytime joined on 28 Nov 2026 on billing day 1 (the issue's £52.96). */
const joined = {
  description: 'Gym Anytime',
  amountPence: 5296,
  details: {
    kind: 'membership',
    costs: {
      paymentType: 'recurring',
      fixedDuration: null,
      fixedPeriod: null,
      promotionEnabled: true,
      basePrice: 3000,
      fees: { joiningFee: 2000, proRataFee: 296, monthInHandFee: 3000, discount: 0 },
      proRataDays: 3,
      startDate: '2026-11-28',
      endDate: null,
      firstBillingDate: '2027-01-01',
      totalToPayNow: 5296,
    },
  },
};

const base = {
  operatorName: 'Brightwater Leisure',
  serviceUserName: 'Brightwater Leisure Trust',
  to: 'jordan@example.org',
  firstName: 'Jordan',
  reference: 'LD-000123',
  symbol: '£',
  totalPence: 5296,
  cardLastFour: '0006',
};

// Issue 33 item 3: the receipt of a new monthly membership explains its charges, states the first
// collection and carries the Direct Debit Guarantee.
describe('the receipt email of a new monthly membership', () => {
  it('lists each charge with what it pays for, the first collection, and the Guarantee naming the operator', () => {
    const email = receiptEmail({ ...base, lines: [joined] });
    for (const part of [email.text, email.html]) {
      expect(part).toContain('Setup fee');
      expect(part).toContain('Month in hand fee');
      expect(part).toContain('Pro-rata membership payment (3 days)');
      expect(part).toContain(
        'Pays now for your first full month, 01 Dec 2026 to 31 Dec 2026. Your Direct Debit takes over from 01 Jan 2027.',
      );
      expect(part).toContain('Pays for 28 Nov 2026 to 30 Nov 2026 (3 days)');
      expect(part).toContain(
        'Your first Direct Debit collection is £30.00 on 01 Jan 2027, then £30.00 on the 1st of each month.',
      );
      expect(part).toContain('The Direct Debit Guarantee');
      expect(part).toContain(
        'If an error is made in the payment of your Direct Debit, by Brightwater Leisure Trust or your bank or building society, you are entitled to a full and immediate refund of the amount paid from your bank or building society',
      );
    }
    expect(email.text).toMatch(/Month in hand fee: £30\.00\n/);
    expect(email.text).toMatch(/Total paid: £52\.96/);
  });

  it('carries no Guarantee and no explanations for an order without a monthly membership', () => {
    const email = receiptEmail({
      ...base,
      totalPence: 520,
      lines: [{ description: 'Lane swim', amountPence: 520, details: null }],
    });
    expect(email.text).not.toContain('Direct Debit');
    expect(email.html).not.toContain('Direct Debit');
    expect(email.text).toContain('Lane swim: £5.20');
  });
});

// Issue 38 (decision 0110): a Welsh customer's receipt explains the same charges in Welsh.
describe('the receipt email of a Welsh customer', () => {
  it('names and explains each charge in Welsh, the figures unchanged', () => {
    const email = receiptEmail({ ...base, language: 'cy', lines: [joined] });
    for (const part of [email.text, email.html]) {
      expect(part).toContain('Ffi sefydlu');
      expect(part).toContain('Ffi mis ymlaen llaw');
      expect(part).toContain('Taliad aelodaeth pro rata (3 diwrnod)');
      expect(part).toContain('Yn talu am 28 Tach 2026 i 30 Tach 2026 (3 diwrnod)');
      expect(part).toContain(
        'Bydd eich casgliad Debyd Uniongyrchol cyntaf yn £30.00 ar 01 Ion 2027, yna £30.00 ar y 1af o bob mis.',
      );
    }
    expect(email.subject).toBe('Eich archeb LD-000123');
    expect(email.text).toMatch(/^Cyfanswm a dalwyd: £52\.96$/m);
    expect(email.text).not.toMatch(/Setup fee|Pays for|Total paid|Hello/);
  });
});
