import type { Executor } from '../../db/client.ts';
import type { OperatorRow } from '../operator/index.ts';
import { owesFailedCollection } from './outstanding-balance.repository.ts';

/**
 * Whether what a customer owes stops them booking: a failed Direct Debit collection does only where
 * the operator says so (`outstandingBalanceBlocksBooking`), and otherwise it is not even read. The
 * one rule for a customer's own places and their guests'.
 */
export async function owesBlockingBalance(
  db: Executor,
  customerId: number,
  operator: Pick<OperatorRow, 'outstandingBalanceBlocksBooking'>,
): Promise<boolean> {
  return operator.outstandingBalanceBlocksBooking && (await owesFailedCollection(db, customerId));
}
