import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { at, opening, openingColumns, type OpeningRow } from './booking-openings.repository.ts';

/**
 * Openings as the catalogue file and the staff site announce them, and the reminders customers ask
 * for (issue 39 item 1, decision 0098). The file gives local times; PostgreSQL turns them into
 * instants in the operator's time zone, so a clock change between now and the opening is right.
 */

type Rows<T> = { rows: T[] };

/** An opening entry with its activity and centre found: what the tables hold. */
export interface AnnouncedOpening {
  key: string;
  name: string;
  activityId: number | null;
  venueId: number | null;
  sessionsFrom: string;
  sessionsTo: string;
  opensOn: string;
  opensAt: string;
  waitingRoomMinutes: number;
  queueMinutes: number;
  idleMinutes: number;
  letInPerMinute: number | null;
}

/**
 * Announces each opening, or changes one not yet open (one whose queue has started is history: it
 * stays as it was). Answers the keys left unchanged because they had opened.
 */
export async function upsertOpenings(
  tx: Executor,
  openings: AnnouncedOpening[],
  input: { timeZone: string; now: Date },
): Promise<string[]> {
  const unchanged: string[] = [];
  for (const entry of openings) {
    const opensAt = sql`(${`${entry.opensOn} ${entry.opensAt}`}::timestamp AT TIME ZONE ${input.timeZone})`;
    const { rows } = (await tx.execute(sql`
      INSERT INTO booking_openings (key, name, lobby_opens_at, opens_at, gate_ends_at, activity_id,
        venue_id, sessions_from, sessions_to, idle_seconds, let_in_per_minute)
      VALUES (${entry.key}, ${entry.name}, ${opensAt} - make_interval(mins => ${entry.waitingRoomMinutes}),
        ${opensAt}, ${opensAt} + make_interval(mins => ${entry.queueMinutes}), ${entry.activityId},
        ${entry.venueId}, ${entry.sessionsFrom}::date, ${entry.sessionsTo}::date,
        ${entry.idleMinutes * 60}, ${entry.letInPerMinute})
      ON CONFLICT (key) DO UPDATE SET
        name = excluded.name, lobby_opens_at = excluded.lobby_opens_at, opens_at = excluded.opens_at,
        gate_ends_at = excluded.gate_ends_at, activity_id = excluded.activity_id,
        venue_id = excluded.venue_id, sessions_from = excluded.sessions_from,
        sessions_to = excluded.sessions_to, idle_seconds = excluded.idle_seconds,
        let_in_per_minute = excluded.let_in_per_minute
      WHERE booking_openings.lobby_opens_at > ${at(input.now)}
      RETURNING id`)) as Rows<{ id: number }>;
    if (rows.length === 0) unchanged.push(entry.key);
  }
  return unchanged;
}

/**
 * The catalogue file's openings, applied in its import's transaction: each announced or changed,
 * those gone from the file withdrawn (unless their waiting room has opened: those are history).
 */
export async function applyOpeningEntries(
  tx: Executor,
  openings: AnnouncedOpening[],
  input: { timeZone: string; now: Date },
): Promise<void> {
  await upsertOpenings(tx, openings, input);
  await withdrawOpeningsExcept(
    tx,
    openings.map((entry) => entry.key),
    input.now,
  );
}

/** Openings gone from the file are withdrawn, unless their waiting room has opened. */
async function withdrawOpeningsExcept(tx: Executor, keys: string[], now: Date): Promise<number> {
  const kept =
    keys.length === 0
      ? sql`true`
      : sql`key NOT IN (${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )})`;
  const { rows } = (await tx.execute(sql`
    DELETE FROM booking_openings WHERE ${kept} AND lobby_opens_at > ${at(now)}
    RETURNING id`)) as Rows<{ id: number }>;
  return rows.length;
}

/** Every opening as the file writes it, in the operator's local time. */
export async function announcedOpenings(db: Executor, timeZone: string): Promise<AnnouncedOpening[]> {
  const { rows } = (await db.execute(sql`
    SELECT key, name, activity_id AS "activityId", venue_id AS "venueId",
           sessions_from::text AS "sessionsFrom", sessions_to::text AS "sessionsTo",
           to_char(opens_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS "opensOn",
           to_char(opens_at AT TIME ZONE ${timeZone}, 'HH24:MI:SS') AS "opensAt",
           (extract(epoch FROM opens_at - lobby_opens_at) / 60)::int AS "waitingRoomMinutes",
           (extract(epoch FROM gate_ends_at - opens_at) / 60)::int AS "queueMinutes",
           (idle_seconds / 60)::int AS "idleMinutes", let_in_per_minute AS "letInPerMinute"
      FROM booking_openings ORDER BY opens_at, key`)) as Rows<AnnouncedOpening>;
  return rows.map((row) => ({
    ...row,
    // To the minute unless set to the second.
    opensAt: row.opensAt.endsWith(':00') ? row.opensAt.slice(0, 5) : row.opensAt,
    waitingRoomMinutes: Number(row.waitingRoomMinutes),
    queueMinutes: Number(row.queueMinutes),
    idleMinutes: Number(row.idleMinutes),
    letInPerMinute: row.letInPerMinute === null ? null : Number(row.letInPerMinute),
  }));
}

/** Asks for (or stops) a reminder; asking twice is one reminder. */
export async function setReminder(
  db: Executor,
  input: { openingId: number; customerId: number; now: Date; reminding: boolean },
): Promise<void> {
  if (input.reminding)
    await db.execute(sql`
      INSERT INTO opening_reminders (opening_id, customer_id, asked_at)
      VALUES (${input.openingId}, ${input.customerId}, ${at(input.now)})
      ON CONFLICT (opening_id, customer_id) DO NOTHING`);
  else
    await db.execute(sql`
      DELETE FROM opening_reminders
       WHERE opening_id = ${input.openingId} AND customer_id = ${input.customerId} AND sent_at IS NULL`);
}

export async function isReminding(db: Executor, openingId: number, customerId: number): Promise<boolean> {
  const { rows } = (await db.execute(sql`
    SELECT 1 FROM opening_reminders WHERE opening_id = ${openingId} AND customer_id = ${customerId}`)) as Rows<
    Record<string, unknown>
  >;
  return rows.length > 0;
}

/**
 * The reminders due (their opening's waiting room open, the queue not over), claimed: marked sent
 * in the same statement, so two instances running the job never send one twice. A reminder
 * claimed and then not queued is lost with the process; the email outbox is written in the
 * caller's transaction so it is not.
 */
export async function claimDueReminders(
  tx: Executor,
  now: Date,
  limit: number,
): Promise<{ customerId: number; opening: OpeningRow }[]> {
  const { rows } = (await tx.execute(sql`
    WITH due AS (
      SELECT r.opening_id, r.customer_id FROM opening_reminders r
        JOIN booking_openings o ON o.id = r.opening_id
       WHERE r.sent_at IS NULL AND o.lobby_opens_at <= ${at(now)} AND o.gate_ends_at > ${at(now)}
       ORDER BY r.opening_id, r.customer_id
       LIMIT ${limit}
       FOR UPDATE OF r SKIP LOCKED
    )
    UPDATE opening_reminders r SET sent_at = ${at(now)}
      FROM due WHERE r.opening_id = due.opening_id AND r.customer_id = due.customer_id
    RETURNING r.opening_id AS "openingId", r.customer_id AS "customerId"`)) as Rows<{
    openingId: number;
    customerId: number;
  }>;
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((row) => row.openingId))];
  const { rows: openings } = (await tx.execute(sql`
    SELECT ${openingColumns} FROM booking_openings
     WHERE id IN (${sql.join(
       ids.map((id) => sql`${id}`),
       sql`, `,
     )})`)) as Rows<OpeningRow>;
  const byId = new Map(openings.map((row) => [row.id, opening(row)]));
  return rows.map((row) => ({ customerId: row.customerId, opening: byId.get(row.openingId)! }));
}
