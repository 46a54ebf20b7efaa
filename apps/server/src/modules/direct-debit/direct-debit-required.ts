import type { Executor } from '../../db/client.ts';
import { ValidationError } from '../../http/errors.ts';
import { hasWorkingInstructionFlag, heldBillingRequest } from './direct-debit.repository.ts';

export const directDebitNeeded =
  'A monthly membership needs a Direct Debit: please add your bank details to join it.';

/** A monthly membership without a Direct Debit would never be billed (issue 15): it is refused. */
export class DirectDebitRequiredError extends ValidationError {
  constructor() {
    super({ membership: [directDebitNeeded] });
  }
}

/** A line that starts new monthly billing (a change carries on the held membership's collections). */
function startsMonthlyBilling(line: { itemType: string; costs: { paymentType: string } }): boolean {
  return line.itemType === 'membership' && line.costs.paymentType === 'recurring';
}

/**
 * Throws unless a basket's new monthly lines can be collected: the customer has a working
 * instruction (the flag the Direct Debit service keeps: set with a new instruction, cleared when
 * the last one ends) or the basket holds a billing request whose bank account the provider checked.
 */
export async function requireDirectDebitFor(
  db: Executor,
  input: { customerId: number; cartId: number; lines: Parameters<typeof startsMonthlyBilling>[0][] },
): Promise<void> {
  if (!input.lines.some(startsMonthlyBilling)) return;
  if (await hasWorkingInstructionFlag(db, input.customerId)) return;
  if (!(await heldBillingRequest(db, input.cartId))) throw new DirectDebitRequiredError();
}
