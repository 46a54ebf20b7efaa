import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { StoredSlot, WeeklySlot } from './weekly-slots.ts';

async function rows<Row>(ex: Executor, query: SQL): Promise<Row[]> {
  const result = (await ex.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** A weekly slot row with its id and whether it still makes sessions. */
export interface SlotRow extends StoredSlot {
  id: number;
  active: boolean;
  activityName: string;
  venueName: string;
  locationName: string;
}

/**
 * Writes weekly slots (matched by key, so ids stay stable): one statement with the slots as one
 * JSON parameter, since a few thousand rows of a dozen columns each would otherwise be tens of
 * thousands of bind parameters. The one writer of `activity_schedules` rows' details, for the
 * catalogue import and the staff site alike.
 */
export async function writeWeeklySlots(
  ex: Executor,
  slots: (Omit<WeeklySlot, 'activity' | 'venue' | 'location'> & { activityId: number; locationId: number })[],
): Promise<void> {
  if (slots.length === 0) return;
  await ex.execute(sql`
    INSERT INTO activity_schedules
      (key, activity_id, location_id, weekday, start_time, duration_minutes, capacity, instructor,
       online_booking_enabled, valid_from, valid_to, active, min_age, max_age, waiver_required,
       waiver_text, cancellation_cutoff_minutes, prices)
    SELECT key, "activityId", "locationId", weekday, "startTime"::time, "durationMinutes", capacity,
           instructor, "onlineBookingEnabled", "validFrom"::date, "validTo"::date, true, "minAge", "maxAge",
           "waiverRequired", "waiverText", "cancellationCutoffMinutes", "prices"
    FROM jsonb_to_recordset(${JSON.stringify(slots)}::jsonb) AS slot(
      key text, "activityId" int, "locationId" int, weekday int, "startTime" text,
      "durationMinutes" int, capacity int, instructor text, "onlineBookingEnabled" boolean,
      "validFrom" text, "validTo" text, "minAge" int, "maxAge" int, "waiverRequired" boolean,
      "waiverText" text, "cancellationCutoffMinutes" int, "prices" jsonb)
    ON CONFLICT (key) DO UPDATE SET
      activity_id = excluded.activity_id, location_id = excluded.location_id,
      weekday = excluded.weekday, start_time = excluded.start_time,
      duration_minutes = excluded.duration_minutes, capacity = excluded.capacity,
      instructor = excluded.instructor, online_booking_enabled = excluded.online_booking_enabled,
      valid_from = excluded.valid_from, valid_to = excluded.valid_to, active = true,
      min_age = excluded.min_age, max_age = excluded.max_age, waiver_required = excluded.waiver_required,
      waiver_text = excluded.waiver_text, cancellation_cutoff_minutes = excluded.cancellation_cutoff_minutes,
      prices = excluded.prices`);
}

/**
 * Retires the active slots not listed (all of them, or those of one series): they stop making
 * sessions; their sessions are dealt with by the generator. Answers the ids retired.
 */
export async function retireWeeklySlotsExcept(
  ex: Executor,
  keep: string[],
  seriesKey?: string,
): Promise<number[]> {
  const retired = await rows<{ id: number }>(
    ex,
    sql`UPDATE activity_schedules SET active = false
        WHERE active
          AND NOT (key = ANY(${`{${keep.join(',')}}`}::text[]))
          ${seriesKey === undefined ? sql`` : sql`AND split_part(key, ':', 1) = ${seriesKey}`}
        RETURNING id`,
  );
  return retired.map((row) => row.id);
}

/** Gives a slot row a new key (its sessions stay its own). */
export async function rekeyWeeklySlot(ex: Executor, id: number, key: string): Promise<void> {
  await ex.execute(sql`UPDATE activity_schedules SET key = ${key} WHERE id = ${id}`);
}

/** One series at a time: two managers saving the same series take turns (decision 0092). */
export async function lockSeries(ex: Executor, seriesKey: string): Promise<void> {
  await ex.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`timetable-series:${seriesKey}`}))`);
}

/** The stored slots, of one series or of the centres given, active first. */
export async function slotRows(
  ex: Executor,
  filter: { seriesKey?: string; venues?: string[]; activeOnly?: boolean },
): Promise<SlotRow[]> {
  const found = await rows<{
    id: number;
    key: string;
    active: boolean;
    activity: string;
    activity_kind: 'session' | 'facility';
    activity_name: string;
    venue: string;
    venue_name: string;
    location: string;
    location_name: string;
    weekday: number;
    start_time: string;
    duration_minutes: number;
    capacity: number;
    instructor: string | null;
    online_booking_enabled: boolean;
    valid_from: string | null;
    valid_to: string | null;
    min_age: number | null;
    max_age: number | null;
    waiver_required: boolean | null;
    waiver_text: string | null;
    cancellation_cutoff_minutes: number | null;
    prices: SlotRow['prices'] | string;
  }>(
    ex,
    sql`SELECT s.id, s.key, s.active, a.key AS activity, a.kind AS activity_kind, a.name AS activity_name,
               v.slug AS venue, v.name AS venue_name, l.key AS location, l.name AS location_name,
               s.weekday, s.start_time::text AS start_time, s.duration_minutes, s.capacity, s.instructor,
               s.online_booking_enabled, s.valid_from::text AS valid_from, s.valid_to::text AS valid_to,
               s.min_age, s.max_age, s.waiver_required, s.waiver_text, s.cancellation_cutoff_minutes, s.prices
        FROM activity_schedules s
        JOIN activities a ON a.id = s.activity_id
        JOIN activity_locations l ON l.id = s.location_id
        JOIN venues v ON v.id = l.venue_id
        WHERE true
          ${filter.seriesKey === undefined ? sql`` : sql`AND split_part(s.key, ':', 1) = ${filter.seriesKey}`}
          ${filter.venues === undefined ? sql`` : sql`AND v.slug = ANY(${`{${filter.venues.join(',')}}`}::text[])`}
          ${filter.activeOnly ? sql`AND s.active` : sql``}
        ORDER BY s.key`,
  );
  return found.map((row) => ({
    id: row.id,
    key: row.key,
    active: row.active,
    activity: row.activity,
    activityKind: row.activity_kind,
    activityName: row.activity_name,
    venue: row.venue,
    venueName: row.venue_name,
    location: row.location,
    locationName: row.location_name,
    weekday: row.weekday,
    startTime: row.start_time,
    durationMinutes: row.duration_minutes,
    capacity: row.capacity,
    instructor: row.instructor,
    onlineBookingEnabled: row.online_booking_enabled,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    minAge: row.min_age,
    maxAge: row.max_age,
    waiverRequired: row.waiver_required,
    waiverText: row.waiver_text,
    cancellationCutoffMinutes: row.cancellation_cutoff_minutes,
    prices: typeof row.prices === 'string' ? (JSON.parse(row.prices) as SlotRow['prices']) : row.prices,
  }));
}

/** Ids of an activity by key and of a place at a centre by keys, for a series being saved. */
export async function seriesReferences(
  ex: Executor,
  input: { activity: string; venue: string; places: string[] },
) {
  const [activity] = await rows<{ id: number; kind: 'session' | 'facility'; active: boolean; name: string }>(
    ex,
    sql`SELECT id, kind, active, name FROM activities WHERE key = ${input.activity}`,
  );
  const places = await rows<{ id: number; key: string; name: string; venue_id: number }>(
    ex,
    sql`SELECT l.id, l.key, l.name, l.venue_id FROM activity_locations l JOIN venues v ON v.id = l.venue_id
        WHERE v.slug = ${input.venue} AND l.key = ANY(${`{${input.places.join(',')}}`}::text[])`,
  );
  return { activity, places: new Map(places.map((place) => [place.key, place])) };
}

/** A dated session still to come of the slots given, with what a change would touch. */
export interface UpcomingSession {
  id: number;
  scheduleId: number;
  /** the operator's local date, YYYY-MM-DD */
  localDate: string;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  taken: number;
  instructor: string | null;
  locationId: number;
  locationName: string;
  booked: number;
}

export async function upcomingSessionsOf(
  ex: Executor,
  scheduleIds: number[],
  options: { now: Date; timeZone: string },
): Promise<UpcomingSession[]> {
  if (scheduleIds.length === 0) return [];
  const found = await rows<{
    id: number;
    schedule_id: number;
    local_date: string;
    starts_at: string | Date;
    ends_at: string | Date;
    capacity: number;
    taken: number;
    instructor: string | null;
    location_id: number;
    location_name: string;
    booked: number;
  }>(
    ex,
    sql`SELECT se.id, se.schedule_id, (se.starts_at AT TIME ZONE ${options.timeZone})::date::text AS local_date,
               se.starts_at, se.ends_at, se.capacity, se.taken, se.instructor, se.location_id,
               l.name AS location_name,
               (SELECT count(*)::int FROM customer_bookings b WHERE b.session_id = se.id AND b.status = 'booked') AS booked
        FROM activity_sessions se
        JOIN activity_locations l ON l.id = se.location_id
        WHERE se.schedule_id = ANY(${`{${scheduleIds.join(',')}}`}::int[])
          AND se.starts_at > ${options.now.toISOString()}::timestamptz AND NOT se.cancelled
        ORDER BY se.starts_at, se.id`,
  );
  return found.map((row) => ({
    id: row.id,
    scheduleId: row.schedule_id,
    localDate: row.local_date,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    capacity: row.capacity,
    taken: row.taken,
    instructor: row.instructor,
    locationId: row.location_id,
    locationName: row.location_name,
    booked: row.booked,
  }));
}

/**
 * Moves one session to its series' new details. Capacity never goes below the places taken: the
 * update re-reads `taken` on the newest row (a booking at this moment waits, or is waited for), and
 * answers false, changing nothing, when the new capacity is below it.
 */
export async function changeSession(
  ex: Executor,
  session: {
    id: number;
    localDate: string;
    startTime: string;
    durationMinutes: number;
    capacity: number;
    instructor: string | null;
    locationId: number;
    onlineBookingEnabled: boolean;
    activityId: number;
    timeZone: string;
  },
): Promise<{ startsAt: Date; endsAt: Date } | undefined> {
  const [changed] = await rows<{ starts_at: string | Date; ends_at: string | Date }>(
    ex,
    sql`UPDATE activity_sessions se SET
          starts_at = (${session.localDate}::date + ${session.startTime}::time) AT TIME ZONE ${session.timeZone},
          ends_at = ((${session.localDate}::date + ${session.startTime}::time) AT TIME ZONE ${session.timeZone})
                    + make_interval(mins => ${session.durationMinutes}),
          capacity = ${session.capacity},
          instructor = ${session.instructor},
          location_id = ${session.locationId},
          venue_id = (SELECT venue_id FROM activity_locations WHERE id = ${session.locationId}),
          online_booking_enabled = ${session.onlineBookingEnabled},
          activity_id = ${session.activityId}
        WHERE se.id = ${session.id} AND se.taken <= ${session.capacity}
        RETURNING se.starts_at, se.ends_at`,
  );
  return changed && { startsAt: new Date(changed.starts_at), endsAt: new Date(changed.ends_at) };
}

/**
 * Sets sessions apart from their series, as they are: a manager chose not to change sessions
 * already on the timetable. They remember their slot, so it makes no second session that day.
 */
export async function setSessionsApart(ex: Executor, sessionIds: number[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await ex.execute(
    sql`UPDATE activity_sessions SET origin_schedule_id = schedule_id, schedule_id = NULL
        WHERE id = ANY(${`{${sessionIds.join(',')}}`}::int[])`,
  );
}

/** A one-off session: made by a manager, part of no series. */
export async function insertOneOffSession(
  ex: Executor,
  session: {
    activityId: number;
    locationId: number;
    localDate: string;
    startTime: string;
    durationMinutes: number;
    capacity: number;
    instructor: string | null;
    onlineBookingEnabled: boolean;
    timeZone: string;
  },
): Promise<{ id: number; startsAt: Date } | null> {
  // The place is locked first, so the same session sent twice at once is added once: the second
  // waits, then finds the first (none when the activity is already on there at that time).
  await ex.execute(sql`SELECT id FROM activity_locations WHERE id = ${session.locationId} FOR NO KEY UPDATE`);
  const startsAt = sql`((${session.localDate}::date + ${session.startTime}::time) AT TIME ZONE ${session.timeZone})`;
  const [made] = await rows<{ id: number; starts_at: string | Date }>(
    ex,
    sql`INSERT INTO activity_sessions
          (schedule_id, activity_id, venue_id, location_id, starts_at, ends_at, capacity, instructor,
           online_booking_enabled)
        SELECT NULL, ${session.activityId}, l.venue_id, l.id, ${startsAt},
               ${startsAt} + make_interval(mins => ${session.durationMinutes}),
               ${session.capacity}, ${session.instructor}, ${session.onlineBookingEnabled}
        FROM activity_locations l WHERE l.id = ${session.locationId}
          AND NOT EXISTS (SELECT 1 FROM activity_sessions s
            WHERE s.activity_id = ${session.activityId} AND s.location_id = l.id
              AND s.starts_at = ${startsAt} AND NOT s.cancelled)
        RETURNING id, starts_at`,
  );
  return made ? { id: made.id, startsAt: new Date(made.starts_at) } : null;
}

/** Every active slot, as the catalogue's checks and export read the series back. */
export const storedSlotsOf = (ex: Executor) => slotRows(ex, { activeOnly: true });
