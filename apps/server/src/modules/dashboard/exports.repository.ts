import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { completedAtCentre, endOf, rows, startOf, type Range } from './dashboard.repository.ts';

/**
 * The exports' SQL (issue 37 item 2, decision 0102): a count and the highest id first, then pages
 * in id order up to that id, so a year of a big operator never sits in memory at once and the file
 * holds the rows counted in the audit log (unless one changes while the file is written).
 */

export interface Page {
  /** the last id of the previous page (0 for the first) */
  after: number;
  /** the highest id counted */
  upTo: number;
  limit: number;
}

export async function orderCount(ex: Executor, r: Range) {
  const [row] = await rows<{ rows: number; up_to: number }>(
    ex,
    sql`SELECT count(*)::int AS rows, coalesce(max(o.id), 0)::int AS up_to FROM orders o
        WHERE ${completedAtCentre(r)}`,
  );
  return row!;
}

/** Completed orders not voided at the centres, by completion, with their lines and tenders. */
export async function orderPage(ex: Executor, r: Range, page: Page) {
  return rows<{
    id: number;
    reference: string;
    date: string;
    time: string;
    centre: string;
    source: string;
    customer: string;
    total_pence: number;
    credit_pence: number;
    payment_method: string | null;
    lines: { description: string; pence: number }[];
    tenders: { type: string; pence: number }[];
  }>(
    ex,
    sql`SELECT o.id, o.reference,
          to_char(coalesce(o.completed_at, o.created_at) AT TIME ZONE ${r.timeZone}, 'YYYY-MM-DD') AS date,
          to_char(coalesce(o.completed_at, o.created_at) AT TIME ZONE ${r.timeZone}, 'HH24:MI') AS time,
          v.name AS centre, o.source, cu.reference AS customer, o.total_pence, o.credit_pence, o.payment_method,
          coalesce((SELECT json_agg(json_build_object('description', i.description, 'pence', i.amount_pence)
                      ORDER BY i.position) FROM order_items i WHERE i.order_id = o.id), '[]'::json) AS lines,
          coalesce((SELECT json_agg(json_build_object('type', t.tender_type, 'pence', t.amount_pence - t.handed_back_pence)
                      ORDER BY t.id) FROM order_tenders t WHERE t.order_id = o.id), '[]'::json) AS tenders
        FROM orders o JOIN venues v ON v.id = o.venue_id JOIN customers cu ON cu.id = o.customer_id
        WHERE ${completedAtCentre(r)} AND o.id > ${page.after} AND o.id <= ${page.upTo}
        ORDER BY o.id LIMIT ${page.limit}`,
  );
}

const registeredAtCentre = (r: Range) =>
  sql`cu.home_venue_id IN ${r.venueIds} AND cu.created_at >= ${startOf(r)} AND cu.created_at < ${endOf(r)}`;

export async function customerCount(ex: Executor, r: Range) {
  const [row] = await rows<{ rows: number; up_to: number }>(
    ex,
    sql`SELECT count(*)::int AS rows, coalesce(max(cu.id), 0)::int AS up_to FROM customers cu
        WHERE ${registeredAtCentre(r)}`,
  );
  return row!;
}

/**
 * Customers of the centres registered in the range: only the columns a CRM needs (no date of birth,
 * street address, password, card or bank detail is selected at all).
 */
export async function customerPage(ex: Executor, r: Range, page: Page) {
  return rows<{
    id: number;
    reference: string;
    first_name: string;
    last_name: string;
    email: string;
    phone: string | null;
    postcode: string | null;
    centre: string;
    registered: string;
    memberships: string | null;
    holder: string | null;
  }>(
    ex,
    sql`SELECT cu.id, cu.reference, cu.first_name, cu.last_name, cu.email, cu.phone, cu.postcode,
          v.name AS centre, to_char(cu.created_at AT TIME ZONE ${r.timeZone}, 'YYYY-MM-DD') AS registered,
          (SELECT string_agg(mt.name, '; ' ORDER BY cm.id) FROM customer_memberships cm
           JOIN membership_types mt ON mt.id = cm.membership_type_id
           WHERE cm.customer_id = cu.id AND cm.status = 'active') AS memberships,
          (SELECT h.reference FROM customers h WHERE h.id = cu.account_holder_id) AS holder
        FROM customers cu JOIN venues v ON v.id = cu.home_venue_id
        WHERE ${registeredAtCentre(r)} AND cu.id > ${page.after} AND cu.id <= ${page.upTo}
        ORDER BY cu.id LIMIT ${page.limit}`,
  );
}
