import { addDays, addMonths, type CalendarDate, compareDates, prettyDate } from './calendar-date.ts';
import { formatPence } from './money.ts';
import { anchorDate } from './membership-costs.ts';
import { ordinal } from './ordinal.ts';

/**
 * Freezing a monthly membership (issue 22 item 3, docs/membership-freeze-and-payments.md): whole
 * months from a billing date, within the operator's limits. Each billing date in the freeze
 * collects the monthly freeze fee (nothing when it is 0) instead of the price, and a membership
 * with an end date ends as many months later.
 */

export interface FreezeRules {
  minMonths: number;
  maxMonths: number;
  /** days between asking and the freeze's first day, at least */
  noticeDays: number;
  monthlyFeePence: number;
}

export interface FrozenMembership {
  billingDay: number;
  pricePence: number;
  /** the last day of membership, or null for a rolling one */
  endDate: CalendarDate | null;
}

export interface FreezePlan {
  /** the first frozen day, a billing date */
  startsOn: CalendarDate;
  /** the billing date the membership resumes on (the first day not frozen) */
  endsOn: CalendarDate;
  months: number;
  /** each frozen billing date with what it collects instead of the price */
  collections: { billingDate: CalendarDate; amountPence: number }[];
  /** what the member does not pay over the freeze */
  savingPence: number;
  /** the membership's end date moved by the frozen months; null for a rolling membership */
  newEndDate: CalendarDate | null;
}

export type FreezeAnswer = { ok: true; plan: FreezePlan } | { ok: false; message: string };

/** The first billing date a freeze asked for today may start on. */
export function earliestFreezeStart(
  today: CalendarDate,
  billingDay: number,
  rules: FreezeRules,
): CalendarDate {
  return anchorDate(addDays(today, rules.noticeDays), billingDay);
}

/** The billing dates in [from, to), a month apart from `from`. */
export function billingDatesBetween(from: CalendarDate, to: CalendarDate): CalendarDate[] {
  const dates: CalendarDate[] = [];
  for (let month = 0; compareDates(addMonths(from, month), to) < 0; month += 1)
    dates.push(addMonths(from, month));
  return dates;
}

/** A freeze of `months` from `startsOn`, or the reason it is not allowed, in the member's words. */
export function planFreeze(
  request: { today: CalendarDate; startsOn: CalendarDate; months: number },
  membership: FrozenMembership,
  rules: FreezeRules,
): FreezeAnswer {
  const { today, startsOn, months } = request;
  if (!Number.isInteger(months) || months < rules.minMonths || months > rules.maxMonths) {
    const range =
      rules.minMonths === rules.maxMonths
        ? `${rules.minMonths} ${rules.minMonths === 1 ? 'month' : 'months'}`
        : `${rules.minMonths} to ${rules.maxMonths} whole months`;
    return { ok: false, message: `A freeze is for ${range}.` };
  }
  if (anchorDate(startsOn, membership.billingDay) !== startsOn)
    return {
      ok: false,
      message: `A freeze starts on a billing date (the ${ordinal(membership.billingDay)} of the month).`,
    };
  const earliest = earliestFreezeStart(today, membership.billingDay, rules);
  if (compareDates(startsOn, earliest) < 0)
    return {
      ok: false,
      message: `A freeze needs ${rules.noticeDays} days' notice: the earliest it can start is ${prettyDate(earliest)}.`,
    };
  if (membership.endDate !== null && compareDates(startsOn, membership.endDate) > 0)
    return {
      ok: false,
      message: `Your membership ends on ${prettyDate(membership.endDate)}, before that date.`,
    };
  const endsOn = addMonths(startsOn, months);
  const collections = billingDatesBetween(startsOn, endsOn).map((billingDate) => ({
    billingDate,
    amountPence: rules.monthlyFeePence,
  }));
  return {
    ok: true,
    plan: {
      startsOn,
      endsOn,
      months,
      collections,
      savingPence: Math.max(0, (membership.pricePence - rules.monthlyFeePence) * months),
      newEndDate: membership.endDate === null ? null : addMonths(membership.endDate, months),
    },
  };
}

export interface EarlyEnd {
  /** the billing date full collections start again from */
  resumesOn: CalendarDate;
  /** a freeze that had not started is withdrawn: none of it happens */
  withdrawn: boolean;
  /** frozen months given back: each of their billing dates collects the price again */
  monthsGivenBack: number;
  /** the end date moved back by the months given back; null for a rolling membership */
  newEndDate: CalendarDate | null;
}

/**
 * Ending a freeze early: before its first day it is withdrawn; during it the membership is open
 * again at once and the price is collected again from the next billing date after today.
 */
export function planEarlyEnd(
  freeze: { startsOn: CalendarDate; endsOn: CalendarDate },
  today: CalendarDate,
  endDate: CalendarDate | null,
): { ok: true; end: EarlyEnd } | { ok: false; message: string } {
  if (compareDates(today, freeze.endsOn) >= 0)
    return { ok: false, message: `Your freeze ended on ${prettyDate(freeze.endsOn)}.` };
  const withdrawn = compareDates(today, freeze.startsOn) < 0;
  const resumesOn = withdrawn
    ? freeze.startsOn
    : (billingDatesBetween(freeze.startsOn, freeze.endsOn).find((date) => compareDates(date, today) > 0) ??
      freeze.endsOn);
  if (resumesOn === freeze.endsOn)
    return {
      ok: false,
      message: `Your freeze already ends on ${prettyDate(freeze.endsOn)}, the next billing date.`,
    };
  const monthsGivenBack = billingDatesBetween(resumesOn, freeze.endsOn).length;
  return {
    ok: true,
    end: {
      resumesOn,
      withdrawn,
      monthsGivenBack,
      newEndDate: endDate === null ? null : addMonths(endDate, -monthsGivenBack),
    },
  };
}

/** "£5.00 a month" or "no charge": the freeze fee as the member reads it. */
export function freezeFeeLabel(monthlyFeePence: number, symbol: string): string {
  return monthlyFeePence === 0 ? 'no charge' : `${formatPence(monthlyFeePence, symbol)} a month`;
}
