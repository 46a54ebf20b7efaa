import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { activities, activitySchedules, activitySessions } from '../../db/schema.ts';

/**
 * A session's booking rules (decision 0100): its weekly series may set its own age limits, waiver
 * and cancellation cut-off, and each one it sets wins over its activity's. The series' rules are
 * kept on each of its slot rows; a session reads them from its slot, or from the slot it was set
 * apart from when its series changed. A one-off session, part of no series, has its activity's.
 * Every read of a session's rules selects these over `seriesSlotOfSession`.
 */
export const seriesSlot = alias(activitySchedules, 'series_slot');

/** Left-join condition: the slot a session's rules come from. */
export const seriesSlotOfSession = eq(
  seriesSlot.id,
  sql`coalesce(${activitySessions.scheduleId}, ${activitySessions.originScheduleId})`,
);

/** The session's rules: each the series', else the activity's. */
export const sessionRules = {
  minAge: sql<number | null>`coalesce(${seriesSlot.minAge}, ${activities.minAge})`,
  maxAge: sql<number | null>`coalesce(${seriesSlot.maxAge}, ${activities.maxAge})`,
  waiverRequired: sql<boolean>`coalesce(${seriesSlot.waiverRequired}, ${activities.waiverRequired})`,
  waiverText: sql<string>`coalesce(${seriesSlot.waiverText}, ${activities.waiverText})`,
  cancellationCutoffMinutes: sql<number>`coalesce(${seriesSlot.cancellationCutoffMinutes}, ${activities.cancellationCutoffMinutes})`,
};

/** The series' own rules alone (null: the activity's), for reads that take the activity from elsewhere. */
export const seriesRuleOverrides = {
  minAge: seriesSlot.minAge,
  maxAge: seriesSlot.maxAge,
  waiverRequired: seriesSlot.waiverRequired,
  waiverText: seriesSlot.waiverText,
  cancellationCutoffMinutes: seriesSlot.cancellationCutoffMinutes,
};
export type SeriesRuleOverrides = {
  [Name in keyof typeof seriesRuleOverrides]: (typeof seriesRuleOverrides)[Name]['_']['data'] | null;
};

/** An activity's rules with a session's series' own laid over them. */
export function withSeriesRules<Activity extends Record<keyof SeriesRuleOverrides, unknown>>(
  activity: Activity,
  /** null when the session has no slot (a one-off session), or the slot sets none */
  overrides: SeriesRuleOverrides | null,
): Activity {
  const own = Object.entries(overrides ?? {}).filter(([, value]) => value !== null);
  return own.length === 0 ? activity : { ...activity, ...Object.fromEntries(own) };
}

/** The series' own prices of some of its activity's bands (null: the activity's), jsonb. */
export const seriesPrices = seriesSlot.prices;

/**
 * An activity's price bands with a session's series' own amounts and booking windows laid over
 * them, band by band (decision 0100): the rows (and their ids) stay the activity's, so a basket
 * line, a booking, a package and a benefit name the same band whichever series it was booked on.
 */
export function withSeriesPrices<
  Price extends { band: string; pricePence: number; bookingWindowDays?: number },
>(
  prices: Price[],
  own: readonly { band: string; pricePence: number; bookingWindowDays: number }[] | null,
): Price[] {
  if (!own || own.length === 0) return prices;
  const byBand = new Map(own.map((price) => [price.band, price]));
  return prices.map((price) => {
    const mine = byBand.get(price.band);
    if (!mine) return price;
    return 'bookingWindowDays' in price
      ? { ...price, pricePence: mine.pricePence, bookingWindowDays: mine.bookingWindowDays }
      : { ...price, pricePence: mine.pricePence };
  });
}
