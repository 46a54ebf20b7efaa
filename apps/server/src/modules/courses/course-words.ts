import { ageLimitText } from '@lido/pricing/booking-rules';
import { prettyDate } from '@lido/pricing/calendar-date';
import { billingDayText } from '@lido/pricing/membership-costs';

/**
 * Every customer-facing word the courses module says, in one place (issue 36; these may move to the
 * message catalogues of issue 38).
 */
export const courseWords = {
  courseNotFound: 'That course isn’t on offer. It may have ended or been withdrawn.',

  dayText: (day: number): string =>
    ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'][day - 1]!,

  placesLeft: (left: number): string => (left <= 0 ? 'Full' : `${left} place${left === 1 ? '' : 's'} left`),

  ages: (min: number | null, max: number | null, on: string | null): string | null => {
    const ages = ageLimitText(min, max);
    if (ages === null) return null;
    return on === null ? ages : `${ages} on ${prettyDate(on)}`;
  },

  termPrice: (price: string, lessons: number): string =>
    `${price} a term (${lessons} lesson${lessons === 1 ? '' : 's'})`,
  monthlyPrice: (price: string): string => `${price} a month by Direct Debit`,

  lateJoiner: (price: string, left: number, total: number, fullTerm: boolean): string => {
    if (left === 0) return 'Every lesson of this term has started, so it can’t be joined now.';
    if (fullTerm) return `${price} for the whole term of ${total} lesson${total === 1 ? '' : 's'}`;
    return `${price} for the ${left} lesson${left === 1 ? '' : 's'} left of ${total}`;
  },

  monthlyFirstPayment: (
    toPay: string,
    firstLesson: string,
    monthly: string,
    billingDay: number,
    firstCollection: string,
  ): string =>
    `${toPay} now, from the first lesson on ${prettyDate(firstLesson)}; then ${monthly} by Direct Debit on the ${billingDayText(billingDay)}, from ${prettyDate(firstCollection)}`,
};
