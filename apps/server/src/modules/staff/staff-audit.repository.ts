import type { Executor } from '../../db/client.ts';
import { staffAuditLog } from '../../db/schema.ts';

/**
 * One row of the append-only staff audit log (decision 0053): who did what to which customer or
 * order. Callers pass their transaction, so the row commits with the change it records.
 */
export async function recordStaffAction(
  db: Executor,
  e: {
    staffUserId: number | null;
    actor: string;
    action: string;
    customerId?: number | null;
    orderId?: number | null;
    amountPence?: number | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
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
