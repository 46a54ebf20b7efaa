import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** A future session whose weekly slot left the catalogue but which someone has booked or holds. */
export interface KeptSession {
  sessionId: number;
  activity: string;
  venue: string;
  startsAt: Date;
  taken: number;
}

async function rows<Row>(ex: Executor, query: SQL): Promise<Row[]> {
  const result = (await ex.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * Creates the dated sessions of every active weekly slot for the local dates `from`…`to` that start
 * after `notBefore`. A slot's local start time is turned into an instant in the operator's time zone
 * by the database (`date + time AT TIME ZONE`), so a 09:00 class stays at 09:00 on both sides of a
 * clock change.
 *
 * Safe to run anywhere at once (several instances, an import during the job): the unique key
 * (schedule, location, start) with ON CONFLICT DO NOTHING makes a session that another run created
 * first a no-op rather than a duplicate or an error, and the rows are inserted in one order
 * (slot, then start) so two runs never wait on each other's rows crosswise. Sessions that exist are
 * filtered out before the insert, so a run that has nothing to do takes no ids from the sequence.
 * It never writes `taken`.
 */
export async function createScheduledSessions(
  ex: Executor,
  window: { from: string; to: string; timeZone: string; notBefore: Date },
): Promise<number> {
  const [made] = await rows<{ n: number }>(
    ex,
    sql`WITH made AS (
      INSERT INTO activity_sessions
        (schedule_id, activity_id, venue_id, location_id, starts_at, ends_at, capacity, instructor,
         online_booking_enabled)
      SELECT slot.schedule_id, slot.activity_id, slot.venue_id, slot.location_id, slot.starts_at,
             slot.starts_at + make_interval(mins => slot.duration_minutes), slot.capacity,
             slot.instructor, slot.online_booking_enabled
      FROM (
        SELECT s.id AS schedule_id, s.activity_id, l.venue_id, s.location_id, s.duration_minutes,
               s.capacity, s.instructor, s.online_booking_enabled,
               (day::date + s.start_time) AT TIME ZONE ${window.timeZone} AS starts_at, day::date AS day
        FROM activity_schedules s
        JOIN activities a ON a.id = s.activity_id AND a.active
        JOIN activity_locations l ON l.id = s.location_id
        CROSS JOIN generate_series(${window.from}::date, ${window.to}::date, interval '1 day') AS day
        WHERE s.active
          AND extract(isodow FROM day) = s.weekday
          AND (s.valid_from IS NULL OR day::date >= s.valid_from)
          AND (s.valid_to IS NULL OR day::date <= s.valid_to)
      ) slot
      WHERE slot.starts_at > ${window.notBefore.toISOString()}::timestamptz
        AND NOT EXISTS (
          SELECT 1 FROM activity_sessions se
          WHERE se.schedule_id = slot.schedule_id AND se.location_id = slot.location_id
            AND se.starts_at = slot.starts_at)
        -- a session set apart from this slot when its series changed still runs that day (decision 0092)
        AND NOT EXISTS (
          SELECT 1 FROM activity_sessions se
          WHERE se.origin_schedule_id = slot.schedule_id
            AND (se.starts_at AT TIME ZONE ${window.timeZone})::date = slot.day)
      ORDER BY slot.schedule_id, slot.starts_at
      ON CONFLICT (schedule_id, location_id, starts_at) DO NOTHING
      RETURNING 1
    ) SELECT count(*)::int AS n FROM made`,
  );
  return made?.n ?? 0;
}

/**
 * Future sessions follow their slot's capacity, duration, instructor and online booking. Capacity
 * never goes below the places already taken (a session over its new capacity becomes full and
 * shrinks further as places are given back). Only rows that differ are written, because every
 * write is a change in the OpenActive feed. Run on import; `capacityOnly` (the background job) only
 * lets a shrunk session follow its slot again as places come back.
 */
export async function followSchedules(
  ex: Executor,
  options: { now: Date; capacityOnly?: boolean },
): Promise<number> {
  const now = sql`${options.now.toISOString()}::timestamptz`;
  const capacity = sql`GREATEST(s.capacity, se.taken)`;
  const differs = options.capacityOnly
    ? sql`se.capacity <> ${capacity}`
    : sql`(se.capacity <> ${capacity}
           OR se.ends_at <> se.starts_at + make_interval(mins => s.duration_minutes)
           OR se.instructor IS DISTINCT FROM s.instructor
           OR se.online_booking_enabled <> s.online_booking_enabled
           OR se.activity_id <> s.activity_id)`;
  const set = options.capacityOnly
    ? sql`capacity = ${capacity}`
    : sql`capacity = ${capacity},
          ends_at = se.starts_at + make_interval(mins => s.duration_minutes),
          instructor = s.instructor,
          online_booking_enabled = s.online_booking_enabled,
          activity_id = s.activity_id`;
  // In READ COMMITTED an UPDATE that waited for a row re-reads it, so `taken` here is the newest.
  const [changed] = await rows<{ n: number }>(
    ex,
    sql`WITH changed AS (
      UPDATE activity_sessions se SET ${set}
      FROM activity_schedules s
      WHERE se.schedule_id = s.id AND s.active AND se.location_id = s.location_id
        AND se.starts_at > ${now} AND NOT se.cancelled AND ${differs}
      RETURNING 1
    ) SELECT count(*)::int AS n FROM changed`,
  );
  return changed?.n ?? 0;
}

/** Future sessions whose slot was retired, moved elsewhere, or no longer runs on that date. */
function unscheduled(timeZone: string, now: Date): SQL {
  return sql`SELECT se.id FROM activity_sessions se
    JOIN activity_schedules s ON s.id = se.schedule_id
    JOIN activities a ON a.id = s.activity_id
    WHERE se.starts_at > ${now.toISOString()}::timestamptz
      AND (NOT s.active OR NOT a.active OR se.location_id <> s.location_id
        OR (s.valid_from IS NOT NULL AND (se.starts_at AT TIME ZONE ${timeZone})::date < s.valid_from)
        OR (s.valid_to IS NOT NULL AND (se.starts_at AT TIME ZONE ${timeZone})::date > s.valid_to))`;
}

/**
 * Sessions that are no longer scheduled: deleted when nothing names them, otherwise kept (their
 * bookings stand until the operator deals with them), closed to online booking, and listed.
 * A session a basket is taking a place in at this moment is kept: the DELETE re-checks `taken`
 * on the newest row.
 */
export async function removeUnscheduledSessions(
  ex: Executor,
  options: { timeZone: string; now: Date },
): Promise<{ deleted: number; kept: KeptSession[] }> {
  const stale = unscheduled(options.timeZone, options.now);
  const [deleted] = await rows<{ n: number }>(
    ex,
    sql`WITH gone AS (
      DELETE FROM activity_sessions se
      WHERE se.id IN (${stale}) AND se.taken = 0
        AND NOT EXISTS (SELECT 1 FROM customer_bookings b WHERE b.session_id = se.id)
        AND NOT EXISTS (SELECT 1 FROM cart_booking_lines l WHERE l.session_id = se.id)
      RETURNING 1
    ) SELECT count(*)::int AS n FROM gone`,
  );
  await ex.execute(
    sql`UPDATE activity_sessions SET online_booking_enabled = false
        WHERE id IN (${stale}) AND online_booking_enabled`,
  );
  const kept = await rows<{
    session_id: number;
    activity: string;
    venue: string;
    starts_at: string | Date;
    taken: number;
  }>(
    ex,
    sql`SELECT se.id AS session_id, a.name AS activity, v.slug AS venue, se.starts_at, se.taken
        FROM activity_sessions se
        JOIN activities a ON a.id = se.activity_id
        JOIN venues v ON v.id = se.venue_id
        WHERE se.id IN (${stale})
        ORDER BY se.starts_at, se.id`,
  );
  return {
    deleted: deleted?.n ?? 0,
    kept: kept.map((row) => ({
      sessionId: row.session_id,
      activity: row.activity,
      venue: row.venue,
      startsAt: new Date(row.starts_at),
      taken: row.taken,
    })),
  };
}
