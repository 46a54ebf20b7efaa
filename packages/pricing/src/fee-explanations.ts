import { addDays, addMonths, type CalendarDate, daysBetween, parseDate } from './calendar-date.ts';
import type { PricingWords } from './pricing-words.ts';
import { type FeeLineType, daysLabel } from './fee-lines.ts';
import { billingDayText } from './membership-costs.ts';

/**
 * What each joining charge is for, in plain words worked from the line's own dates (issue 33 item
 * 3, decision 0087): the joining summary, checkout, the order confirmation and the receipt email
 * all say it from here, so the words agree with the figures wherever a charge is shown.
 */

export interface ChargeFacts {
  paymentType: 'recurring' | 'fixed';
  startDate: CalendarDate;
  /** the first Direct Debit collection (pricing.md step 4); null for a single payment membership */
  firstBillingDate: CalendarDate | null;
  /** a month in hand was charged */
  monthInHand: boolean;
  /** the pro-rata days the costs counted, when known (else worked from the dates) */
  proRataDays?: number | undefined;
  /** the monthly price as shown ("£30.00") */
  monthlyPrice: string;
  /**
   * Why the month is paid ahead, when the page knows the payment option: true when the option
   * always takes one, false when the first billing day came too soon for a new Direct Debit;
   * undefined (the order and its email) says only what it pays for.
   */
  takesMonthInHand?: boolean | undefined;
}

export interface ChargeExplanations {
  /** by fee line type: what that charge pays for */
  fees: Partial<Record<FeeLineType, string>>;
  /** "Your first Direct Debit collection is £30.00 on 01 Jan 2027, …"; null without one */
  firstCollection: string | null;
}

/** "28 Nov 2026 to 30 Nov 2026", or the one date of a one-day span. */
function span(from: CalendarDate, to: CalendarDate, words: PricingWords): string {
  return from === to
    ? words.prettyDate(from)
    : words.pricing('dateSpan', { from: words.prettyDate(from), to: words.prettyDate(to) });
}

/**
 * The charges of a new membership explained, in `words`' language. A monthly membership's billing
 * day is its first collection's day; the month in hand (when charged) is the month before that
 * collection, and the pro-rata part the days from the start to the day before the billing day
 * (pricing.md, steps 1-3).
 */
export function chargeExplanations(facts: ChargeFacts, words: PricingWords): ChargeExplanations {
  const fees: ChargeExplanations['fees'] = { 'joining-fee': words.pricing('explainJoiningFee') };
  if (facts.paymentType !== 'recurring' || facts.firstBillingDate === null)
    return { fees, firstCollection: null };
  const first = facts.firstBillingDate;
  const billingDay = billingDayText(parseDate(first).day, words);
  const anchor =
    facts.proRataDays !== undefined
      ? addDays(facts.startDate, facts.proRataDays)
      : facts.monthInHand
        ? addMonths(first, -1)
        : first;
  const proRataEnd = addDays(anchor, -1);
  const days = Math.max(0, daysBetween(facts.startDate, anchor));
  fees['pro-rata'] =
    days === 0
      ? words.pricing('explainProRataNothing', { billingDay })
      : words.pricing('explainProRata', {
          span: span(facts.startDate, proRataEnd, words),
          days: daysLabel(days, words),
          billingDay,
          monthlyPrice: facts.monthlyPrice,
        });
  if (facts.monthInHand) {
    const month = {
      span: span(anchor, addDays(first, -1), words),
      first: words.prettyDate(first),
      anchor: words.prettyDate(anchor),
    };
    fees['month-in-hand'] = words.pricing(
      facts.takesMonthInHand === true
        ? 'explainMonthInHandAlways'
        : facts.takesMonthInHand === false
          ? 'explainMonthInHandTooSoon'
          : 'explainMonthInHand',
      month,
    );
  }
  return {
    fees,
    firstCollection: words.pricing('firstCollection', {
      price: facts.monthlyPrice,
      first: words.prettyDate(first),
      billingDay,
    }),
  };
}
