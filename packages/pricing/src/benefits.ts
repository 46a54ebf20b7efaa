import { addDays, type CalendarDate, parseDate } from './calendar-date.ts';
import { divideRounded } from './rounding.ts';

/**
 * Membership benefits applied at booking (issue 18 item 1, decision 0048): which benefit pays for
 * a booking, how much it takes off, and which period its use is counted in.
 *
 * Periods are calendar periods of the session's own local date (not the day it was booked): a day,
 * the Monday-to-Sunday week, the calendar month, the calendar year. A benefit with uses but no
 * frequency counts over the whole membership, from its start date.
 */

export type BenefitFrequency = 'day' | 'week' | 'month' | 'year';

/** A benefit as a membership grants it, with what it pays for. */
export interface BookingBenefit {
  /** the catalogue benefit's id */
  id: number;
  name: string;
  /** null: unlimited */
  totalUses: number | null;
  frequency: BenefitFrequency | null;
  covers: { activities?: string[]; categories?: string[] };
  /** 1 to 100; 100 makes the place free */
  discountPercent: number;
  /** the catalogue's order of the membership's benefits */
  position: number;
}

/** Whether the benefit pays for a session of this activity (by its key or its category's). */
export function benefitCovers(
  benefit: Pick<BookingBenefit, 'covers'>,
  activity: { key: string; categoryKey: string },
): boolean {
  return (
    (benefit.covers.activities ?? []).includes(activity.key) ||
    (benefit.covers.categories ?? []).includes(activity.categoryKey)
  );
}

/**
 * What the benefit takes off one place at `unitPricePence`: the percentage, to the nearest penny
 * (half a penny up). A benefit pays for one place, the member's own; other places cost their price.
 */
export function benefitDiscount(unitPricePence: number, discountPercent: number): number {
  return Math.min(unitPricePence, divideRounded(unitPricePence * discountPercent, 100));
}

/**
 * The first day of the period a use on `sessionDate` is counted in. `membershipStart` anchors a
 * benefit with uses but no frequency (counted once over the membership).
 */
export function benefitPeriodStart(
  frequency: BenefitFrequency | null,
  sessionDate: CalendarDate,
  membershipStart: CalendarDate,
): CalendarDate {
  const { year, month } = parseDate(sessionDate);
  switch (frequency) {
    case null:
      return membershipStart;
    case 'day':
      return sessionDate;
    case 'week': {
      // getUTCDay: Sunday 0 … Saturday 6; weeks start on Monday.
      const weekday = new Date(`${sessionDate}T00:00:00Z`).getUTCDay();
      return addDays(sessionDate, -((weekday + 6) % 7));
    }
    case 'month':
      return `${year}-${String(month).padStart(2, '0')}-01`;
    case 'year':
      return `${year}-01-01`;
  }
}

/**
 * The benefits that could pay for a place, best first: the one taking most off; then an unlimited
 * one (it keeps the counted uses for later); then the catalogue's order. A benefit whose uses for
 * the period are gone is skipped by the caller, which tries the next.
 */
export function benefitsInOrder<T extends BookingBenefit>(
  benefits: T[],
  activity: { key: string; categoryKey: string },
  unitPricePence: number,
): T[] {
  if (unitPricePence <= 0) return [];
  return benefits
    .filter((benefit) => benefitCovers(benefit, activity))
    .sort(
      (a, b) =>
        benefitDiscount(unitPricePence, b.discountPercent) -
          benefitDiscount(unitPricePence, a.discountPercent) ||
        Number(a.totalUses !== null) - Number(b.totalUses !== null) ||
        a.position - b.position ||
        a.id - b.id,
    );
}

/** A line's price with a benefit on one of its places. */
export function linePriceWithBenefit(
  unitPricePence: number,
  quantity: number,
  discountPence: number,
): number {
  return Math.max(0, unitPricePence * quantity - discountPence);
}
