import { and, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customerMemberships, type PaymentProblem } from '../../db/schema.ts';

export async function paymentProblemsOf(db: Executor, customerId: number): Promise<PaymentProblem[]> {
  const rows = await db
    .select({ problem: customerMemberships.paymentProblem })
    .from(customerMemberships)
    .where(
      and(eq(customerMemberships.customerId, customerId), isNotNull(customerMemberships.paymentProblem)),
    );
  return rows.map((row) => row.problem!);
}
