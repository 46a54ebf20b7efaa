import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customerMemberships, type PaymentProblem } from '../../db/schema.ts';

/**
 * A membership's payment mark, which the member sees until it is dealt with. Direct Debit says
 * when (its webhooks, a replacement mandate, a recovered balance); the row is written here.
 */

/** A failed mandate or collection marks the membership: the member sees a notice until it is dealt with. */
export async function markPaymentProblem(db: Executor, membershipIds: number[], problem: PaymentProblem) {
  if (membershipIds.length === 0) return;
  await db
    .update(customerMemberships)
    .set({ paymentProblem: problem })
    .where(inArray(customerMemberships.id, membershipIds));
}

/** A membership's payment problem cleared once a re-presented collection is collected. */
export async function clearPaymentProblem(db: Executor, membershipId: number, problem: PaymentProblem) {
  await db
    .update(customerMemberships)
    .set({ paymentProblem: null })
    .where(and(eq(customerMemberships.id, membershipId), eq(customerMemberships.paymentProblem, problem)));
}

/**
 * A membership whose failed or returned payments are all settled loses its payment mark; a
 * mandate problem (bank details) stays until new details are given.
 */
export async function clearSettledPaymentProblem(db: Executor, membershipId: number): Promise<void> {
  await db
    .update(customerMemberships)
    .set({ paymentProblem: null })
    .where(
      and(
        eq(customerMemberships.id, membershipId),
        inArray(customerMemberships.paymentProblem, ['payment_failed', 'payment_charged_back']),
        sql`NOT EXISTS (SELECT 1 FROM direct_debit_collections c
              WHERE c.customer_membership_id = ${membershipId} AND c.status IN ('failed', 'charged_back'))`,
      ),
    );
}
