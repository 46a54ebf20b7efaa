import type { Executor } from '../../db/client.ts';
import { staffAuditLog } from '../../db/schema.ts';

/** One staff action for the append-only audit log, written in the transaction of the change it records. */
export interface StaffAction {
  staffUserId: number | null;
  /** who, as the log shows it: the staff member's username, or e.g. 'command line' */
  actor: string;
  /** e.g. 'order.pay', 'order.void' (the names are listed in the front-of-house design) */
  action: string;
  customerId?: number | null;
  orderId?: number | null;
  amountPence?: number | null;
  details?: Record<string, unknown>;
}

export async function recordStaffAction(db: Executor, e: StaffAction): Promise<void> {
  await db.insert(staffAuditLog).values({
    staffUserId: e.staffUserId,
    actor: e.actor,
    action: e.action,
    customerId: e.customerId ?? null,
    orderId: e.orderId ?? null,
    amountPence: e.amountPence ?? null,
    details: e.details ?? {},
  });
}
