import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** The runs of cancellations by the centre (migration 0064, decision 0095): this module's one table. */

async function rows<Row>(ex: Executor, query: SQL): Promise<Row[]> {
  return ((await ex.execute(query)) as unknown as { rows: Row[] }).rows;
}

export interface CancellationRun {
  id: number;
  key: string;
  staffUserId: number;
  venueId: number;
  sessionIds: number[];
  reason: string;
  waitingListTold: number;
  finished: boolean;
}

const runColumns = sql`id, key, staff_user_id AS "staffUserId", venue_id AS "venueId", session_ids AS "sessionIds",
  reason, waiting_list_told AS "waitingListTold", finished_at IS NOT NULL AS finished`;

/**
 * Records a run under its key; answers it, or undefined when the key is taken (a second press, or
 * another instance with the same press: it waits for that one's commit, then finds its row).
 */
export async function insertRun(
  ex: Executor,
  run: { key: string; staffUserId: number; venueId: number; sessionIds: number[]; reason: string },
): Promise<CancellationRun | undefined> {
  const [row] = await rows<CancellationRun>(
    ex,
    sql`INSERT INTO centre_cancellations (key, staff_user_id, venue_id, session_ids, reason)
        VALUES (${run.key}, ${run.staffUserId}, ${run.venueId}, ${`{${run.sessionIds.join(',')}}`}::int[], ${run.reason})
        ON CONFLICT (key) DO NOTHING RETURNING ${runColumns}`,
  );
  return row;
}

export async function runByKey(ex: Executor, key: string): Promise<CancellationRun | undefined> {
  const [row] = await rows<CancellationRun>(
    ex,
    sql`SELECT ${runColumns} FROM centre_cancellations WHERE key = ${key}`,
  );
  return row;
}

export async function runById(ex: Executor, id: number): Promise<CancellationRun | undefined> {
  const [row] = await rows<CancellationRun>(
    ex,
    sql`SELECT ${runColumns} FROM centre_cancellations WHERE id = ${id}`,
  );
  return row;
}

export async function setWaitingListTold(ex: Executor, id: number, told: number) {
  await ex.execute(sql`UPDATE centre_cancellations SET waiting_list_told = ${told} WHERE id = ${id}`);
}

export async function finishRun(ex: Executor, id: number) {
  await ex.execute(
    sql`UPDATE centre_cancellations SET finished_at = coalesce(finished_at, now()) WHERE id = ${id}`,
  );
}

/**
 * Runs left with work: one a stopped process left unfinished (a minute on), or one with a booking
 * still booked on its sessions (a basket paid at the moment they were cancelled). Recent runs only.
 */
export async function runsLeftOver(ex: Executor, limit = 20): Promise<CancellationRun[]> {
  return rows<CancellationRun>(
    ex,
    sql`SELECT ${runColumns} FROM centre_cancellations r
         WHERE r.created_at > now() - interval '30 days'
           AND ((r.finished_at IS NULL AND r.created_at < now() - interval '1 minute')
             OR EXISTS (SELECT 1 FROM customer_bookings b
                         WHERE b.session_id = ANY(r.session_ids) AND b.status = 'booked'))
         ORDER BY r.id LIMIT ${limit}`,
  );
}

/** Bookings a run cancelled, per session. */
export async function cancelledPerSession(ex: Executor, id: number): Promise<Map<number, number>> {
  const found = await rows<{ sessionId: number; count: number }>(
    ex,
    sql`SELECT session_id AS "sessionId", count(*)::int AS count FROM customer_bookings
         WHERE centre_cancellation_id = ${id} GROUP BY session_id`,
  );
  return new Map(found.map((row) => [row.sessionId, row.count]));
}

/** A centre by slug (reads only: the operator module writes venues). */
export async function venueOf(ex: Executor, slug: string): Promise<{ id: number; name: string } | undefined> {
  const [row] = await rows<{ id: number; name: string }>(
    ex,
    sql`SELECT id, name FROM venues WHERE slug = ${slug}`,
  );
  return row;
}
