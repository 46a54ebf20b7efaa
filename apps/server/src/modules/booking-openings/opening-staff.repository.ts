import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { at } from './booking-openings.repository.ts';

type Rows<T> = { rows: T[] };

/**
 * What the staff site's openings page reads besides the openings: the activities and centres by
 * name (reads only: the catalogue and operator modules write them), and each queue's counts.
 */
export async function activitiesAndCentres(ex: Executor) {
  const [activities, centres] = await Promise.all([
    ex.execute(sql`SELECT id, key, name FROM activities WHERE active ORDER BY name`) as Promise<
      Rows<{ id: number; key: string; name: string }>
    >,
    ex.execute(sql`SELECT id, slug, name FROM venues ORDER BY name`) as Promise<
      Rows<{ id: number; slug: string; name: string }>
    >,
  ]);
  return { activities: activities.rows, centres: centres.rows };
}

/** People waiting, let in and asking for a reminder, for each opening. */
export async function queueCounts(
  ex: Executor,
): Promise<Map<number, { waiting: number; admitted: number; reminders: number }>> {
  const { rows } = (await ex.execute(sql`
    SELECT o.id,
           (SELECT count(*)::int FROM opening_queue_entries e WHERE e.opening_id = o.id AND e.admitted_at IS NULL) AS waiting,
           (SELECT count(*)::int FROM opening_queue_entries e WHERE e.opening_id = o.id AND e.admitted_at IS NOT NULL) AS admitted,
           (SELECT count(*)::int FROM opening_reminders r WHERE r.opening_id = o.id) AS reminders
      FROM booking_openings o`)) as Rows<{
    id: number;
    waiting: number;
    admitted: number;
    reminders: number;
  }>;
  return new Map(
    rows.map((row) => [
      Number(row.id),
      { waiting: Number(row.waiting), admitted: Number(row.admitted), reminders: Number(row.reminders) },
    ]),
  );
}

/** Withdraws an opening whose waiting room has not opened; answers whether it did. */
export async function withdrawOpening(tx: Executor, key: string, now: Date): Promise<boolean> {
  const { rows } = (await tx.execute(sql`
    DELETE FROM booking_openings WHERE key = ${key} AND lobby_opens_at > ${at(now)} RETURNING id`)) as Rows<{
    id: number;
  }>;
  return rows.length > 0;
}
