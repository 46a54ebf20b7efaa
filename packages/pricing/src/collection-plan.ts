import { addMonths, type CalendarDate, compareDates } from './calendar-date.ts';

/**
 * What a monthly membership's Direct Debit collects on each billing date (issue 33 items 1 and 2):
 * one rule for the collection engine that makes each month's collection, the cancel page that
 * states the last ones, the Memberships card's next collection and My account's upcoming list.
 * Pure: integer pence, dates as CalendarDate.
 */

export interface CollectionFacts {
  /** the membership's own monthly price */
  pricePence: number;
  /** its freezes not yet over: each billing date in [startsOn, endsOn) collects the fee instead */
  freezes: { startsOn: CalendarDate; endsOn: CalendarDate; monthlyFeePence: number }[];
  /** price changes the member was told of, not yet in effect, latest first (decision 0047) */
  priceNotices: { firstBillingDate: CalendarDate; newPricePence: number }[];
}

/** Why a collection is the amount it is, as the member reads it beside the membership's name. */
export type CollectionReason = 'price' | 'new_price' | 'freeze_fee';

export interface PlannedCollection {
  billingDate: CalendarDate;
  amountPence: number;
  reason: CollectionReason;
}

/** What the billing date `billingDate` collects: a freeze's fee (0: nothing), a told-of new price, or the price. */
export function collectionOn(billingDate: CalendarDate, facts: CollectionFacts): PlannedCollection {
  const freeze = facts.freezes.find(
    (candidate) =>
      compareDates(candidate.startsOn, billingDate) <= 0 && compareDates(billingDate, candidate.endsOn) < 0,
  );
  if (freeze) return { billingDate, amountPence: freeze.monthlyFeePence, reason: 'freeze_fee' };
  const notice = facts.priceNotices.find(
    (candidate) => compareDates(candidate.firstBillingDate, billingDate) <= 0,
  );
  if (notice) return { billingDate, amountPence: notice.newPricePence, reason: 'new_price' };
  return { billingDate, amountPence: facts.pricePence, reason: 'price' };
}

/**
 * The collections still to be made after the latest one recorded: a month apart from it, while the
 * membership runs (its end date, when it has one, on or after the billing date) and up to `until`.
 * The collection engine makes each of these in turn, 14 days ahead of its date.
 */
export function collectionsAfter(input: {
  latestBillingDate: CalendarDate;
  endDate: CalendarDate | null;
  until: CalendarDate;
  facts: CollectionFacts;
}): PlannedCollection[] {
  const planned: PlannedCollection[] = [];
  for (let month = 1; ; month += 1) {
    const date = addMonths(input.latestBillingDate, month);
    if (compareDates(date, input.until) > 0) break;
    if (input.endDate !== null && compareDates(input.endDate, date) < 0) break;
    planned.push(collectionOn(date, input.facts));
  }
  return planned;
}

/** The words after a collection's description: "freeze fee", "new price" or nothing. */
export function collectionReasonText(reason: CollectionReason): string | null {
  if (reason === 'freeze_fee') return 'freeze fee';
  if (reason === 'new_price') return 'new price';
  return null;
}
