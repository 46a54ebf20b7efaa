import {
  type OrderOutstandingBalanceItem,
  outstandingBalanceWords,
} from '@lido/contracts/outstanding-balance';
import { prettyDate } from '@lido/pricing/calendar-date';
import type { Money } from '@lido/pricing/money';
import type { Executor } from '../../db/client.ts';
import type { OrderItemDetails, OutstandingBalanceDetails } from '../../db/schema.ts';
import { type KindLines, type LineKind, kindLines } from '../line-kinds/index.ts';
import { basketMembershipLines, type BasketMembershipRow } from './basket-lines.repository.ts';
import { recordMembershipEvent } from './membership-events.repository.ts';

/** A failed collection no longer failed when the order is made: the card payment is given back. */
const balanceAlreadySettled =
  'This payment has already been made or is being collected again by Direct Debit, so your card payment was cancelled and you have not been charged.';

interface OutstandingBalanceLines extends KindLines {
  rows: BasketMembershipRow[];
}

/** The Direct Debit module's side of a failed collection paid by card. */
interface OutstandingBalanceLineKindDeps {
  /** marks the failed collection recovered by the order, once; undefined when it is not failed any more */
  recoverCollection(
    db: Executor,
    input: { collectionId: number; customerId: number; orderId: number },
  ): Promise<{ id: number; membershipId: number; amountPence: number; billingDate: string } | undefined>;
  /** clears the membership's payment mark once nothing is owed on it */
  clearSettledPaymentProblem(db: Executor, membershipId: number): Promise<void>;
}

/**
 * Failed Direct Debit collections paid by card (decision 0077's line kind for them): they buy
 * nothing. In the order's transaction each marks its failed collection `recovered` by this order,
 * once (a collection already recovered or being re-presented moves nothing and the whole order
 * rolls back, so the card payment is given back), becomes an order line saying what was paid, puts
 * the payment on the membership's timeline and clears the membership's payment mark.
 */
export function outstandingBalanceLineKind(
  deps: OutstandingBalanceLineKindDeps,
): LineKind<OutstandingBalanceLines> {
  return {
    name: 'outstanding-balance',

    async linesOf(db, cartId) {
      return kindLines(
        await basketMembershipLines(db, cartId, 'outstanding-balances'),
        (row) => row.item.amountPence,
        (row) => row.item.venueId,
      );
    },

    // A failed collection's line (`cartOutstandingBalanceItemSchema`): which membership and billing date.
    async view(_db, lines, { format }) {
      return {
        items: lines.rows.map(({ item, typeName, venueName }) => ({
          id: item.id,
          type: 'outstanding_balance' as const,
          collectionId: item.recoversCollectionId!,
          membershipName: typeName,
          name: outstandingBalanceWords.lineName,
          description: item.description,
          billingDate: item.startDate,
          prettyBillingDate: prettyDate(item.startDate),
          venue: { id: item.venueId, name: venueName },
          price: format.money(item.amountPence),
          sortBy: 0,
          enablePrintReceipt: true,
          created: item.createdAt,
        })),
      };
    },

    async fulfil(tx, lines, context) {
      const receipt = [];
      for (const { item: line, typeName } of lines.rows) {
        const recovered = await deps.recoverCollection(tx, {
          collectionId: line.recoversCollectionId!,
          customerId: context.customerId,
          orderId: context.order.id,
        });
        if (!recovered || recovered.amountPence !== line.amountPence)
          throw context.changed(balanceAlreadySettled);
        const details: OutstandingBalanceDetails = {
          kind: 'outstanding_balance',
          collectionId: recovered.id,
          membershipId: recovered.membershipId,
          membershipName: typeName,
          billingDate: recovered.billingDate,
        };
        receipt.push({
          itemType: 'outstanding_balance' as const,
          description: line.description,
          amountPence: line.amountPence,
          details,
        });
        await recordMembershipEvent(tx, {
          customerMembershipId: recovered.membershipId,
          kind: 'payment_recovered',
          amountPence: recovered.amountPence,
          detail: { billingDate: recovered.billingDate, orderId: context.order.id, method: 'card' },
          dedupeKey: `collection:${recovered.id}:recovered`,
        });
        await deps.clearSettledPaymentProblem(tx, recovered.membershipId);
      }
      return receipt;
    },
  };
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
