import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, orders, staffAuditLog, staffUsers } from '../../db/schema.ts';

/** The tools that change things without a member of staff at a desk. */
type AuditTool = 'command line' | 'catalogue import' | 'login limit';

/** Who did it: a member of staff (by their session), or a tool. */
export type AuditActor = { staff: { id: number; username: string } } | { tool: AuditTool };

/** Every action the log records; the audit page words each (staff-audit.service.ts). */
export type StaffAuditAction =
  | 'customer.create'
  | 'customer.update'
  | 'booking.cancel'
  | 'membership.cancel'
  | 'membership.freeze'
  | 'basket.add'
  | 'basket.remove'
  | 'membership.join'
  | 'waiting-list.join'
  | 'waiting-list.leave'
  | 'strike.removed'
  | 'penalty-fee.waived'
  | 'order.pay'
  | 'order.void'
  | 'staff.added'
  | 'staff.changed'
  | 'staff.locked'
  | 'staff.unlocked'
  | 'opening.announced'
  | 'opening.changed'
  | 'opening.withdrawn'
  | 'prices.package-saved'
  | 'prices.promotion-saved'
  | 'prices.membership-saved'
  | 'timetable.series-added'
  | 'timetable.series-changed'
  | 'timetable.series-retired'
  | 'timetable.session-added'
  | 'timetable.sessions-cancelled'
  | 'customer.check-in'
  | 'export.orders'
  | 'export.customers'
  | 'dashboard.table-downloaded';

/** One entry of the append-only staff audit log (decisions 0053, 0074). */
export interface StaffAction {
  by: AuditActor;
  action: StaffAuditAction;
  /** the customer acted for (the payer, for a dependant's basket) */
  customerId?: number | null;
  orderId?: number | null;
  amountPence?: number | null;
  details?: Record<string, unknown>;
}

/**
 * The one writer of `staff_audit_log`. Called with the transaction of the change it records, so a
 * change rolled back leaves no row and a committed one always has its row. A trigger refuses every
 * UPDATE and DELETE, so what is written here stays as written.
 */
export async function recordStaffAction(db: Executor, entry: StaffAction): Promise<void> {
  const by = entry.by;
  await db.insert(staffAuditLog).values({
    staffUserId: 'staff' in by ? by.staff.id : null,
    actor: 'staff' in by ? `staff: ${by.staff.username}` : by.tool,
    action: entry.action,
    customerId: entry.customerId ?? null,
    orderId: entry.orderId ?? null,
    amountPence: entry.amountPence ?? null,
    details: entry.details ?? {},
  });
}

/**
 * A page of the log for one operator's calendar day, newest first, optionally one member of staff's,
 * continuing below `before` (an entry id). The day's bounds are instants, so the index on `at` serves.
 */
export async function auditPage(
  db: Executor,
  query: { date: string; timeZone: string; staffUserId?: number; before?: number; limit: number },
) {
  const dayStart = sql`(${query.date}::date)::timestamp AT TIME ZONE ${query.timeZone}`;
  const dayEnd = sql`(${query.date}::date + 1)::timestamp AT TIME ZONE ${query.timeZone}`;
  return db
    .select({
      entry: staffAuditLog,
      staff: { id: staffUsers.id, name: staffUsers.displayName },
      customer: {
        id: customers.id,
        firstName: customers.firstName,
        lastName: customers.lastName,
        reference: customers.reference,
      },
      orderReference: orders.reference,
    })
    .from(staffAuditLog)
    .leftJoin(staffUsers, eq(staffUsers.id, staffAuditLog.staffUserId))
    .leftJoin(customers, eq(customers.id, staffAuditLog.customerId))
    .leftJoin(orders, eq(orders.id, staffAuditLog.orderId))
    .where(
      and(
        gte(staffAuditLog.at, dayStart),
        lt(staffAuditLog.at, dayEnd),
        query.staffUserId === undefined ? undefined : eq(staffAuditLog.staffUserId, query.staffUserId),
        query.before === undefined ? undefined : lt(staffAuditLog.id, query.before),
      ),
    )
    .orderBy(desc(staffAuditLog.id))
    .limit(query.limit);
}

/** The operator's staff, for the audit page's "Member of staff" filter (closed accounts too). */
export async function auditStaffMembers(db: Executor, operatorId: number) {
  return db
    .select({ id: staffUsers.id, name: staffUsers.displayName, active: staffUsers.active })
    .from(staffUsers)
    .where(eq(staffUsers.operatorId, operatorId))
    .orderBy(staffUsers.displayName, staffUsers.id);
}
