import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** A booker of a session that moved, to be told what changed. */
export interface MovedBooking {
  bookingId: number;
  sessionId: number;
  email: string | null;
  firstName: string;
  activityName: string;
}

/**
 * A session a manager changed (time, place or instructor; decision 0092): its live bookings follow
 * it, so My account, the booking's calendar file and its cancellation cut-off read the new time and
 * place. Answers the bookings, with whom to tell.
 */
export async function followSessionMove(
  ex: Executor,
  move: { sessionId: number; startsAt: Date; endsAt: Date; place: string },
): Promise<MovedBooking[]> {
  const result = (await ex.execute(
    sql`WITH moved AS (
          UPDATE customer_bookings SET starts_at = ${move.startsAt.toISOString()}::timestamptz,
                 ends_at = ${move.endsAt.toISOString()}::timestamptz, location_name = ${move.place}
          WHERE session_id = ${move.sessionId} AND status = 'booked'
          RETURNING id, session_id, customer_id, activity_name)
        SELECT m.id, m.session_id, c.email, c.first_name, m.activity_name
        FROM moved m JOIN customers c ON c.id = m.customer_id
        ORDER BY m.id`,
  )) as unknown as {
    rows: {
      id: number;
      session_id: number;
      email: string | null;
      first_name: string;
      activity_name: string;
    }[];
  };
  return result.rows.map((row) => ({
    bookingId: row.id,
    sessionId: row.session_id,
    email: row.email,
    firstName: row.first_name,
    activityName: row.activity_name,
  }));
}
