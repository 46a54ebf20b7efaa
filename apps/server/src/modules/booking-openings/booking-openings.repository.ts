import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * Every query of booking openings and their queues (decision 0094). Times are passed in from the
 * service's clock, so a test can stand at any moment of an opening.
 */

type Rows<T> = { rows: T[] };

export interface OpeningRow {
  id: number;
  key: string;
  name: string;
  lobbyOpensAt: Date;
  opensAt: Date;
  gateEndsAt: Date;
  activityId: number | null;
  venueId: number | null;
  sessionsFrom: string;
  sessionsTo: string;
  admitPerSecond: number;
  admitCredit: number;
  tickedAt: Date | null;
  idleSeconds: number;
  /** the operator's ceiling on admissions a minute, if any */
  letInPerMinute: number | null;
}

export interface NewOpening {
  name: string;
  lobbyOpensAt: Date;
  opensAt: Date;
  gateEndsAt: Date;
  activityId: number | null;
  venueId: number | null;
  sessionsFrom: string;
  sessionsTo: string;
  idleSeconds?: number;
}

export interface QueueEntryRow {
  openingId: number;
  customerId: number;
  joinedAt: Date;
  ticket: number;
  seenAt: Date;
  admittedAt: Date | null;
  activeUntil: Date | null;
}

export const openingColumns = sql`id, key, name, lobby_opens_at AS "lobbyOpensAt", opens_at AS "opensAt",
  gate_ends_at AS "gateEndsAt", activity_id AS "activityId", venue_id AS "venueId",
  sessions_from::text AS "sessionsFrom", sessions_to::text AS "sessionsTo",
  admit_per_second AS "admitPerSecond", admit_credit AS "admitCredit", ticked_at AS "tickedAt",
  idle_seconds AS "idleSeconds", let_in_per_minute AS "letInPerMinute"`;

export const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Dates come back as strings from some drivers: one shape for the service. */
export function opening(row: OpeningRow): OpeningRow {
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  return {
    ...row,
    lobbyOpensAt: date(row.lobbyOpensAt)!,
    opensAt: date(row.opensAt)!,
    gateEndsAt: date(row.gateEndsAt)!,
    tickedAt: date(row.tickedAt),
    admitPerSecond: Number(row.admitPerSecond),
    admitCredit: Number(row.admitCredit),
    letInPerMinute: row.letInPerMinute === null ? null : Number(row.letInPerMinute),
  };
}

export async function insertOpening(db: Executor, input: NewOpening): Promise<OpeningRow> {
  const { rows } = (await db.execute(sql`
    INSERT INTO booking_openings (name, lobby_opens_at, opens_at, gate_ends_at, activity_id, venue_id,
      sessions_from, sessions_to, idle_seconds)
    VALUES (${input.name}, ${at(input.lobbyOpensAt)}, ${at(input.opensAt)}, ${at(input.gateEndsAt)},
      ${input.activityId}, ${input.venueId}, ${input.sessionsFrom}::date, ${input.sessionsTo}::date,
      ${input.idleSeconds ?? 180})
    RETURNING ${openingColumns}`)) as Rows<OpeningRow>;
  return opening(rows[0]!);
}

/** Openings whose gate has not ended: few at any time, so every instance keeps them in memory briefly. */
export async function currentOpenings(db: Executor, now: Date): Promise<OpeningRow[]> {
  const { rows } = (await db.execute(sql`
    SELECT ${openingColumns} FROM booking_openings WHERE gate_ends_at > ${at(now)} ORDER BY opens_at, id`)) as Rows<OpeningRow>;
  return rows.map(opening);
}

export async function openingById(db: Executor, id: number): Promise<OpeningRow | undefined> {
  const { rows } = (await db.execute(
    sql`SELECT ${openingColumns} FROM booking_openings WHERE id = ${id}`,
  )) as Rows<OpeningRow>;
  return rows[0] && opening(rows[0]);
}

const entryColumns = sql`e.opening_id AS "openingId", e.customer_id AS "customerId", e.joined_at AS "joinedAt",
  e.ticket, e.seen_at AS "seenAt", e.admitted_at AS "admittedAt", e.active_until AS "activeUntil"`;

function entry(row: QueueEntryRow): QueueEntryRow {
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  return {
    ...row,
    joinedAt: date(row.joinedAt)!,
    seenAt: date(row.seenAt)!,
    admittedAt: date(row.admittedAt),
    activeUntil: date(row.activeUntil),
    ticket: Number(row.ticket),
  };
}

/** How stale a sighting may be before a poll writes a new one; well inside the 45 s that counts. */
const seenRefreshSeconds = 10;

/**
 * The opening and the customer's place in its queue, marked as seen now, in one statement (the
 * waiting page asks every few seconds: only people still there are let in, and someone who comes
 * back finds their place kept). No opening: undefined; an opening the customer hasn't joined:
 * `entry` undefined. How many wait ahead is not counted here: the service answers that from a
 * snapshot of the waiting tickets (`waitingTickets`), one read a second per instance.
 */
export async function seeOpeningAndEntry(
  db: Executor,
  openingId: number,
  customerId: number,
  now: Date,
): Promise<{ opening: OpeningRow; entry: QueueEntryRow | undefined } | undefined> {
  // Written only when the last sighting is older than `seenRefreshSeconds`: a page near the front
  // asks every 2 s, and a write (and its commit) for each would be most of a poll's cost. The
  // UPDATE runs whether or not the SELECT reads it (PostgreSQL runs every data-modifying WITH).
  const { rows } = (await db.execute(sql`
    WITH seen AS (
      UPDATE opening_queue_entries SET seen_at = ${at(now)}
       WHERE opening_id = ${openingId} AND customer_id = ${customerId}
         AND seen_at < ${at(now)} - make_interval(secs => ${seenRefreshSeconds})
      RETURNING customer_id
    )
    SELECT ${openingColumns}, e.customer_id IS NOT NULL AS "inQueue", ${entryColumns}
      FROM booking_openings
      LEFT JOIN opening_queue_entries e ON e.opening_id = booking_openings.id AND e.customer_id = ${customerId}
     WHERE booking_openings.id = ${openingId}`)) as Rows<OpeningRow & QueueEntryRow & { inQueue: boolean }>;
  const row = rows[0];
  if (!row) return undefined;
  return {
    opening: opening(row),
    entry: row.inQueue
      ? entry({
          openingId: row.openingId,
          customerId: row.customerId,
          joinedAt: row.joinedAt,
          ticket: row.ticket,
          seenAt: row.seenAt,
          admittedAt: row.admittedAt,
          activeUntil: row.activeUntil,
        })
      : undefined,
  };
}

/**
 * Every waiting ticket of an opening in order, with the opening's last tick, read together (one
 * statement, so one moment): the tickets are as that tick or a later one left them. Each instance
 * keeps this for a moment and answers every waiting customer's position from it.
 */
export async function waitingTickets(
  db: Executor,
  openingId: number,
): Promise<{ tickedAt: Date | null; tickets: number[] }> {
  const { rows } = (await db.execute(sql`
    SELECT (SELECT ticked_at FROM booking_openings WHERE id = ${openingId}) AS "tickedAt",
           ARRAY(SELECT ticket FROM opening_queue_entries
                  WHERE opening_id = ${openingId} AND admitted_at IS NULL ORDER BY ticket) AS tickets`)) as Rows<{
    tickedAt: Date | string | null;
    tickets: (number | string)[] | string;
  }>;
  const row = rows[0]!;
  // node-postgres and PGlite parse a float8[]; a driver that doesn't answers its text form.
  const tickets =
    typeof row.tickets === 'string'
      ? row.tickets.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number)
      : row.tickets.map(Number);
  return { tickedAt: row.tickedAt === null ? null : new Date(row.tickedAt), tickets };
}

/** Joins the queue once: a second join (a refresh, another tab) keeps the first place. */
export async function joinQueue(
  db: Executor,
  input: { openingId: number; customerId: number; now: Date; ticket: number },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO opening_queue_entries (opening_id, customer_id, joined_at, ticket, seen_at)
    VALUES (${input.openingId}, ${input.customerId}, ${at(input.now)}, ${input.ticket}, ${at(input.now)})
    ON CONFLICT (opening_id, customer_id) DO NOTHING`);
}

/** A lapsed admission joins again at the back, as a later arrival. */
export async function rejoinAtBack(
  db: Executor,
  input: { openingId: number; customerId: number; now: Date; ticket: number },
): Promise<void> {
  await db.execute(sql`
    UPDATE opening_queue_entries
       SET joined_at = ${at(input.now)}, ticket = ${input.ticket}, seen_at = ${at(input.now)},
           admitted_at = NULL, active_until = NULL
     WHERE opening_id = ${input.openingId} AND customer_id = ${input.customerId}
       AND admitted_at IS NOT NULL AND active_until <= ${at(input.now)}`);
}

/**
 * The admission, used: still valid at `now`, and moved on to `now + idle`. Answers whether the
 * customer is let in. One statement, so two adds at once both pass or the lapse stops both.
 */
export async function useAdmission(
  db: Executor,
  input: { openingId: number; customerId: number; now: Date; idleSeconds: number },
): Promise<boolean> {
  const { rows } = (await db.execute(sql`
    UPDATE opening_queue_entries
       SET active_until = ${at(input.now)} + make_interval(secs => ${input.idleSeconds})
     WHERE opening_id = ${input.openingId} AND customer_id = ${input.customerId}
       AND admitted_at IS NOT NULL AND active_until > ${at(input.now)}
    RETURNING customer_id`)) as Rows<{ customer_id: number }>;
  return rows.length > 0;
}

/** The opening's row, locked for one tick; undefined when another instance is ticking it now. */
export async function lockOpeningForTick(tx: Executor, openingId: number): Promise<OpeningRow | undefined> {
  const { rows } = (await tx.execute(
    sql`SELECT ${openingColumns} FROM booking_openings WHERE id = ${openingId} FOR UPDATE SKIP LOCKED`,
  )) as Rows<OpeningRow>;
  return rows[0] && opening(rows[0]);
}

export async function saveTick(
  tx: Executor,
  input: { openingId: number; now: Date; admitPerSecond: number; admitCredit: number },
): Promise<void> {
  await tx.execute(sql`
    UPDATE booking_openings
       SET ticked_at = ${at(input.now)}, admit_per_second = ${input.admitPerSecond},
           admit_credit = ${input.admitCredit}
     WHERE id = ${input.openingId}`);
}

/**
 * Lets in the next `count` waiting customers in ticket order, among those seen since `seenSince`
 * (someone who closed the tab keeps their ticket, and is let in first when they come back).
 * Answers how many were let in.
 */
export async function admitNext(
  tx: Executor,
  input: { openingId: number; count: number; now: Date; idleSeconds: number; seenSince: Date },
): Promise<number> {
  if (input.count <= 0) return 0;
  const { rows } = (await tx.execute(sql`
    UPDATE opening_queue_entries e
       SET admitted_at = ${at(input.now)},
           active_until = ${at(input.now)} + make_interval(secs => ${input.idleSeconds})
      FROM (
        SELECT customer_id FROM opening_queue_entries
         WHERE opening_id = ${input.openingId} AND admitted_at IS NULL AND seen_at >= ${at(input.seenSince)}
         ORDER BY ticket
         LIMIT ${input.count}
      ) next
     WHERE e.opening_id = ${input.openingId} AND e.customer_id = next.customer_id
    RETURNING e.customer_id`)) as Rows<{ customer_id: number }>;
  return rows.length;
}

/** How many are waiting and were seen since `seenSince`: what the rate estimate divides. */
export async function waitingCount(tx: Executor, openingId: number, seenSince: Date): Promise<number> {
  const { rows } = (await tx.execute(sql`
    SELECT count(*)::int AS n FROM opening_queue_entries
     WHERE opening_id = ${openingId} AND admitted_at IS NULL AND seen_at >= ${at(seenSince)}`)) as Rows<{
    n: number;
  }>;
  return Number(rows[0]?.n ?? 0);
}

/** One instance's add-to-basket times for gated sessions since its last report. */
export async function reportLoad(
  db: Executor,
  input: { instanceId: string; now: Date; adds: number; p95Ms: number },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO opening_load_reports (instance_id, reported_at, adds, p95_ms)
    VALUES (${input.instanceId}, ${at(input.now)}, ${input.adds}, ${input.p95Ms})
    ON CONFLICT (instance_id) DO UPDATE
      SET reported_at = excluded.reported_at, adds = excluded.adds, p95_ms = excluded.p95_ms`);
}

/** Every instance's report since `since`. */
export async function loadReportsSince(
  tx: Executor,
  since: Date,
): Promise<{ adds: number; p95Ms: number }[]> {
  const { rows } = (await tx.execute(sql`
    SELECT adds, p95_ms AS "p95Ms" FROM opening_load_reports WHERE reported_at > ${at(since)}`)) as Rows<{
    adds: number;
    p95Ms: number;
  }>;
  return rows.map((row) => ({ adds: Number(row.adds), p95Ms: Number(row.p95Ms) }));
}
