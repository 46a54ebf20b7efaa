import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * Sessions the centre cancels (issue 35 item 3, decision 0095): which sessions a period at a centre
 * or a place covers, and marking them cancelled. The activities module is the one writer of
 * `activity_sessions`; the centre-cancellations module calls these through the door.
 */

async function rows<Row>(ex: Executor, query: SQL): Promise<Row[]> {
  return ((await ex.execute(query)) as unknown as { rows: Row[] }).rows;
}

export interface SessionToCancel {
  id: number;
  venue: string;
  venueId: number;
  activityName: string;
  locationName: string;
  startsAt: Date;
  endsAt: Date;
  cancelled: boolean;
}

const columns = sql`s.id, v.slug AS venue, v.id AS "venueId", a.name AS "activityName", l.name AS "locationName",
  s.starts_at AS "startsAt", s.ends_at AS "endsAt", s.cancelled`;
const fromSessions = sql`FROM activity_sessions s JOIN activities a ON a.id = s.activity_id
  JOIN activity_locations l ON l.id = s.location_id JOIN venues v ON v.id = s.venue_id`;

const asSessions = (found: SessionToCancel[]) =>
  found.map((row) => ({ ...row, startsAt: new Date(row.startsAt), endsAt: new Date(row.endsAt) }));

/**
 * Sessions at a centre (or one of its places) that run during a period, not yet started and not
 * cancelled, soonest first: a session that overlaps the period at all is in it ("main pool closed
 * 4 to 8 pm" takes the 7.30 pm swim that would end at 8.30 pm).
 */
export async function sessionsRunningDuring(
  ex: Executor,
  where: { venue: string; location: string | null; from: Date; to: Date; now: Date },
): Promise<SessionToCancel[]> {
  return asSessions(
    await rows<SessionToCancel>(
      ex,
      sql`SELECT ${columns} ${fromSessions}
           WHERE v.slug = ${where.venue}
             AND (${where.location}::text IS NULL OR l.key = ${where.location}::text)
             AND s.starts_at < ${where.to.toISOString()}::timestamptz
             AND s.ends_at > ${where.from.toISOString()}::timestamptz
             AND s.starts_at > ${where.now.toISOString()}::timestamptz
             AND NOT s.cancelled
           ORDER BY s.starts_at, l.name, s.id
           LIMIT 500`,
    ),
  );
}

/** Sessions by id, whatever their state (a cancellation's own sessions, to answer it again). */
export async function sessionsById(ex: Executor, ids: number[]): Promise<SessionToCancel[]> {
  if (ids.length === 0) return [];
  return asSessions(
    await rows<SessionToCancel>(
      ex,
      sql`SELECT ${columns} ${fromSessions} WHERE s.id = ANY(${`{${ids.join(',')}}`}::int[])
          ORDER BY s.starts_at, l.name, s.id`,
    ),
  );
}

/**
 * Marks sessions cancelled in the caller's transaction: from now on no place on them can be taken
 * (a booking's place is taken only on a session that is not cancelled), and the trigger gives each
 * row the next feed `modified`, so the OpenActive feeds show it cancelled on their next read.
 * Answers the sessions this call cancelled (none that were already).
 */
export async function markSessionsCancelled(ex: Executor, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const changed = await rows<{ id: number }>(
    ex,
    sql`UPDATE activity_sessions SET cancelled = true, updated_at = now()
         WHERE id = ANY(${`{${ids.join(',')}}`}::int[]) AND NOT cancelled RETURNING id`,
  );
  return changed.map((row) => row.id);
}
