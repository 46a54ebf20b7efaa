import type { PricingWords } from './pricing-words.ts';
import {
  addDays,
  addMonths,
  addPeriod,
  type CalendarDate,
  compareDates,
  daysBetween,
  parseDate,
  type Period,
} from './calendar-date.ts';
import { assertPence } from './money.ts';
import { promotionDiscount, type PromotionRule } from './promotions.ts';
import { divideRounded } from './rounding.ts';

export const defaultLeadTimeDays = 10;

export interface MonthlyCostInput {
  monthlyPrice: number;
  joiningFee: number;
  /** the payment option always takes the first month in hand */
  takesMonthInHand: boolean;
  startDate: CalendarDate;
  /** 1-28; for a customer with a Direct Debit and a billing date, their billing day */
  billingDay: number;
  today: CalendarDate;
  leadTimeDays?: number;
  promotion?: PromotionRule | null;
}

export interface MonthlyCosts {
  /** the first billing-day date on or after the start */
  anchorDate: CalendarDate;
  proRataDays: number;
  proRataFee: number;
  monthInHandFee: number;
  joiningFee: number;
  discount: number;
  firstCollectionDate: CalendarDate;
  totalToPayNow: number;
}

function checkBillingDay(day: number): void {
  if (!Number.isInteger(day) || day < 1 || day > 28)
    throw new RangeError(`Billing day must be 1 to 28, got ${day}`);
}

/**
 * "1st of each month": how a billing day is said everywhere, the same words as the billing day
 * choice ("Billing day 1 of each month" beside a select saying "1st" read as two things; issue 34
 * item 4).
 */
export function billingDayText(day: number, words: PricingWords): string {
  return words.pricing('billingDay', { day });
}

/** The first date on or after `start` whose day of the month is `billingDay`. */
export function anchorDate(start: CalendarDate, billingDay: number): CalendarDate {
  checkBillingDay(billingDay);
  const { year, month, day } = parseDate(start);
  const sameMonth = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(billingDay).padStart(2, '0')}`;
  return day <= billingDay ? sameMonth : addMonths(sameMonth, 1);
}

/** pricing.md, "Monthly (recurring, Direct Debit) memberships", steps 1 to 5. */
export function monthlyCosts(input: MonthlyCostInput): MonthlyCosts {
  const { monthlyPrice, joiningFee, startDate, billingDay, today } = input;
  assertPence(monthlyPrice);
  assertPence(joiningFee);
  const leadTime = input.leadTimeDays ?? defaultLeadTimeDays;
  const anchor = anchorDate(startDate, billingDay);
  const proRataDays = daysBetween(startDate, anchor);
  const proRataFee = divideRounded(monthlyPrice * 12 * proRataDays, 365);
  const tooSoon = compareDates(anchor, addDays(today, leadTime)) < 0;
  const monthInHand = input.takesMonthInHand || tooSoon;
  const monthInHandFee = monthInHand ? monthlyPrice : 0;
  const firstCollectionDate = monthInHand ? addMonths(anchor, 1) : anchor;
  const discount = promotionDiscount(input.promotion, {
    joining_fee: joiningFee,
    pro_rata: proRataFee,
    month_in_hand: monthInHandFee,
  });
  return {
    anchorDate: anchor,
    proRataDays,
    proRataFee,
    monthInHandFee,
    joiningFee,
    discount,
    firstCollectionDate,
    totalToPayNow: Math.max(0, joiningFee + proRataFee + monthInHandFee - discount),
  };
}

export interface FixedCostInput {
  price: number;
  joiningFee: number;
  duration: number;
  period: Period;
  startDate: CalendarDate;
  promotion?: PromotionRule | null;
}

export interface FixedCosts {
  price: number;
  joiningFee: number;
  discount: number;
  endDate: CalendarDate;
  totalToPayNow: number;
}

/** pricing.md, "Single payment (fixed) memberships": ends the day before its next period starts. */
export function fixedCosts(input: FixedCostInput): FixedCosts {
  assertPence(input.price);
  assertPence(input.joiningFee);
  if (!Number.isInteger(input.duration) || input.duration < 1)
    throw new RangeError(`Duration must be at least 1, got ${input.duration}`);
  const discount = promotionDiscount(input.promotion, {
    joining_fee: input.joiningFee,
    fixed_price: input.price,
  });
  return {
    price: input.price,
    joiningFee: input.joiningFee,
    discount,
    endDate: addDays(addPeriod(input.startDate, input.duration, input.period), -1),
    totalToPayNow: Math.max(0, input.price + input.joiningFee - discount),
  };
}

export interface StartDateLimits {
  min: CalendarDate;
  max: CalendarDate;
  /** "Today" and "Tomorrow" are offered only when no minimum is imposed */
  shortcuts: CalendarDate[];
}

/** Earliest today, latest a month from today, unless a change of membership sets its own window. */
export function startDateLimits(
  today: CalendarDate,
  window?: { min: CalendarDate; max: CalendarDate },
): StartDateLimits {
  if (window) return { min: window.min, max: window.max, shortcuts: [] };
  return { min: today, max: addMonths(today, 1), shortcuts: [today, addDays(today, 1)] };
}

/**
 * A start date before the minimum, or none chosen yet, resets to the minimum (joining spec,
 * section 4). The one fallback for every start date: the costs asked for, the date field shown and
 * a change's date.
 */
export function clampStartDate(
  date: CalendarDate | null | undefined,
  limits: Pick<StartDateLimits, 'min'>,
): CalendarDate {
  return !date || compareDates(date, limits.min) < 0 ? limits.min : date;
}

/** A date typed into the start date field: before the minimum it resets to it, after the maximum to that. */
export function limitStartDate(
  date: CalendarDate,
  limits: Pick<StartDateLimits, 'min' | 'max'>,
): CalendarDate {
  const atLeastMin = clampStartDate(date, limits);
  return compareDates(atLeastMin, limits.max) > 0 ? limits.max : atLeastMin;
}

/**
 * The billing day a monthly membership is priced with (joining spec, section 2): a member who
 * already pays by Direct Debit keeps theirs, whatever was chosen; otherwise the chosen day; before
 * any is chosen, when `offered` is given, the earliest the operator offers (1 when it offers none).
 * A single payment membership has none.
 */
export function billingDayFor(input: {
  recurring: boolean;
  held: number | null | undefined;
  chosen: number | null | undefined;
  offered?: readonly number[];
}): number | undefined {
  if (!input.recurring) return undefined;
  const earliest = input.offered ? ([...input.offered].sort((a, b) => a - b)[0] ?? 1) : undefined;
  return input.held ?? input.chosen ?? earliest;
}
