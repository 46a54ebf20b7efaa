import { and, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';

/**
 * A customer's account credit (issue 32 item 3): the one module that changes the balance. Credit
 * is given back by refunds, voids and exits, and spent by checkout, each in its caller's
 * transaction.
 */

/** Gives credit back to the customer's balance (nothing for nothing). */
export async function addCredit(db: Executor, customerId: number, pence: number) {
  if (pence <= 0) return;
  await db
    .update(customers)
    .set({ creditBalancePence: sql`${customers.creditBalancePence} + ${pence}` })
    .where(eq(customers.id, customerId));
}

/** Spends account credit only if the balance still holds it: false when it does not. */
export async function spendCredit(db: Executor, customerId: number, pence: number): Promise<boolean> {
  const spent = await db
    .update(customers)
    .set({ creditBalancePence: sql`${customers.creditBalancePence} - ${pence}` })
    .where(and(eq(customers.id, customerId), gte(customers.creditBalancePence, pence)))
    .returning({ id: customers.id });
  return spent.length > 0;
}
