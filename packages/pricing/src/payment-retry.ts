import { addMonths, type CalendarDate, compareDates } from './calendar-date.ts';
import { addWorkingDays } from './working-days.ts';

/**
 * Working days between telling the member and re-presenting a failed collection: the advance
 * notice Bacs asks for before any collection (payments-reference.md §3.4).
 */
export const representationNoticeWorkingDays = 3;

export type OwedReason =
  | 'operator_does_not_retry'
  | 'already_represented'
  | 'paid_by_card'
  | 'membership_ended'
  | 'next_collection_too_close';

export type RetryDecision =
  { kind: 'represent'; chargeDate: CalendarDate } | { kind: 'owed'; reason: OwedReason };

/**
 * What happens to a failed Direct Debit collection (issue 22 item 4): re-presented once, on the
 * working day `representationNoticeWorkingDays` after the failure is known (the member is emailed
 * that day), when the operator retries, it was never re-presented or paid by card, the membership
 * still runs on that day, and the day is before the next month's billing date (two collections
 * in one go would be worse for the member than paying the first by card). Otherwise it is owed.
 */
export function failedCollectionRetry(input: {
  operatorRetries: boolean;
  timesRepresented: number;
  paidByCard: boolean;
  /** the day the failure is known (today) */
  failedOn: CalendarDate;
  billingDate: CalendarDate;
  /** the membership's last day; null when it rolls on */
  membershipEndsOn: CalendarDate | null;
  membershipEnded: boolean;
}): RetryDecision {
  if (!input.operatorRetries) return { kind: 'owed', reason: 'operator_does_not_retry' };
  if (input.paidByCard) return { kind: 'owed', reason: 'paid_by_card' };
  if (input.timesRepresented > 0) return { kind: 'owed', reason: 'already_represented' };
  const chargeDate = addWorkingDays(input.failedOn, representationNoticeWorkingDays);
  if (
    input.membershipEnded ||
    (input.membershipEndsOn !== null && compareDates(chargeDate, input.membershipEndsOn) > 0)
  )
    return { kind: 'owed', reason: 'membership_ended' };
  if (compareDates(chargeDate, addMonths(input.billingDate, 1)) >= 0)
    return { kind: 'owed', reason: 'next_collection_too_close' };
  return { kind: 'represent', chargeDate };
}
