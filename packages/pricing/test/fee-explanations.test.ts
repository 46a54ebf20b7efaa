import { describe, expect, it } from 'vitest';
import { chargeExplanations } from '../src/fee-explanations.ts';
import { monthlyCosts } from '../src/membership-costs.ts';
import { serverPricingWords } from '@lido/messages/server-words';

const english = serverPricingWords('en');
const welsh = serverPricingWords('cy');

// Issue 33 item 3: each joining charge says what it pays for, worked from the line's own dates.
describe('what each joining charge pays for', () => {
  it('explains the issue’s £52.96: a setup fee, 3 days to the billing day and a month in hand, then £30.00 from 1 Jan', () => {
    // Joined on 28 Nov 2026, billing day 1: 1 Dec is inside the 10-day lead time, so December is paid now.
    const costs = monthlyCosts({
      monthlyPrice: 3000,
      joiningFee: 2000,
      takesMonthInHand: false,
      startDate: '2026-11-28',
      billingDay: 1,
      today: '2026-11-28',
    });
    expect([costs.proRataDays, costs.proRataFee, costs.monthInHandFee, costs.totalToPayNow]).toEqual([
      3, 296, 3000, 5296,
    ]);
    const explained = chargeExplanations(
      {
        paymentType: 'recurring',
        startDate: '2026-11-28',
        firstBillingDate: costs.firstCollectionDate,
        proRataDays: costs.proRataDays,
        monthInHand: true,
        monthlyPrice: '£30.00',
        takesMonthInHand: false,
      },
      english,
    );
    expect(explained.fees).toEqual({
      'joining-fee': 'A one-off fee for setting up your membership, paid once when you join.',
      'pro-rata':
        'Pays for 28 Nov 2026 to 30 Nov 2026 (3 days): from your start date to the day before your billing day, the 1st of each month. It is £30.00 a month worked out by the day.',
      'month-in-hand':
        'Pays now for your first full month, 01 Dec 2026 to 31 Dec 2026: a new Direct Debit can’t be set up in time to collect on 01 Dec 2026. Your Direct Debit takes over from 01 Jan 2027.',
    });
    expect(explained.firstCollection).toBe(
      'Your first Direct Debit collection is £30.00 on 01 Jan 2027, then £30.00 on the 1st of each month.',
    );
  });

  it('says an option that always takes a month in hand does so, and says no reason when it is not known', () => {
    const facts = {
      paymentType: 'recurring' as const,
      startDate: '2026-11-21',
      firstBillingDate: '2027-01-01',
      monthInHand: true,
      monthlyPrice: '£30.00',
    };
    expect(chargeExplanations({ ...facts, takesMonthInHand: true }, english).fees['month-in-hand']).toBe(
      'Pays now for your first full month, 01 Dec 2026 to 31 Dec 2026: this membership is always paid a month ahead. Your Direct Debit takes over from 01 Jan 2027.',
    );
    // Worked from the dates alone (the order and its email): 21 to 30 Nov is 10 days.
    const unknown = chargeExplanations(facts, english);
    expect(unknown.fees['month-in-hand']).toBe(
      'Pays now for your first full month, 01 Dec 2026 to 31 Dec 2026. Your Direct Debit takes over from 01 Jan 2027.',
    );
    expect(unknown.fees['pro-rata']).toMatch(/^Pays for 21 Nov 2026 to 30 Nov 2026 \(10 days\)/);
  });

  it('has no month in hand and one day of pro-rata when the first collection comes after the lead time', () => {
    const explained = chargeExplanations(
      {
        paymentType: 'recurring',
        startDate: '2026-12-14',
        firstBillingDate: '2026-12-15',
        monthInHand: false,
        monthlyPrice: '£45.99',
      },
      english,
    );
    expect(explained.fees['month-in-hand']).toBeUndefined();
    expect(explained.fees['pro-rata']).toMatch(/^Pays for 14 Dec 2026 \(1 day\): /);
    expect(explained.firstCollection).toBe(
      'Your first Direct Debit collection is £45.99 on 15 Dec 2026, then £45.99 on the 15th of each month.',
    );
  });

  it('says nothing is due when the membership starts on its billing day, and explains only a setup fee when paid once', () => {
    expect(
      chargeExplanations(
        {
          paymentType: 'recurring',
          startDate: '2026-12-15',
          firstBillingDate: '2026-12-15',
          monthInHand: false,
          monthlyPrice: '£45.99',
        },
        english,
      ).fees['pro-rata'],
    ).toBe('Nothing to pay: your membership starts on your billing day, the 15th of each month.');
    const single = chargeExplanations(
      {
        paymentType: 'fixed',
        startDate: '2026-12-15',
        firstBillingDate: null,
        monthInHand: false,
        monthlyPrice: '£399.00',
      },
      english,
    );
    expect(Object.keys(single.fees)).toEqual(['joining-fee']);
    expect(single.firstCollection).toBeNull();
  });

  // Issue 38: the same charges in Welsh, for a Welsh page and the receipt of a Welsh customer.
  it('explains the same charges in Welsh', () => {
    const explained = chargeExplanations(
      {
        paymentType: 'recurring',
        startDate: '2026-11-28',
        firstBillingDate: '2027-01-01',
        proRataDays: 3,
        monthInHand: true,
        monthlyPrice: '£30.00',
        takesMonthInHand: false,
      },
      welsh,
    );
    expect(explained.fees['pro-rata']).toBe(
      'Yn talu am 28 Tach 2026 i 30 Tach 2026 (3 diwrnod): o’ch dyddiad dechrau hyd at y diwrnod cyn eich diwrnod bilio, y 1af o bob mis. Mae’n £30.00 y mis wedi’i gyfrifo fesul diwrnod.',
    );
    expect(explained.firstCollection).toBe(
      'Bydd eich casgliad Debyd Uniongyrchol cyntaf yn £30.00 ar 01 Ion 2027, yna £30.00 ar y 1af o bob mis.',
    );
  });
});
