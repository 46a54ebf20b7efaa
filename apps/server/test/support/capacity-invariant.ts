import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app.ts';

/** A session whose `taken` disagrees with the places held and booked in it. */
export interface CapacityMismatch {
  sessionId: number;
  capacity: number;
  taken: number;
  held: number;
  booked: number;
  offered: number;
}

/**
 * Issue 17 item 9's invariant, for every session in the test's schema: `taken` equals the places
 * held by basket lines of baskets not yet completed plus the places of bookings not cancelled plus
 * the places offered to waiting lists (decision 0052), and never passes `capacity`. Answers the sessions that break it (none when all is well), so a test
 * can `expect(await capacityMismatches(t)).toEqual([])` after each race.
 */
export async function capacityMismatches(t: TestApp): Promise<CapacityMismatch[]> {
  const result = await t.database.db.execute(sql`
    SELECT s.id AS "sessionId", s.capacity, s.taken,
           COALESCE(h.held, 0)::int AS held, COALESCE(b.booked, 0)::int AS booked,
           COALESCE(o.offered, 0)::int AS offered
    FROM activity_sessions s
    LEFT JOIN (
      SELECT l.session_id, sum(l.quantity) AS held
      FROM cart_booking_lines l JOIN carts c ON c.id = l.cart_id
      WHERE c.status <> 'completed'
      GROUP BY l.session_id
    ) h ON h.session_id = s.id
    LEFT JOIN (
      SELECT session_id, sum(quantity) AS booked
      FROM customer_bookings
      WHERE session_id IS NOT NULL AND status <> 'cancelled'
      GROUP BY session_id
    ) b ON b.session_id = s.id
    LEFT JOIN (
      SELECT session_id, count(*) AS offered
      FROM waiting_list_entries
      WHERE status = 'offered'
      GROUP BY session_id
    ) o ON o.session_id = s.id
    WHERE s.taken <> COALESCE(h.held, 0) + COALESCE(b.booked, 0) + COALESCE(o.offered, 0)
       OR s.taken > s.capacity
    ORDER BY s.id`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((row) => ({
    sessionId: Number(row.sessionId),
    capacity: Number(row.capacity),
    taken: Number(row.taken),
    held: Number(row.held),
    booked: Number(row.booked),
    offered: Number(row.offered),
  }));
}
