import { and, asc, eq, gte, lt, or, sql } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  activities,
  activityCategories,
  activityLocations,
  activityPrices,
  activitySessions,
  operators,
  venues,
  type PriceBand,
} from '../../db/schema.ts';
import {
  seriesPrices,
  seriesRuleOverrides,
  seriesSlot,
  seriesSlotOfSession,
  sessionRules,
  withSeriesPrices,
} from './session-rules.repository.ts';

/**
 * The timetable's reads (issue 17 item 2). It is read by thousands at once when bookings open, so
 * each answer is two queries whatever its size: the venue with what the answer needs of the
 * operator and the customer, then every session of the range with its activity, category, location
 * and prices joined in (no query per session; a session page is one query). The range uses
 * activity_sessions_venue_time_idx and the customer's memberships customer_memberships_customer_idx;
 * the price table (a few rows per activity) is grouped once per query.
 */

export interface SessionPriceRow {
  id: number;
  band: PriceBand;
  pricePence: number;
  bookingWindowDays: number;
}

/** A period an active membership covers ('YYYY-MM-DD'; no end date: open-ended). */
export interface MembershipPeriod {
  startDate: string;
  endDate: string | null;
}

// The operator this deployment serves is the first one (operator.repository's `current`).
const currentOperatorId = sql`(SELECT min(id) FROM operators)`;

/**
 * Each activity's prices as one JSON list, aggregated once per query and hash-joined: a subquery
 * per session row cost 20 ms for a week of 560 sessions (EXPLAIN ANALYZE, decision 0030), this 1 ms.
 */
export const priceLists = new QueryBuilder()
  .select({
    activityId: activityPrices.activityId,
    prices: sql<SessionPriceRow[]>`json_agg(json_build_object(
        'id', ${activityPrices.id}, 'band', ${activityPrices.band},
        'pricePence', ${activityPrices.pricePence}, 'bookingWindowDays', ${activityPrices.bookingWindowDays}
      ) ORDER BY ${activityPrices.id})`.as('price_list'),
  })
  .from(activityPrices)
  .where(eq(activityPrices.retired, false))
  .groupBy(activityPrices.activityId)
  .as('price_lists');

/** The customer's active memberships as periods, or none for a visitor. */
function membershipPeriodsOf(customerId: number | null) {
  if (customerId === null) return sql<MembershipPeriod[]>`'[]'::json`;
  return sql<MembershipPeriod[]>`(
    SELECT coalesce(json_agg(json_build_object('startDate', m.start_date, 'endDate', m.end_date)), '[]'::json)
    FROM customer_memberships m WHERE m.customer_id = ${customerId} AND m.status = 'active'
  )`;
}

const venueColumns = {
  id: venues.id,
  slug: venues.slug,
  name: venues.name,
  activitiesV2Enabled: venues.activitiesV2Enabled,
};

const operatorColumns = {
  currency: operators.currency,
  bookingWindowOpensAt: operators.bookingWindowOpensAt,
};

export const sessionColumns = {
  session: {
    id: activitySessions.id,
    startsAt: activitySessions.startsAt,
    endsAt: activitySessions.endsAt,
    capacity: activitySessions.capacity,
    taken: activitySessions.taken,
    instructor: activitySessions.instructor,
    onlineBookingEnabled: activitySessions.onlineBookingEnabled,
    cancelled: activitySessions.cancelled,
  },
  activity: {
    id: activities.id,
    key: activities.key,
    kind: activities.kind,
    name: activities.name,
    description: activities.description,
    minAge: activities.minAge,
    maxAge: activities.maxAge,
    waiverRequired: activities.waiverRequired,
    waiverText: activities.waiverText,
    cancellationCutoffMinutes: activities.cancellationCutoffMinutes,
  },
  category: {
    key: activityCategories.key,
    name: activityCategories.name,
    position: activityCategories.position,
  },
  location: { id: activityLocations.id, name: activityLocations.name, kind: activityLocations.kind },
};

/** A session's activity with its series' own rules laid over the activity's (decision 0100). */
const sessionActivity = { ...sessionColumns.activity, ...sessionRules };

/** Sessions of live activities at the venue starting in [from, to) (activities joined). */
const liveSessionsBetween = (venueId: number, from: Date, to: Date) =>
  and(
    eq(activitySessions.venueId, venueId),
    gte(activitySessions.startsAt, from),
    lt(activitySessions.startsAt, to),
    eq(activities.active, true),
  );

/** Time order; at the same time by activity name, then id. */
const timetableOrder = [
  asc(activitySessions.startsAt),
  asc(activities.name),
  asc(activitySessions.id),
] as const;

type TargetSession = ReturnType<typeof alias<typeof activitySessions, 'target'>>;

/** Sessions of the target's activity and venue at its start time. */
const sameHourAs = (target: TargetSession) =>
  and(
    eq(activitySessions.activityId, target.activityId),
    eq(activitySessions.venueId, target.venueId),
    eq(activitySessions.startsAt, target.startsAt),
  );

/** The session asked for, or for a facility every court of its hour, of a live activity. */
const groupOf = (target: TargetSession, sessionId: number) =>
  and(
    eq(target.id, sessionId),
    or(eq(activitySessions.id, target.id), eq(activities.kind, 'facility')),
    eq(activities.active, true),
  );

/**
 * The price lists joined in: an activity without a price row has an empty list; a session's series
 * may price some bands its own way (decision 0100).
 */
const withPrices = <Row extends { prices: SessionPriceRow[] | null; seriesPrices: unknown }>(rows: Row[]) =>
  rows.map(({ seriesPrices: own, ...row }) => ({
    ...row,
    prices: withSeriesPrices(row.prices ?? [], own as SeriesPriceRow[] | null),
  }));
type SeriesPriceRow = Pick<SessionPriceRow, 'band' | 'pricePence' | 'bookingWindowDays'>;

/** A session's own columns (places left among them), named to the catalogue rows it belongs to. */
const liveSessionColumns = {
  session: sessionColumns.session,
  activityId: activitySessions.activityId,
  locationId: activitySessions.locationId,
  venueId: activitySessions.venueId,
  /** its series' own rules (null: the activity's), laid over the cached activity's */
  seriesRules: seriesRuleOverrides,
  /** its series' own prices of some bands (null: the activity's), laid over the cached ones */
  seriesPrices,
};

export function createActivitiesRepository(db: Db) {
  return {
    /** A centre of the current operator by slug, with the operator's booking settings. */
    async venueContext(slug: string, customerId: number | null) {
      const [row] = await db
        .select({
          venue: venueColumns,
          operator: operatorColumns,
          memberships: membershipPeriodsOf(customerId),
        })
        .from(venues)
        .innerJoin(operators, eq(operators.id, venues.operatorId))
        .where(and(eq(venues.slug, slug), eq(venues.operatorId, currentOperatorId)))
        .limit(1);
      return row;
    },

    /** Every session of live activities at the venue starting in [from, to), in time order. */
    async sessionsBetween(venueId: number, from: Date, to: Date) {
      const rows = await db
        .select({ ...sessionColumns, activity: sessionActivity, prices: priceLists.prices, seriesPrices })
        .from(activitySessions)
        .innerJoin(activities, eq(activities.id, activitySessions.activityId))
        .leftJoin(seriesSlot, seriesSlotOfSession)
        .innerJoin(activityCategories, eq(activityCategories.id, activities.categoryId))
        .innerJoin(activityLocations, eq(activityLocations.id, activitySessions.locationId))
        .leftJoin(priceLists, eq(priceLists.activityId, activities.id))
        .where(liveSessionsBetween(venueId, from, to))
        .orderBy(...timetableOrder);
      return withPrices(rows);
    },

    /**
     * One session with its venue, or for a facility every court of the same activity, venue and
     * hour (the session page shows the hour as the timetable does). Empty when there is no such
     * session of a live activity at a centre of the current operator.
     */
    async sessionGroup(sessionId: number, customerId: number | null) {
      const target = alias(activitySessions, 'target');
      const rows = await db
        .select({
          ...sessionColumns,
          activity: sessionActivity,
          prices: priceLists.prices,
          seriesPrices,
          venue: venueColumns,
          operator: operatorColumns,
          memberships: membershipPeriodsOf(customerId),
        })
        .from(target)
        .innerJoin(activitySessions, sameHourAs(target))
        .innerJoin(activities, eq(activities.id, activitySessions.activityId))
        .leftJoin(seriesSlot, seriesSlotOfSession)
        .innerJoin(activityCategories, eq(activityCategories.id, activities.categoryId))
        .innerJoin(activityLocations, eq(activityLocations.id, activitySessions.locationId))
        .innerJoin(venues, eq(venues.id, activitySessions.venueId))
        .innerJoin(operators, eq(operators.id, venues.operatorId))
        .leftJoin(priceLists, eq(priceLists.activityId, activities.id))
        .where(and(groupOf(target, sessionId), eq(venues.operatorId, currentOperatorId)))
        .orderBy(asc(activitySessions.id));
      return withPrices(rows);
    },
  };
}
export type ActivitiesRepository = ReturnType<typeof createActivitiesRepository>;

/**
 * The per-request half of the cached timetable (decision 0038): only what changes with every
 * booking, read live from the sessions table; activity, category, location, prices, venue and
 * operator come from the cached catalogue. `activities` is joined only to keep the uncached order
 * (by name in the database's collation) and to leave out withdrawn activities.
 */
export function createLiveSessionsRepository(db: Db) {
  return {
    async between(venueId: number, from: Date, to: Date) {
      return db
        .select(liveSessionColumns)
        .from(activitySessions)
        .innerJoin(activities, eq(activities.id, activitySessions.activityId))
        .leftJoin(seriesSlot, seriesSlotOfSession)
        .where(liveSessionsBetween(venueId, from, to))
        .orderBy(...timetableOrder);
    },

    /** The session, or for a facility every court of its activity, venue and hour (as sessionGroup). */
    async group(sessionId: number) {
      const target = alias(activitySessions, 'target');
      return db
        .select(liveSessionColumns)
        .from(target)
        .innerJoin(activitySessions, sameHourAs(target))
        .innerJoin(activities, eq(activities.id, activitySessions.activityId))
        .leftJoin(seriesSlot, seriesSlotOfSession)
        .where(groupOf(target, sessionId))
        .orderBy(asc(activitySessions.id));
    },

    /** A customer's active membership periods (for the member price band). */
    async membershipPeriods(customerId: number): Promise<MembershipPeriod[]> {
      const result = (await db.execute(
        sql`SELECT ${membershipPeriodsOf(customerId)} AS periods`,
      )) as unknown as {
        rows: { periods: MembershipPeriod[] }[];
      };
      return result.rows[0]?.periods ?? [];
    },
  };
}
export type LiveSessionsRepository = ReturnType<typeof createLiveSessionsRepository>;
export type LiveSessionRow = Awaited<ReturnType<LiveSessionsRepository['between']>>[number];
export type SessionRow = Awaited<ReturnType<ActivitiesRepository['sessionsBetween']>>[number];
