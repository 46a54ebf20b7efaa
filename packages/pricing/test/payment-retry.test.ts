import { describe, expect, it } from 'vitest';
import { failedCollectionRetry } from '../src/payment-retry.ts';

/** Priya's £30.00 on the 15th, retried by the operator, running on: the examples change one thing. */
const priya = {
  operatorRetries: true,
  timesRepresented: 0,
  paidByCard: false,
  failedOn: '2026-12-18',
  billingDate: '2026-12-15',
  membershipEndsOn: null,
  membershipEnded: false,
};

describe('re-presenting a failed collection (worked examples, docs/membership-freeze-and-payments.md)', () => {
  it('is 3 working days after the failure is known', () => {
    // Fails Friday 18 December 2026: Monday 21st, Tuesday 22nd, Wednesday 23rd.
    expect(failedCollectionRetry(priya)).toEqual({ kind: 'represent', chargeDate: '2026-12-23' });
    // Fails Friday 8 January 2027: Monday 11th, Tuesday 12th, Wednesday 13th.
    expect(failedCollectionRetry({ ...priya, billingDate: '2027-01-05', failedOn: '2027-01-08' })).toEqual({
      kind: 'represent',
      chargeDate: '2027-01-13',
    });
  });

  it('counts over the weekend and bank holidays', () => {
    // Fails Wednesday 23 December 2026: Thursday 24th; Christmas Day, the weekend and Monday 28th
    // (Boxing Day's substitute) are not working days; Tuesday 29th, Wednesday 30th.
    expect(failedCollectionRetry({ ...priya, failedOn: '2026-12-23' })).toEqual({
      kind: 'represent',
      chargeDate: '2026-12-30',
    });
    // Billed 15 March 2027, fails Thursday 25 March: Good Friday and Easter Monday are not
    // working days, so Tuesday 30th, Wednesday 31st, Thursday 1 April.
    expect(failedCollectionRetry({ ...priya, billingDate: '2027-03-15', failedOn: '2027-03-25' })).toEqual({
      kind: 'represent',
      chargeDate: '2027-04-01',
    });
  });

  it('is not made on or after the next billing date: the member pays by card instead', () => {
    // Billed 1 December 2026, fails Tuesday 29th: Wednesday 30th, Thursday 31st, (New Year's Day,
    // the weekend) Monday 4 January, after the next billing date of 1 January.
    expect(failedCollectionRetry({ ...priya, billingDate: '2026-12-01', failedOn: '2026-12-29' })).toEqual({
      kind: 'owed',
      reason: 'next_collection_too_close',
    });
    // Billed 1 December, fails Wednesday 23rd: re-presented Wednesday 30th, before 1 January.
    expect(failedCollectionRetry({ ...priya, billingDate: '2026-12-01', failedOn: '2026-12-23' })).toEqual({
      kind: 'represent',
      chargeDate: '2026-12-30',
    });
  });

  it('is made at most once, never after a card payment, and only while the membership runs', () => {
    expect(failedCollectionRetry({ ...priya, timesRepresented: 1 })).toEqual({
      kind: 'owed',
      reason: 'already_represented',
    });
    expect(failedCollectionRetry({ ...priya, paidByCard: true })).toEqual({
      kind: 'owed',
      reason: 'paid_by_card',
    });
    expect(failedCollectionRetry({ ...priya, operatorRetries: false })).toEqual({
      kind: 'owed',
      reason: 'operator_does_not_retry',
    });
    expect(failedCollectionRetry({ ...priya, membershipEnded: true })).toEqual({
      kind: 'owed',
      reason: 'membership_ended',
    });
    // Its last day is Tuesday 22 December, before the re-presentation on the 23rd.
    expect(failedCollectionRetry({ ...priya, membershipEndsOn: '2026-12-22' })).toEqual({
      kind: 'owed',
      reason: 'membership_ended',
    });
    expect(failedCollectionRetry({ ...priya, membershipEndsOn: '2026-12-23' })).toEqual({
      kind: 'represent',
      chargeDate: '2026-12-23',
    });
  });
});
