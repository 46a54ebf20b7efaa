import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { cartDirectDebits, customers } from '../../db/schema.ts';
import { ValidationError } from '../../http/errors.ts';

export const directDebitNeeded =
  'A monthly membership needs a Direct Debit: please add your bank details to join it.';

/** A monthly membership without a Direct Debit would never be billed (issue 15): it is refused. */
export class DirectDebitRequiredError extends ValidationError {
  constructor() {
    super({ membership: [directDebitNeeded] });
  }
}

/** A line that starts new monthly billing (a change carries on the held membership's collections). */
export function startsMonthlyBilling(line: { itemType: string; costs: { paymentType: string } }): boolean {
  return line.itemType === 'membership' && line.costs.paymentType === 'recurring';
}

/**
 * Throws unless a basket's new monthly lines can be collected: the customer has a working
 * instruction (the flag the Direct Debit service keeps: set with a new instruction, cleared when
 * the last one ends) or the basket holds a billing request whose bank account the provider checked.
 */
export async function requireDirectDebitFor(
  db: Db | Tx,
  input: { customerId: number; cartId: number; lines: Parameters<typeof startsMonthlyBilling>[0][] },
): Promise<void> {
  if (!input.lines.some(startsMonthlyBilling)) return;
  const [customer] = await db
    .select({ hasInstruction: customers.hasDirectDebitInstruction })
    .from(customers)
    .where(eq(customers.id, input.customerId));
  if (customer?.hasInstruction) return;
  const [held] = await db
    .select({ cartId: cartDirectDebits.cartId })
    .from(cartDirectDebits)
    .where(eq(cartDirectDebits.cartId, input.cartId));
  if (!held) throw new DirectDebitRequiredError();
}
