import type { OrderOutstandingBalanceItem } from '@lido/contracts/outstanding-balance';
import { outstandingBalanceWords } from '@lido/contracts/outstanding-balance';
import { prettyDate } from '@lido/pricing/calendar-date';
import type { Money } from '@lido/pricing/money';
import type { Tx } from '../../db/client.ts';
import type { OrderItemDetails, OutstandingBalanceDetails } from '../../db/schema.ts';
import {
  clearSettledPaymentProblem,
  recoverCollection,
} from '../direct-debit/outstanding-balance.repository.ts';
import { recordMembershipEvent } from '../memberships/membership-events.repository.ts';
import { type CartLine, insertOrderItems } from './checkout.repository.ts';

/** A failed collection no longer failed when the order is made: the card payment is given back. */
export const balanceAlreadySettled =
  'This payment has already been made or is being collected again by Direct Debit, so your card payment was cancelled and you have not been charged.';

/**
 * In the order's transaction: each outstanding balance line marks its failed collection
 * `recovered` by this order, once (a conditional UPDATE; a collection already recovered or being
 * re-presented moves nothing and the whole order rolls back via `changed`, so the card payment is
 * given back), becomes an order line saying what was paid, puts the payment on the membership's
 * timeline and clears the membership's payment mark once nothing is owed on it.
 */
export async function payOutstandingBalances(
  tx: Tx,
  input: {
    lines: { line: CartLine; position: number }[];
    customerId: number;
    orderId: number;
    membershipNames: Map<number, string>;
    changed: (message: string) => Error;
  },
): Promise<void> {
  for (const { line, position } of input.lines) {
    const recovered = await recoverCollection(tx, {
      collectionId: line.recoversCollectionId!,
      customerId: input.customerId,
      orderId: input.orderId,
    });
    if (!recovered || recovered.amountPence !== line.amountPence) throw input.changed(balanceAlreadySettled);
    const details: OutstandingBalanceDetails = {
      kind: 'outstanding_balance',
      collectionId: recovered.id,
      membershipId: recovered.membershipId,
      membershipName: input.membershipNames.get(line.membershipTypeId) ?? line.description,
      billingDate: recovered.billingDate,
    };
    await insertOrderItems(tx, [
      {
        orderId: input.orderId,
        position,
        itemType: 'outstanding_balance',
        description: line.description,
        amountPence: line.amountPence,
        details,
      },
    ]);
    await recordMembershipEvent(tx, {
      customerMembershipId: recovered.membershipId,
      kind: 'payment_recovered',
      amountPence: recovered.amountPence,
      detail: { billingDate: recovered.billingDate, orderId: input.orderId, method: 'card' },
      dedupeKey: `collection:${recovered.id}:recovered`,
    });
    await clearSettledPaymentProblem(tx, recovered.membershipId);
  }
}

/** The confirmation page's line for a paid failed collection. */
export function outstandingBalanceOrderItem(
  line: {
    description: string;
    amountPence: number;
    details: OrderItemDetails | OutstandingBalanceDetails | null;
  },
  money: (pence: number) => Money,
): OrderOutstandingBalanceItem {
  const details = line.details?.kind === 'outstanding_balance' ? line.details : null;
  const billingDate = details?.billingDate ?? '';
  return {
    type: 'outstanding_balance',
    name: outstandingBalanceWords.lineName,
    description: line.description,
    membershipName: details?.membershipName ?? '',
    billingDate,
    prettyBillingDate: billingDate ? prettyDate(billingDate) : '',
    total: money(line.amountPence),
  };
}
