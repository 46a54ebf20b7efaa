import { and, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accountCreditBalances } from '../../db/schema.ts';

/**
 * A customer's account credit (issue 32 item 3, migration 0055): the one module that reads and
 * changes the balance, in its own table. Credit is given back by refunds, voids and exits, and
 * spent by checkout, each in its caller's transaction. A customer with no row has none.
 */

/** The customer's credit balance in pence. */
export async function creditBalanceOf(db: Executor, customerId: number): Promise<number> {
  const [row] = await db
    .select({ pence: accountCreditBalances.balancePence })
    .from(accountCreditBalances)
    .where(eq(accountCreditBalances.customerId, customerId));
  return row?.pence ?? 0;
}

/** Gives credit back to the customer's balance (nothing for nothing), in one statement. */
export async function addCredit(db: Executor, customerId: number, pence: number) {
  if (pence <= 0) return;
  await db
    .insert(accountCreditBalances)
    .values({ customerId, balancePence: pence })
    .onConflictDoUpdate({
      target: accountCreditBalances.customerId,
      set: { balancePence: sql`${accountCreditBalances.balancePence} + ${pence}` },
    });
}

/**
 * Spends account credit only if the balance still holds it: false when it does not. The
 * conditional UPDATE is re-checked under the row's lock, so two checkouts cannot spend it twice.
 */
export async function spendCredit(db: Executor, customerId: number, pence: number): Promise<boolean> {
  const spent = await db
    .update(accountCreditBalances)
    .set({ balancePence: sql`${accountCreditBalances.balancePence} - ${pence}` })
    .where(
      and(eq(accountCreditBalances.customerId, customerId), gte(accountCreditBalances.balancePence, pence)),
    )
    .returning({ id: accountCreditBalances.customerId });
  return spent.length > 0;
}
