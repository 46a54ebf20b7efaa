import type { Cart } from '@lido/contracts/cart-answers';
import { type OutstandingBalance, outstandingBalanceWords } from '@lido/contracts/outstanding-balance';
import { prettyDate } from '@lido/pricing/calendar-date';
import { ValidationError } from '../../http/errors.ts';
import type { CustomerRow } from '../auth/index.ts';
import { moneyFormat } from '@lido/pricing/money';
import { requireOperator } from '../operator/index.ts';
import { type FailedCollection, failedCollectionsOf } from '../direct-debit/index.ts';
import { type CartDeps, requireOpen } from './cart-deps.ts';
import type { CartView } from './cart-view.ts';
import type { NewCartItem } from './cart.repository.ts';

/** The line's words: which membership, and the collection's billing date. */
function outstandingBalanceDescription(row: { membershipName: string; billingDate: string }) {
  return `Outstanding balance for ${row.membershipName} (Direct Debit payment due ${prettyDate(row.billingDate)})`;
}

/**
 * A basket line paying one failed collection. It keeps the membership's type, option and centre so
 * the basket's other readers (names, centre) work unchanged; the price is the collection's amount,
 * nothing else (no fees, no terms: they were agreed when the membership was bought).
 */
function lineFor(customer: CustomerRow, row: FailedCollection): NewCartItem {
  return {
    itemType: 'outstanding_balance',
    membershipTypeId: row.membershipTypeId,
    paymentOptionId: row.paymentOptionId,
    venueId: row.venueId,
    purchasedForCustomerId: customer.id,
    renewsMembershipId: null,
    changesMembershipId: null,
    recoversCollectionId: row.collectionId,
    startDate: row.billingDate,
    billingDay: null,
    promotionId: null,
    description: outstandingBalanceDescription(row),
    amountPence: row.amountPence,
    costs: {
      paymentType: 'fixed',
      fixedDuration: null,
      fixedPeriod: null,
      promotionEnabled: false,
      basePrice: row.amountPence,
      fees: { joiningFee: 0, proRataFee: 0, monthInHandFee: 0, discount: 0 },
      proRataDays: 0,
      startDate: row.billingDate,
      endDate: null,
      firstBillingDate: null,
      totalToPayNow: row.amountPence,
    },
  };
}

/** A member's failed Direct Debit collections: what is owed, and paying it by card (issue 22 item 4). */
export function createOutstandingBalanceLines(
  deps: Pick<CartDeps, 'carts' | 'db' | 'operators'>,
  view: CartView,
) {
  const { carts } = deps;

  return {
    /** GET my-account/outstanding-balance: the customer's own failed collections only. */
    async outstandingBalance(customer: CustomerRow): Promise<OutstandingBalance> {
      const [operator, rows] = await Promise.all([
        requireOperator(deps.operators),
        failedCollectionsOf(deps.db, customer.id),
      ]);
      const { money } = moneyFormat(operator.currency);
      return {
        total: money(rows.reduce((sum, row) => sum + row.amountPence, 0)),
        collections: rows.map((row) => ({
          collectionId: row.collectionId,
          membershipId: row.membershipId,
          membershipName: row.membershipName,
          amount: money(row.amountPence),
          billingDate: row.billingDate,
          prettyBillingDate: prettyDate(row.billingDate),
        })),
        blocksBooking: operator.outstandingBalanceBlocksBooking && rows.length > 0,
      };
    },

    /**
     * POST my-account/outstanding-balance/pay: every failed collection into the basket, once each
     * (a repeat adds nothing); a line whose collection is no longer failed leaves the basket.
     */
    async addOutstandingBalance(customer: CustomerRow): Promise<Cart> {
      const owed = await failedCollectionsOf(deps.db, customer.id);
      if (owed.length === 0)
        throw new ValidationError({ outstandingBalance: [outstandingBalanceWords.nothingOwed] });
      const cart = await carts.withLockedCart(customer.id, true, async (tx, locked) => {
        requireOpen(locked);
        const existing = (await carts.itemRows(tx, locked.id)).filter(
          (row) => row.itemType === 'outstanding_balance',
        );
        const owedIds = owed.map((row) => row.collectionId);
        const stale = existing.filter((row) => !owedIds.includes(row.recoversCollectionId!));
        if (stale.length > 0)
          await carts.deleteItems(
            tx,
            locked.id,
            stale.map((row) => row.id),
          );
        const inBasket = existing.map((row) => row.recoversCollectionId);
        for (const row of owed)
          if (!inBasket.includes(row.collectionId))
            await carts.insertItem(tx, locked.id, lineFor(customer, row));
        return locked;
      });
      return view(customer, cart);
    },
  };
}
