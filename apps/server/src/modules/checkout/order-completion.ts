import { addDays, type CalendarDate } from '@lido/pricing/calendar-date';
import { creditMessages } from '@lido/contracts/offline-payments';
import type { Db, Tx } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import type { DirectDebitLine } from '../direct-debit/direct-debit.service.ts';
import { requireDirectDebitFor } from '../direct-debit/direct-debit-required.ts';
import { recordStart } from './membership-start.ts';
import { redeemPromotion } from '../memberships/promotion-redemption.repository.ts';
import {
  cartLines,
  type CartLine,
  type CartRow,
  endMembership,
  findOrder,
  insertMembership,
  insertOrder,
  insertOrderItems,
  lastCompletedOrder,
  lockCart,
  markCartCompleted,
  openCartWithLines,
  orderLineFacts,
  saveCard,
  spendCredit,
} from './checkout.repository.ts';
import { type AttemptRow, findAttempt, moveAttempt } from './payment-attempt.repository.ts';
import { payOutstandingBalances } from './outstanding-balance-completion.ts';
import { type BookedLine, bookingsToBuy, buyBookings } from '../bookings/booking-completion.ts';
import { buyPackages } from '../packages/package-purchase.ts';
import { packageLinesOf } from '../packages/package-lines.repository.ts';

export const termsNotAccepted = 'Please check all required terms and conditions';
export const paymentRequired = 'Payment is required for this basket.';
export const paymentCompletionFailed = 'Payment completion failed';

/** The basket no longer matches what was paid: the payment must be given back, not kept. */
export class BasketChangedError extends HttpError {
  constructor(
    message = 'Your basket changed while you were paying, so the payment was cancelled and you have not been charged.',
  ) {
    super(409, message);
  }
}

/**
 * The payment is for a waiting list's offer (decision 0054), which has no basket: the caller
 * completes the offer instead, and one that cannot is answered as a changed basket (money back).
 */
export class OfferPaymentError extends BasketChangedError {}

/** quality.md S3: a promotion that ran out (or was used) meanwhile is not given; the customer is told. */
export const promotionUnavailable =
  'This promotion is no longer available, so it has been taken off your basket: please check the new total. You have not been charged.';

/** A line's promotion was refused at redemption: nothing of the order stays, the basket is repriced. */
export class PromotionUnavailableError extends BasketChangedError {
  constructor(
    readonly cartId: number,
    readonly promotionId: number,
  ) {
    super(promotionUnavailable);
  }
}

export const creditChanged =
  'Your account credit changed while you were paying, so the payment was cancelled and you have not been charged.';

/** A new order, as what it triggers in its own transaction sees it. */
export interface CreatedOrder {
  id: number;
  customerId: number;
  reference: string;
  totalPence: number;
}

/**
 * A basket paid at the front desk (decision 0056): its transaction is claimed first, so a repeat
 * answers the order the first call made, and its tenders are checked against the total instead of
 * the online rule that only credit may pay without a card.
 */
export interface OfflineSettlement {
  claim(tx: Tx): Promise<CompletedOrder | undefined>;
  /** the account credit the tenders spend; a 422 when they do not pay the total */
  settle(totalPence: number): { creditPence: number };
}

export interface CompletedOrder {
  orderId: number;
  reference: string;
  /** false when this call found the basket already completed (a repeat or a race). */
  created: boolean;
}

/**
 * Turns the customer's basket into an order in one transaction (architecture.md house rule 6):
 * the basket row is locked, its lines become order lines and the memberships they buy, promotions
 * are redeemed, and the basket is marked completed with the order's id. Concurrent or repeated
 * completes wait on the lock, then find the basket completed and answer the same order (quality.md
 * R1). A basket with something to pay completes only with an authorised card payment of exactly
 * its total; that attempt row is locked too and records the order, so a repeat answers it.
 */
export async function completeBasket(
  db: Db,
  input: {
    customerId: number;
    customerReference: string;
    acceptedTermIds: number[];
    /** the terms a basket's lines need that were not accepted with them (catalogue reads) */
    requiredTermIds: (lines: CartLine[]) => Promise<number[]>;
    today: CalendarDate;
    /** now, and the operator's time zone, for the bookings an order makes */
    now: Date;
    timeZone: string;
    /** the booking lines whose waivers were accepted (without a card payment; a card's are on its attempt) */
    acceptedWaivers?: Set<number>;
    /** the authorised card payment that pays for the basket (with the credit it recorded) */
    payment?: { attemptUuid: string };
    /** account credit that pays (part of) a basket without a card payment */
    creditPence?: number;
    /** tenders taken at the front desk pay instead (decision 0056) */
    offline?: OfflineSettlement;
    /** records a new monthly membership's first Direct Debit collection, in this transaction */
    recordDirectDebit?: (tx: Tx, line: DirectDebitLine) => Promise<void>;
    /** queues what a new order sends (its receipt) in this transaction, so a crash cannot lose it */
    onCreated?: (tx: Tx, order: CreatedOrder) => Promise<void>;
    /** after a refused promotion rolled the order back: prices the basket again without it */
    dropPromotion?: (cartId: number, promotionId: number) => Promise<void>;
  },
): Promise<CompletedOrder> {
  try {
    return await completeInTransaction(db, input);
  } catch (error) {
    if (error instanceof PromotionUnavailableError)
      await input.dropPromotion?.(error.cartId, error.promotionId);
    throw error;
  }
}

type CompletionInput = Parameters<typeof completeBasket>[1];

async function completeInTransaction(db: Db, input: CompletionInput): Promise<CompletedOrder> {
  // The terms to accept are read before the transaction (they are catalogue reads), from the
  // basket and its lines in one read.
  const open = await openCartWithLines(db, input.customerId);
  const required = open ? await input.requiredTermIds(open.lines) : [];

  return db.transaction(async (tx) => {
    const repeated = await input.offline?.claim(tx);
    if (repeated) return repeated;
    let attempt: AttemptRow | undefined;
    if (input.payment) {
      attempt = await findAttempt(tx, input.payment.attemptUuid, {
        customerId: input.customerId,
        lock: true,
      });
      if (!attempt) throw new HttpError(404, 'No transaction ID available for payment completion');
      if (attempt.waitingListEntryId !== null) throw new OfferPaymentError();
      if (attempt.orderId !== null) {
        const done = await findOrder(tx, attempt.orderId);
        return { orderId: done!.id, reference: done!.reference, created: false };
      }
      if (attempt.status !== 'authorised') throw new HttpError(422, paymentCompletionFailed);
    }
    if (attempt && attempt.cartId === null) throw new BasketChangedError();
    const cart = await lockCart(tx, attempt ? { cartId: attempt.cartId! } : { openOf: input.customerId });
    if (attempt && (!cart || cart.status === 'completed')) throw new BasketChangedError();
    if (!cart) {
      // Already completed by an earlier or concurrent call: answer that order. (At the desk the
      // claim answers repeats, so no basket there is an empty one, never an earlier order.)
      const done = input.offline ? undefined : await lastCompletedOrder(tx, input.customerId);
      if (!done?.orderId) throw new HttpError(404, 'Your basket is empty.');
      return { orderId: done.orderId, reference: done.reference, created: false };
    }
    const lines = await cartLines(tx, cart.id);
    const paidBookings = attempt ? attempt.bookingLines : undefined;
    const changed = (message?: string) => new BasketChangedError(message);
    const bookings = await bookingsToBuy(tx, {
      cartId: cart.id,
      paid: paidBookings,
      acceptedWaivers: input.acceptedWaivers ?? new Set(),
      changed,
    });
    const packages = await packageLinesOf(tx, cart.id);
    if (lines.length === 0 && bookings.count === 0 && packages.length === 0)
      throw new HttpError(422, 'Your basket is empty.', { errors: { cart: ['Your basket is empty.'] } });
    const total =
      lines.reduce((sum, line) => sum + line.amountPence, 0) +
      bookings.totalPence +
      packages.reduce((sum, { line }) => sum + line.pricePence, 0);
    const credit = input.offline
      ? input.offline.settle(total).creditPence
      : attempt
        ? attempt.creditPence
        : (input.creditPence ?? 0);
    if (!input.offline) checkPaysTotal({ total, credit, attempt });
    await requireDirectDebitFor(tx, { customerId: input.customerId, cartId: cart.id, lines });
    const accepted = attempt ? attempt.acceptedTermIds : input.acceptedTermIds;
    if (!required.every((id) => accepted.includes(id)))
      throw new HttpError(422, termsNotAccepted, { errors: { terms: [termsNotAccepted] } });

    const order = await insertOrder(tx, {
      customerId: input.customerId,
      venueId: lines[0]?.venueId ?? bookings.venueId ?? packages[0]?.line.venueId ?? null,
      // An order that books or buys a package was made on the bookings site (joining spec "After payment").
      source: input.offline
        ? 'front-of-house'
        : bookings.count > 0 || packages.length > 0
          ? 'bookings'
          : cart.source,
      status: 'completed',
      totalPence: total,
      paymentMethod: input.offline ? 'offline' : attempt ? 'card' : credit > 0 ? 'credit' : 'none',
      creditPence: credit,
      cardLastFour: attempt?.card?.lastFour ?? null,
    });
    // Spent only if still there: two checkouts cannot spend the same credit.
    if (credit > 0 && !(await spendCredit(tx, input.customerId, credit))) {
      if (attempt) throw new BasketChangedError(creditChanged);
      throw new HttpError(422, creditMessages.notEnough, {
        errors: { payments: [creditMessages.notEnough] },
      });
    }
    await buyLines(tx, input, { cart, lines, order });
    const booked = await buyBookings(tx, bookings, {
      customerId: input.customerId,
      orderId: order.id,
      timeZone: input.timeZone,
      paid: paidBookings,
      now: input.now,
      changed,
    });
    await bookingOrderItems(tx, order.id, lines.length, booked);
    await buyPackages(tx, {
      orderId: order.id,
      after: lines.length + booked.length,
      lines: packages,
      today: input.today,
    });
    await markCartCompleted(tx, cart.id, order.id);
    if (attempt) await closeAttempt(tx, attempt, input.customerId, order.id);
    await input.onCreated?.(tx, {
      id: order.id,
      customerId: input.customerId,
      reference: order.reference,
      totalPence: total,
    });
    return { orderId: order.id, reference: order.reference, created: true };
  });
}

/** Each booking is a line of the order's receipt, after its memberships. */
async function bookingOrderItems(tx: Tx, orderId: number, after: number, booked: BookedLine[]) {
  if (booked.length === 0) return;
  await insertOrderItems(
    tx,
    booked.map((line, index) => ({
      orderId,
      position: after + index + 1,
      itemType: 'booking' as const,
      description: line.description,
      amountPence: line.amountPence,
      details: null,
    })),
  );
}

/** A card payment must be exactly the total less its credit; without one, credit must pay it all. */
function checkPaysTotal({ total, credit, attempt }: { total: number; credit: number; attempt?: AttemptRow }) {
  if (attempt) {
    if (total !== attempt.amountPence + attempt.creditPence) throw new BasketChangedError();
  } else if (total > credit)
    throw new HttpError(422, paymentRequired, { errors: { payments: [paymentRequired] } });
  else if (credit > total)
    throw new HttpError(422, creditMessages.moreThanTotal, {
      errors: { payments: [creditMessages.moreThanTotal] },
    });
}

/**
 * The basket's lines become order lines and the memberships they buy (proof-of-eligibility ones
 * wait for the proof); a change ends the held membership; monthly ones start their collections;
 * promotions are redeemed, and one that was refused rolls the whole order back.
 */
async function buyLines(
  tx: Tx,
  input: CompletionInput,
  { cart, lines, order }: { cart: CartRow; lines: CartLine[]; order: { id: number; reference: string } },
) {
  if (lines.length === 0) return;
  const typeIds = lines.map((line) => line.membershipTypeId);
  const { names, venueNames, categories, proofTypes, prices } = await orderLineFacts(tx, {
    typeIds,
    venueIds: lines.map((line) => line.venueId),
    paymentOptionIds: lines.map((line) => line.paymentOptionId),
  });
  // Failed Direct Debit collections paid by card buy nothing: they are recovered, once.
  const positioned = lines.map((line, index) => ({ line, position: index + 1 }));
  await payOutstandingBalances(tx, {
    lines: positioned.filter(({ line }) => line.itemType === 'outstanding_balance'),
    customerId: input.customerId,
    orderId: order.id,
    membershipNames: names,
    changed: (message) => new BasketChangedError(message),
  });
  const bought = positioned.filter(({ line }) => line.itemType !== 'outstanding_balance');
  if (bought.length === 0) return;
  await insertOrderItems(
    tx,
    bought.map(({ line, position }) => {
      const { change, ...costs } = line.costs;
      return {
        orderId: order.id,
        position,
        itemType: 'membership' as const,
        description: line.description,
        amountPence: line.amountPence,
        details: {
          kind: line.itemType as Exclude<typeof line.itemType, 'outstanding_balance'>,
          name: names.get(line.membershipTypeId) ?? line.description,
          categories: categories.get(line.membershipTypeId) ?? [],
          venueName: venueNames.get(line.venueId) ?? '',
          membershipTypeId: line.membershipTypeId,
          requiresEligibility: proofTypes.has(line.membershipTypeId),
          costs,
          change: change ?? null,
        },
      };
    }),
  );
  for (const { line } of bought) {
    if (line.changesMembershipId !== null) {
      // The held membership ends the day before the change; the new one carries on its billing day.
      await endMembership(tx, line.changesMembershipId, {
        endDate: addDays(line.startDate, -1),
        status: line.startDate <= input.today ? 'ended' : 'active',
      });
    }
    const pricePence = prices.get(line.paymentOptionId) ?? line.costs.basePrice;
    const membershipId = await insertMembership(tx, {
      // The member holds it (a dependant the payer bought it for: decision 0051); the payer pays.
      customerId: line.purchasedForCustomerId,
      membershipTypeId: line.membershipTypeId,
      paymentOptionId: line.paymentOptionId,
      homeVenueId: line.venueId,
      status: proofTypes.has(line.membershipTypeId) ? 'pending_eligibility' : 'active',
      startDate: line.startDate,
      endDate: line.costs.endDate,
      billingDay: line.costs.paymentType === 'recurring' ? line.billingDay : null,
      pricePence,
      orderId: order.id,
    });
    await recordStart(tx, line, membershipId, order.id, input.today);
    // A new monthly membership starts its collections; a change takes over the held one's.
    if (input.recordDirectDebit && line.costs.paymentType === 'recurring' && line.costs.firstBillingDate)
      await input.recordDirectDebit(tx, {
        replacesMembershipId: line.changesMembershipId,
        cartId: cart.id,
        customerId: input.customerId,
        orderId: order.id,
        membershipId,
        description: `${names.get(line.membershipTypeId) ?? line.description}, monthly`,
        amountPence: pricePence,
        firstBillingDate: line.costs.firstBillingDate,
        today: input.today,
      });
    if (line.promotionId !== null) {
      const outcome = await redeemPromotion(tx, {
        promotionId: line.promotionId,
        orderReference: order.reference,
        customerReference: input.customerReference,
      });
      // Exhausted or already used by this customer: the whole order rolls back (nothing is given).
      if (outcome === 'exhausted' || outcome === 'already-used-by-customer')
        throw new PromotionUnavailableError(cart.id, line.promotionId);
    }
  }
}

/** The card payment records its order; a card the customer chose to keep is saved with it. */
async function closeAttempt(tx: Tx, attempt: AttemptRow, customerId: number, orderId: number) {
  const card = attempt.card;
  if (attempt.saveCard && card?.reference)
    await saveCard(tx, {
      customerId,
      provider: attempt.provider,
      providerReference: card.reference,
      cardType: card.type,
      lastFourDigits: card.lastFour,
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear,
      firstName: attempt.billing.firstName,
      lastName: attempt.billing.lastName,
      addressLine1: attempt.billing.line1,
      addressLine2: attempt.billing.line2 ?? null,
      city: attempt.billing.city,
      postCode: attempt.billing.postcode,
    });
  // Locked above and checked authorised, so this moves.
  await moveAttempt(tx, attempt.uuid, ['authorised'], 'completed', { orderId });
}
