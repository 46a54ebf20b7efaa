import { addDays, addMonths, type CalendarDate, compareDates, daysBetween } from './calendar-date.ts';
import { formatPence } from './money.ts';
import { divideRounded } from './rounding.ts';

export interface ChangeInput {
  oldMonthlyPrice: number;
  newMonthlyPrice: number;
  changeDate: CalendarDate;
  /** the customer's next collection on the current membership */
  nextCollectionDate: CalendarDate;
  /** the held membership's start: a change can only come after it (see `changeWindow`) */
  heldStartDate?: CalendarDate;
  changeFee?: number;
  currencySymbol?: string;
}

export interface ChangeCosts {
  startsAt: { min: CalendarDate; max: CalendarDate };
  newMembershipPrice: number;
  /** the new monthly price less the old one */
  monthlyDifference: number;
  differenceToOldMembership: string;
  /** Days from the change date up to (not including) the next collection. */
  proRataDays: number;
  proRataDifference: number;
  changeFee: number;
  totalDueNow: number;
}

/**
 * From tomorrow to a month ahead; a held membership that has not started yet can change only
 * after its start (it ends the day before the change).
 */
export function changeWindow(
  today: CalendarDate,
  heldStartDate?: CalendarDate,
): { min: CalendarDate; max: CalendarDate } {
  const tomorrow = addDays(today, 1);
  const afterStart = heldStartDate ? addDays(heldStartDate, 1) : tomorrow;
  return { min: afterStart > tomorrow ? afterStart : tomorrow, max: addMonths(today, 1) };
}

export function differenceText(oldPrice: number, newPrice: number, symbol = '£'): string {
  return monthlyDifferenceText(newPrice - oldPrice, symbol);
}

/** "£3.00 more per month" for 300, "£3.00 less per month" for -300. */
export function monthlyDifferenceText(difference: number, symbol = '£'): string {
  if (difference === 0) return 'Same price per month';
  const amount = formatPence(Math.abs(difference), symbol);
  return difference > 0 ? `${amount} more per month` : `${amount} less per month`;
}

/**
 * pricing.md, "Change of membership": a dearer membership pays the pro-rated difference now. The
 * window it answers is the one the change date is checked against (`changeWindow` with the held
 * membership's start).
 */
export function changeCosts(input: ChangeInput, today: CalendarDate): ChangeCosts {
  const changeFee = input.changeFee ?? 0;
  const difference = input.newMonthlyPrice - input.oldMonthlyPrice;
  // Days from the change date up to (not including) the next collection.
  const days = Math.max(0, daysBetween(input.changeDate, input.nextCollectionDate));
  const proRataDifference = difference > 0 ? divideRounded(difference * 12 * days, 365) : 0;
  return {
    startsAt: changeWindow(today, input.heldStartDate),
    newMembershipPrice: input.newMonthlyPrice,
    monthlyDifference: difference,
    differenceToOldMembership: differenceText(
      input.oldMonthlyPrice,
      input.newMonthlyPrice,
      input.currencySymbol,
    ),
    proRataDays: days,
    proRataDifference,
    changeFee,
    totalDueNow: proRataDifference + changeFee,
  };
}

/** A renewal starts the day after the current membership ends, or today when it has ended. */
export function renewalStartDate(currentEndDate: CalendarDate, today: CalendarDate): CalendarDate {
  const dayAfter = addDays(currentEndDate, 1);
  return compareDates(dayAfter, today) < 0 ? today : dayAfter;
}
