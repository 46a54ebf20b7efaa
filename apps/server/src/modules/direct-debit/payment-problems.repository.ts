import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customerMemberships, type PaymentProblem } from '../../db/schema.ts';

/** A failed mandate or collection marks the membership: the member sees a notice until it is dealt with. */
export async function markPaymentProblem(db: Executor, membershipIds: number[], problem: PaymentProblem) {
  if (membershipIds.length === 0) return;
  await db
    .update(customerMemberships)
    .set({ paymentProblem: problem })
    .where(inArray(customerMemberships.id, membershipIds));
}

export async function paymentProblemsOf(db: Executor, customerId: number): Promise<PaymentProblem[]> {
  const rows = await db
    .select({ problem: customerMemberships.paymentProblem })
    .from(customerMemberships)
    .where(
      and(eq(customerMemberships.customerId, customerId), isNotNull(customerMemberships.paymentProblem)),
    );
  return rows.map((row) => row.problem!);
}

/** A membership's payment problem cleared once a re-presented collection is collected. */
export async function clearPaymentProblem(db: Executor, membershipId: number, problem: PaymentProblem) {
  await db
    .update(customerMemberships)
    .set({ paymentProblem: null })
    .where(and(eq(customerMemberships.id, membershipId), eq(customerMemberships.paymentProblem, problem)));
}
