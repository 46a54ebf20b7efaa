import { addDays } from '@lido/pricing/calendar-date';
import { zonedInstant } from '@lido/pricing/booking-rules';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * The manager's dashboard's SQL (issue 37 item 1, decision 0099). Reads only, of other modules'
 * tables (sessions, bookings, attendance, orders and tenders, memberships, Direct Debit collections,
 * waiting lists): none of their doors offers these totals, and the figures are one query each.
 * Every range is of local days, `from` to `to` included, in the operator's time zone.
 */

export async function rows<Row>(ex: Executor, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await ex.execute(query)) as unknown as { rows: Row[] }).rows;
}

export interface Range {
  /** the centres counted: one, or every centre the manager manages (never empty) */
  venueIds: number[];
  from: string;
  to: string;
  timeZone: string;
}

/**
 * The instants the range starts and ends, as values the planner can weigh against its statistics
 * (an `AT TIME ZONE` in the query is only known when it runs, and was guessed a few rows).
 */
export const startOf = (r: Range) =>
  sql`${zonedInstant(r.from, '00:00', r.timeZone).toISOString()}::timestamptz`;
export const endOf = (r: Range) =>
  sql`${zonedInstant(addDays(r.to, 1), '00:00', r.timeZone).toISOString()}::timestamptz`;

export async function centresByName(ex: Executor) {
  return rows<{ id: number; slug: string; name: string }>(
    ex,
    sql`SELECT id, slug, name FROM venues ORDER BY name`,
  );
}

/** Sessions (as `alias`) of the centres starting in the range, not cancelled. */
const sessionsIn = (r: Range, alias: ReturnType<typeof sql>) =>
  sql`${alias}.venue_id IN ${r.venueIds} AND NOT ${alias}.cancelled
      AND ${alias}.starts_at >= ${startOf(r)} AND ${alias}.starts_at < ${endOf(r)}`;

/** Places booked (not cancelled) in sessions starting each local day, every day of the range. */
export async function bookingsPerDay(ex: Executor, r: Range) {
  return rows<{ date: string; places: number }>(
    ex,
    sql`SELECT to_char(d, 'YYYY-MM-DD') AS date, coalesce(sum(b.quantity), 0)::int AS places
        FROM generate_series(${r.from}::date, ${r.to}::date, interval '1 day') AS d
        LEFT JOIN activity_sessions se ON ${sessionsIn(r, sql`se`)}
          AND (se.starts_at AT TIME ZONE ${r.timeZone})::date = d::date
        LEFT JOIN customer_bookings b ON b.session_id = se.id AND b.status <> 'cancelled'
        GROUP BY d ORDER BY d`,
  );
}

/**
 * By centre and activity: sessions run, their capacity, places booked, and the register's marks (a booking the
 * older demo data marked `attended` / `missed` counts as the register shows it, decision 0096).
 */
export async function utilisation(ex: Executor, r: Range) {
  return rows<{
    venue_id: number;
    activity: string;
    sessions: number;
    capacity: number;
    booked: number;
    attended: number;
    no_shows: number;
  }>(
    ex,
    sql`SELECT se.venue_id, a.name AS activity, count(*)::int AS sessions, sum(se.capacity)::int AS capacity,
          coalesce(sum(t.booked), 0)::int AS booked, coalesce(sum(t.attended), 0)::int AS attended,
          coalesce(sum(t.no_shows), 0)::int AS no_shows
        FROM activity_sessions se
        JOIN activities a ON a.id = se.activity_id
        LEFT JOIN (
          SELECT b.session_id, sum(b.quantity) AS booked,
            sum(b.quantity) FILTER (WHERE coalesce(m.status, b.status) = 'attended') AS attended,
            sum(b.quantity) FILTER (WHERE coalesce(m.status, b.status) IN ('no-show', 'missed')) AS no_shows
          FROM customer_bookings b LEFT JOIN booking_attendance m ON m.booking_id = b.id
          WHERE b.status <> 'cancelled' AND b.session_id IN (
            SELECT ss.id FROM activity_sessions ss WHERE ${sessionsIn(r, sql`ss`)})
          GROUP BY b.session_id
        ) t ON t.session_id = se.id
        WHERE ${sessionsIn(r, sql`se`)}
        GROUP BY se.venue_id, a.name ORDER BY a.name`,
  );
}

/** Sessions run by local weekday (ISO: 1 Monday) and start hour, with capacity and places booked. */
export async function utilisationByHour(ex: Executor, r: Range) {
  return rows<{ weekday: number; hour: number; sessions: number; capacity: number; booked: number }>(
    ex,
    sql`SELECT extract(isodow FROM se.starts_at AT TIME ZONE ${r.timeZone})::int AS weekday,
          extract(hour FROM se.starts_at AT TIME ZONE ${r.timeZone})::int AS hour,
          count(*)::int AS sessions, sum(se.capacity)::int AS capacity, coalesce(sum(t.booked), 0)::int AS booked
        FROM activity_sessions se
        LEFT JOIN (
          SELECT b.session_id, sum(b.quantity) AS booked FROM customer_bookings b
          WHERE b.status <> 'cancelled' AND b.session_id IN (
            SELECT ss.id FROM activity_sessions ss WHERE ${sessionsIn(r, sql`ss`)})
          GROUP BY b.session_id
        ) t ON t.session_id = se.id
        WHERE ${sessionsIn(r, sql`se`)}
        GROUP BY 1, 2 ORDER BY 1, 2`,
  );
}

const completedAt = sql`coalesce(o.completed_at, o.created_at)`;
export const completedAtCentre = (r: Range) =>
  sql`o.venue_id IN ${r.venueIds} AND o.status = 'completed' AND o.voided_at IS NULL
      AND ${completedAt} >= ${startOf(r)} AND ${completedAt} < ${endOf(r)}`;

/**
 * Money taken at each centre: a desk order by its tenders; any other order by card, less the part
 * account credit paid; Direct Debit collections collected for the centre's members, by charge date.
 */
export async function revenueByTender(ex: Executor, r: Range) {
  return rows<{ venue_id: number; tender: string; pence: number }>(
    ex,
    sql`SELECT venue_id, tender, sum(pence)::int AS pence FROM (
          SELECT o.venue_id, CASE t.tender_type WHEN 'offline-voucher' THEN 'voucher' ELSE t.tender_type END AS tender,
            t.amount_pence - t.handed_back_pence AS pence
          FROM orders o JOIN order_tenders t ON t.order_id = o.id
          WHERE ${completedAtCentre(r)}
          UNION ALL
          SELECT o.venue_id, 'card', o.total_pence - o.credit_pence FROM orders o
          WHERE ${completedAtCentre(r)} AND o.payment_method = 'card'
          UNION ALL
          SELECT o.venue_id, 'credit', o.credit_pence FROM orders o
          WHERE ${completedAtCentre(r)} AND o.credit_pence > 0
            AND NOT EXISTS (SELECT 1 FROM order_tenders t WHERE t.order_id = o.id)
          UNION ALL
          SELECT cm.home_venue_id, 'direct-debit', c.amount_pence FROM direct_debit_collections c
          JOIN customer_memberships cm ON cm.id = c.customer_membership_id
          WHERE cm.home_venue_id IN ${r.venueIds} AND c.status IN ('confirmed', 'paid_out')
            AND coalesce(c.charge_date, c.billing_date) BETWEEN ${r.from}::date AND ${r.to}::date
        ) money GROUP BY venue_id, tender`,
  );
}

/** Completed orders' lines at the centre, by the kind of line. */
export async function revenueByProduct(ex: Executor, r: Range) {
  return rows<{ kind: string; pence: number }>(
    ex,
    sql`SELECT i.item_type AS kind, sum(i.amount_pence)::int AS pence
        FROM orders o JOIN order_items i ON i.order_id = o.id
        WHERE ${completedAtCentre(r)} GROUP BY i.item_type`,
  );
}

/**
 * By home centre and membership type, of the centres' members: started, changed, freezes starting,
 * cancellations asked. Each movement is counted once by centre and type and the counts then put
 * together: one pass over each table, not a count per type (issue 37 item 4).
 */
export async function membershipMovements(ex: Executor, r: Range) {
  return rows<{
    venue_id: number;
    type: string;
    joined: number;
    changed: number;
    frozen: number;
    cancelled: number;
  }>(
    ex,
    sql`SELECT x.venue_id, mt.name AS type, sum(x.joined)::int AS joined, sum(x.changed)::int AS changed,
          sum(x.frozen)::int AS frozen, sum(x.cancelled)::int AS cancelled
        FROM (
          SELECT cm.home_venue_id AS venue_id, cm.membership_type_id AS type_id,
            count(*) FILTER (WHERE cm.status NOT IN ('pending', 'pending_eligibility')
              AND cm.start_date BETWEEN ${r.from}::date AND ${r.to}::date) AS joined,
            0 AS changed, 0 AS frozen,
            count(*) FILTER (WHERE cm.cancel_requested_at >= ${startOf(r)}
              AND cm.cancel_requested_at < ${endOf(r)}) AS cancelled
          FROM customer_memberships cm WHERE cm.home_venue_id IN ${r.venueIds}
          GROUP BY 1, 2
          UNION ALL
          SELECT em.home_venue_id, em.membership_type_id, 0, count(*), 0, 0
          FROM membership_events e JOIN customer_memberships em ON em.id = e.customer_membership_id
          WHERE e.kind = 'changed' AND e.occurred_at >= ${startOf(r)} AND e.occurred_at < ${endOf(r)}
            AND em.home_venue_id IN ${r.venueIds}
          GROUP BY 1, 2
          UNION ALL
          SELECT fm.home_venue_id, fm.membership_type_id, 0, 0, count(*), 0
          FROM membership_freezes f JOIN customer_memberships fm ON fm.id = f.customer_membership_id
          WHERE f.status <> 'withdrawn' AND f.starts_on BETWEEN ${r.from}::date AND ${r.to}::date
            AND fm.home_venue_id IN ${r.venueIds}
          GROUP BY 1, 2
        ) x JOIN membership_types mt ON mt.id = x.type_id
        GROUP BY x.venue_id, mt.id, mt.name ORDER BY mt.name`,
  );
}

/** Collections billed in the range for the centre's members (a replaced, cancelled one is not). */
export async function directDebitCollections(ex: Executor, r: Range) {
  const [row] = await rows<Record<string, number>>(
    ex,
    sql`SELECT count(*)::int AS expected_count, coalesce(sum(c.amount_pence), 0)::int AS expected_pence,
          count(*) FILTER (WHERE c.status IN ('confirmed', 'paid_out'))::int AS collected_count,
          coalesce(sum(c.amount_pence) FILTER (WHERE c.status IN ('confirmed', 'paid_out')), 0)::int
            AS collected_pence,
          count(*) FILTER (WHERE c.status IN ('failed', 'charged_back', 'recovered'))::int AS failed_count,
          coalesce(sum(c.amount_pence) FILTER (WHERE c.status IN ('failed', 'charged_back', 'recovered')), 0)::int
            AS failed_pence
        FROM direct_debit_collections c JOIN customer_memberships cm ON cm.id = c.customer_membership_id
        WHERE cm.home_venue_id IN ${r.venueIds}
          AND c.status NOT IN ('cancelling', 'cancel_sent', 'cancelled')
          AND c.billing_date BETWEEN ${r.from}::date AND ${r.to}::date`,
  );
  return row!;
}

/** By activity: waiting-list entries for sessions in the range, and those that became bookings. */
export async function waitingListDemand(ex: Executor, r: Range) {
  return rows<{ activity: string; joined: number; booked: number }>(
    ex,
    sql`SELECT a.name AS activity, count(*)::int AS joined,
          count(*) FILTER (WHERE w.status IN ('claimed', 'booked'))::int AS booked
        FROM waiting_list_entries w
        JOIN activity_sessions se ON se.id = w.session_id
        JOIN activities a ON a.id = se.activity_id
        WHERE se.venue_id IN ${r.venueIds}
          AND se.starts_at >= ${startOf(r)} AND se.starts_at < ${endOf(r)}
        GROUP BY a.name ORDER BY a.name`,
  );
}
