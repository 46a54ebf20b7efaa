import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * The registers module's SQL (issue 35 items 4 and 6, decision 0096). It writes only its own
 * tables, `booking_attendance` and `booking_strikes`; sessions, bookings, customers and the
 * operator's rules are read.
 */

async function rows<Row>(ex: Executor, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await ex.execute(query)) as unknown as { rows: Row[] }).rows;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** The operator's `bookingPenalties` as the catalogue stored them (null: none), and its words. */
export async function operatorOf(ex: Executor) {
  const [row] = await rows<{
    name: string;
    customer_service_email: string;
    booking_penalty_rules: Record<string, unknown> | null;
  }>(ex, sql`SELECT name, customer_service_email, booking_penalty_rules FROM operators ORDER BY id LIMIT 1`);
  return row;
}

export async function centresByName(ex: Executor) {
  return rows<{ slug: string; name: string }>(ex, sql`SELECT slug, name FROM venues ORDER BY name`);
}

/** A centre's sessions starting on one local day, with places booked and marked. */
export async function sessionsOn(ex: Executor, centre: string, date: string, timeZone: string) {
  const found = await rows<{
    id: number;
    activity_name: string;
    place: string;
    starts_at: Date | string;
    ends_at: Date | string;
    capacity: number;
    cancelled: boolean;
    booked: number;
    marked: number;
  }>(
    ex,
    sql`SELECT se.id, a.name AS activity_name, l.name AS place, se.starts_at, se.ends_at, se.capacity,
          se.cancelled,
          coalesce((SELECT sum(b.quantity) FROM customer_bookings b
                    WHERE b.session_id = se.id AND b.status <> 'cancelled'), 0)::int AS booked,
          (SELECT count(*) FROM customer_bookings b JOIN booking_attendance m ON m.booking_id = b.id
           WHERE b.session_id = se.id AND b.status <> 'cancelled')::int AS marked
        FROM activity_sessions se
        JOIN activities a ON a.id = se.activity_id
        JOIN activity_locations l ON l.id = se.location_id
        JOIN venues v ON v.id = se.venue_id
        WHERE v.slug = ${centre}
          AND se.starts_at >= (${date}::date)::timestamp AT TIME ZONE ${timeZone}
          AND se.starts_at < (${date}::date + 1)::timestamp AT TIME ZONE ${timeZone}
        ORDER BY se.starts_at, a.name, se.id`,
  );
  return found.map((row) => ({ ...row, starts_at: asDate(row.starts_at), ends_at: asDate(row.ends_at) }));
}

export async function sessionOf(ex: Executor, sessionId: number) {
  const [row] = await rows<{
    id: number;
    activity_name: string;
    waiver_required: boolean;
    centre_slug: string;
    centre_name: string;
    place: string;
    instructor: string | null;
    starts_at: Date | string;
    ends_at: Date | string;
    capacity: number;
    cancelled: boolean;
  }>(
    ex,
    // the session's waiver rule: its series' own, else its activity's (decision 0100)
    sql`SELECT se.id, a.name AS activity_name,
          coalesce(sc.waiver_required, a.waiver_required) AS waiver_required, v.slug AS centre_slug,
          v.name AS centre_name, l.name AS place, se.instructor, se.starts_at, se.ends_at,
          se.capacity, se.cancelled
        FROM activity_sessions se
        JOIN activities a ON a.id = se.activity_id
        LEFT JOIN activity_schedules sc ON sc.id = coalesce(se.schedule_id, se.origin_schedule_id)
        JOIN activity_locations l ON l.id = se.location_id
        JOIN venues v ON v.id = se.venue_id
        WHERE se.id = ${sessionId}`,
  );
  return row && { ...row, starts_at: asDate(row.starts_at), ends_at: asDate(row.ends_at) };
}

export interface EntryRow {
  booking_id: number;
  customer_id: number;
  payer_reference: string;
  payer_name: string;
  attendee_id: number | null;
  attendee_name: string | null;
  attendee_reference: string | null;
  date_of_birth: string | null;
  guest_name: string | null;
  quantity: number;
  waiver_accepted: boolean;
  band: string | null;
  note: string | null;
  attendance: 'attended' | 'no-show' | null;
  strike_id: number | null;
  strike_kind: 'no-show' | 'late-cancel' | null;
  strike_given_at: Date | string | null;
  strike_removed: boolean | null;
  strike_removed_reason: string | null;
}

/** The places booked on a session (one booking, or all of them), with their marks and strikes. */
export async function entriesOf(ex: Executor, sessionId: number, bookingId?: number) {
  return rows<EntryRow>(
    ex,
    sql`SELECT b.id AS booking_id, b.customer_id, payer.reference AS payer_reference,
          payer.first_name || ' ' || payer.last_name AS payer_name,
          b.attendee_customer_id AS attendee_id,
          att.first_name || ' ' || att.last_name AS attendee_name, att.reference AS attendee_reference,
          coalesce(att.date_of_birth, payer.date_of_birth)::text AS date_of_birth,
          b.guest_name, b.quantity, b.waiver_accepted_at IS NOT NULL AS waiver_accepted, p.band, b.note,
          coalesce(m.status, CASE b.status WHEN 'attended' THEN 'attended' WHEN 'missed' THEN 'no-show' END)
            AS attendance, s.id AS strike_id, s.kind AS strike_kind, s.given_at AS strike_given_at,
          s.removed_at IS NOT NULL AS strike_removed, s.removed_reason AS strike_removed_reason
        FROM customer_bookings b
        JOIN customers payer ON payer.id = b.customer_id
        LEFT JOIN customers att ON att.id = b.attendee_customer_id AND b.attendee_customer_id <> b.customer_id
        LEFT JOIN activity_prices p ON p.id = b.price_id
        LEFT JOIN booking_attendance m ON m.booking_id = b.id
        LEFT JOIN booking_strikes s ON s.booking_id = b.id
        WHERE b.session_id = ${sessionId} AND b.status <> 'cancelled'
          AND (${bookingId ?? null}::int IS NULL OR b.id = ${bookingId ?? null}::int)
        ORDER BY coalesce(b.guest_name, att.last_name, payer.last_name),
                 coalesce(b.guest_name, att.first_name, payer.first_name), b.id`,
  );
}

/**
 * Marks bookings attended or no-show (insert, or change the row); a booking marked again the same
 * way is left as it was. Answers the bookings whose mark this call set or changed.
 */
export async function upsertAttendance(
  ex: Executor,
  input: {
    bookingIds: number[];
    status: 'attended' | 'no-show';
    source: 'register' | 'check-in';
    staffUserId: number | null;
  },
): Promise<number[]> {
  if (input.bookingIds.length === 0) return [];
  const changed = await rows<{ booking_id: number }>(
    ex,
    sql`INSERT INTO booking_attendance (booking_id, status, source, marked_by)
        SELECT id, ${input.status}, ${input.source}, ${input.staffUserId}::int
        FROM customer_bookings WHERE id = ANY(${`{${input.bookingIds.join(',')}}`}::int[])
          AND status <> 'cancelled'
        ON CONFLICT (booking_id) DO UPDATE
          SET status = excluded.status, source = excluded.source, marked_by = excluded.marked_by,
              marked_at = now()
          WHERE booking_attendance.status <> excluded.status
        RETURNING booking_id`,
  );
  return changed.map((row) => row.booking_id);
}

/**
 * Gives a booking its strike, once: the unique key makes a second (or concurrent) give a no-op.
 * A strike taken away only because the booking was then marked attended comes back; one a
 * manager removed stays removed. Answers whether this call gave it.
 */
export async function giveStrike(
  ex: Executor,
  strike: { customerId: number; bookingId: number; kind: 'no-show' | 'late-cancel'; at: Date },
): Promise<boolean> {
  const inserted = await rows<{ id: number }>(
    ex,
    sql`INSERT INTO booking_strikes (customer_id, booking_id, kind, given_at)
        VALUES (${strike.customerId}, ${strike.bookingId}, ${strike.kind}, ${strike.at.toISOString()})
        ON CONFLICT ON CONSTRAINT booking_strikes_one_per_booking DO NOTHING RETURNING id`,
  );
  if (inserted.length > 0) return true;
  const restored = await rows<{ id: number }>(
    ex,
    sql`UPDATE booking_strikes SET removed_at = NULL, removed_reason = NULL, given_at = ${strike.at.toISOString()}
        WHERE booking_id = ${strike.bookingId} AND removed_at IS NOT NULL AND removed_by IS NULL
        RETURNING id`,
  );
  return restored.length > 0;
}

/** Takes away a booking's no-show strike because it was marked attended after all. */
export async function withdrawNoShowStrike(ex: Executor, bookingIds: number[]): Promise<void> {
  if (bookingIds.length === 0) return;
  await ex.execute(
    sql`UPDATE booking_strikes SET removed_at = now(), removed_reason = 'Marked attended'
        WHERE booking_id = ANY(${`{${bookingIds.join(',')}}`}::int[]) AND kind = 'no-show'
          AND removed_at IS NULL`,
  );
}

/** A manager removes a strike, with a reason; answers it as it was (locked), or none. */
export async function removeStrike(
  ex: Executor,
  input: { strikeId: number; staffUserId: number; reason: string },
) {
  const [row] = await rows<{ id: number; customer_id: number; kind: string; booking_id: number }>(
    ex,
    sql`UPDATE booking_strikes SET removed_at = now(), removed_by = ${input.staffUserId},
          removed_reason = ${input.reason}
        WHERE id = ${input.strikeId} AND removed_at IS NULL
        RETURNING id, customer_id, kind, booking_id`,
  );
  return row;
}

export async function strikeOf(ex: Executor, strikeId: number) {
  const [row] = await rows<{ id: number; customer_id: number; removed: boolean; centre_slug: string }>(
    ex,
    sql`SELECT s.id, s.customer_id, s.removed_at IS NOT NULL AS removed, v.slug AS centre_slug
        FROM booking_strikes s JOIN customer_bookings b ON b.id = s.booking_id
        JOIN venues v ON v.id = b.venue_id WHERE s.id = ${strikeId}`,
  );
  return row;
}

/** One strike at a time per customer (any instance), so each sees the others' in its standing. */
export async function lockCustomerStrikes(ex: Executor, customerId: number): Promise<void> {
  await ex.execute(sql`SELECT pg_advisory_xact_lock(hashtext('booking_strikes'), ${customerId})`);
}

/** When each of a customer's counting (not removed) strikes was given. */
export async function countingStrikesOf(ex: Executor, customerId: number): Promise<Date[]> {
  const found = await rows<{ given_at: Date | string }>(
    ex,
    sql`SELECT given_at FROM booking_strikes WHERE customer_id = ${customerId} AND removed_at IS NULL`,
  );
  return found.map((row) => asDate(row.given_at));
}

/** Who a strike's email goes to: the account holder who booked, and what the booking was. */
export async function bookingForEmail(ex: Executor, bookingId: number) {
  const [row] = await rows<{
    customer_id: number;
    email: string;
    first_name: string;
    activity_name: string;
    starts_at: Date | string;
  }>(
    ex,
    sql`SELECT b.customer_id, c.email, c.first_name, b.activity_name, b.starts_at
        FROM customer_bookings b JOIN customers c ON c.id = b.customer_id WHERE b.id = ${bookingId}`,
  );
  return row && { ...row, starts_at: asDate(row.starts_at) };
}

/** A customer's strikes (as the payer), newest first, with what they were for and where. */
export async function strikesOfCustomer(ex: Executor, customerId: number) {
  const found = await rows<{
    id: number;
    kind: 'no-show' | 'late-cancel';
    given_at: Date | string;
    removed: boolean;
    removed_reason: string | null;
    activity_name: string;
    starts_at: Date | string;
    centre_slug: string;
  }>(
    ex,
    sql`SELECT s.id, s.kind, s.given_at, s.removed_at IS NOT NULL AS removed, s.removed_reason,
          b.activity_name, b.starts_at, v.slug AS centre_slug
        FROM booking_strikes s JOIN customer_bookings b ON b.id = s.booking_id
        JOIN venues v ON v.id = b.venue_id
        WHERE s.customer_id = ${customerId} ORDER BY s.given_at DESC, s.id DESC`,
  );
  return found.map((row) => ({ ...row, given_at: asDate(row.given_at), starts_at: asDate(row.starts_at) }));
}
