import { creditMessages } from '@lido/contracts/offline-payments';
import type { CalendarDate } from '@lido/pricing/calendar-date';
import type { Db, Tx } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import {
  BasketChangedError,
  type CompletionContext,
  type KindLines,
  type LineKind,
  type LineKinds,
} from '../line-kinds/index.ts';
import {
  type CartRow,
  findOrder,
  insertOrder,
  insertOrderItems,
  lastCompletedOrder,
  openCartOf,
  saveCard,
} from './checkout.repository.ts';
import { spendCredit } from '../account-credit/index.ts';
import { lockCart, markCartCompleted } from '../cart/index.ts';
import { type AttemptRow, findAttempt, moveAttempt } from './payment-attempt.repository.ts';

export { BasketChangedError } from '../line-kinds/index.ts';

export const termsNotAccepted = 'Please check all required terms and conditions';
const paymentRequired = 'Payment is required for this basket.';
const paymentCompletionFailed = 'Payment completion failed';

/**
 * The payment is for a basketless purchase (a waiting list's offer, decision 0054): the caller
 * completes it with `completePaidPurchase` instead.
 */
export class OfferPaymentError extends BasketChangedError {}

const creditChanged =
  'Your account credit changed while you were paying, so the payment was cancelled and you have not been charged.';

/** A new order, as what it triggers in its own transaction sees it. */
export interface CreatedOrder {
  id: number;
  customerId: number;
  reference: string;
  totalPence: number;
  /** the account credit it spent */
  creditPence: number;
  /** the card that paid, when one did */
  cardLastFour: string | null;
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

/** A kind with its lines in the order being made. */
interface Part {
  kind: LineKind;
  lines: KindLines;
}

/** What completing a basket needs; the kinds are checkout's registered line kinds. */
interface BasketCompletion {
  customerId: number;
  customerReference: string;
  acceptedTermIds: number[];
  today: CalendarDate;
  /** now, and the operator's time zone, for what an order books */
  now: Date;
  timeZone: string;
  /** the basket lines whose waivers were accepted (without a card payment; a card's are on its attempt) */
  acceptedWaivers?: Set<number>;
  /** the authorised card payment that pays for the basket (with the credit it recorded) */
  payment?: { attemptUuid: string };
  /** account credit that pays (part of) a basket without a card payment */
  creditPence?: number;
  /** tenders taken at the front desk pay instead (decision 0056) */
  offline?: OfflineSettlement;
  /** queues what a new order sends (its receipt) in this transaction, so a crash cannot lose it */
  onCreated?: (tx: Tx, order: CreatedOrder) => Promise<void>;
}

/**
 * Turns the customer's basket into an order in one transaction (architecture.md house rule 6):
 * the basket row is locked, each registered line kind's lines are locked, checked against what
 * was paid and fulfilled, and the basket is marked completed with the order's id. Concurrent or
 * repeated completes wait on the lock, then find the basket completed and answer the same order
 * (quality.md R1). A basket with something to pay completes only with an authorised card payment
 * of exactly its total; that attempt row is locked too and records the order, so a repeat answers
 * it. A kind that refuses with something to do once the order rolled back (a promotion that ran
 * out leaves the basket) has it done here.
 */
export async function completeBasket(
  db: Db,
  kinds: LineKinds,
  input: BasketCompletion,
): Promise<CompletedOrder> {
  try {
    return await completeInTransaction(db, kinds, input);
  } catch (error) {
    if (error instanceof BasketChangedError) await error.afterRollback?.();
    throw error;
  }
}

/** The terms a basket's lines need: catalogue reads, so read before the order's transaction. */
async function requiredTermIds(db: Db, kinds: LineKinds, customerId: number): Promise<number[]> {
  const withTerms = kinds.filter((kind) => kind.requiredTermIds);
  if (withTerms.length === 0) return [];
  const cart = await openCartOf(db, customerId);
  if (!cart) return [];
  const ids = await Promise.all(
    withTerms.map(async (kind) => kind.requiredTermIds!(await kind.linesOf(db, cart.id))),
  );
  return ids.flat();
}

/** The basket's lines of every kind, priced, with their count and total. */
export async function basketLines(db: Db, kinds: LineKinds, cartId: number) {
  // Independent reads, sent together (outside a transaction, each takes its own connection).
  const parts = await Promise.all(
    kinds.map(async (kind) => ({ kind, lines: await kind.linesOf(db, cartId) })),
  );
  return { parts, ...sums(parts) };
}

const sums = (parts: Part[]) => ({
  count: parts.reduce((sum, part) => sum + part.lines.count, 0),
  totalPence: parts.reduce((sum, part) => sum + part.lines.totalPence, 0),
});

async function completeInTransaction(
  db: Db,
  kinds: LineKinds,
  input: BasketCompletion,
): Promise<CompletedOrder> {
  const required = await requiredTermIds(db, kinds, input.customerId);

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
      if (attempt.orderId !== null) return answerOf(await findOrder(tx, attempt.orderId));
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
    const context = completionContext(input, cart.id);
    const parts: Part[] = [];
    for (const kind of kinds) {
      const locked = await kind.linesOf(tx, cart.id, { lock: true });
      const lines = kind.toBuy
        ? await kind.toBuy(tx, locked, { ...context, paid: attempt?.paidLines[kind.name] })
        : locked;
      parts.push({ kind, lines });
    }
    const { count, totalPence: total } = sums(parts);
    if (count === 0)
      throw new HttpError(422, 'Your basket is empty.', { errors: { cart: ['Your basket is empty.'] } });
    const credit = input.offline
      ? input.offline.settle(total).creditPence
      : attempt
        ? attempt.creditPence
        : (input.creditPence ?? 0);
    if (!input.offline) checkPaysTotal({ total, credit, attempt });
    for (const { kind, lines } of parts)
      await kind.payable?.(tx, lines, { customerId: input.customerId, cartId: cart.id });
    const accepted = attempt ? attempt.acceptedTermIds : input.acceptedTermIds;
    if (!required.every((id) => accepted.includes(id)))
      throw new HttpError(422, termsNotAccepted, { errors: { terms: [termsNotAccepted] } });

    const bookingsSite = parts.some(({ kind, lines }) => kind.madeOnBookingsSite && lines.count > 0);
    const order = await makeOrder(tx, parts, {
      ...context,
      total,
      credit,
      attempt,
      // An order that books or buys a package was made on the bookings site (joining spec "After payment").
      source: input.offline ? 'front-of-house' : bookingsSite ? 'bookings' : cart.source,
      offline: input.offline !== undefined,
      onCreated: input.onCreated,
    });
    await markCartCompleted(tx, cart.id, order.orderId);
    return order;
  });
}

const answerOf = (done: Awaited<ReturnType<typeof findOrder>>): CompletedOrder => ({
  orderId: done!.id,
  reference: done!.reference,
  created: false,
});

function completionContext(
  input: Pick<BasketCompletion, 'customerId' | 'customerReference' | 'today' | 'now' | 'timeZone'> & {
    acceptedWaivers?: Set<number> | undefined;
  },
  cartId: number | null,
): Omit<CompletionContext, 'paid'> {
  return {
    customerId: input.customerId,
    customerReference: input.customerReference,
    today: input.today,
    now: input.now,
    timeZone: input.timeZone,
    cartId,
    acceptedWaivers: input.acceptedWaivers ?? new Set(),
    // A card payment that no longer matches is given back; a desk or credit basket is only refused.
    changed: (message?: string) => new BasketChangedError(message),
  };
}

/**
 * The one way an order is made, for a basket and for a basketless purchase: the order row, the
 * credit it spends, each kind's lines fulfilled with its receipt lines, and the card payment that
 * paid closed with it; then what the order sends is queued in the same transaction.
 */
async function makeOrder(
  tx: Tx,
  parts: Part[],
  input: Omit<CompletionContext, 'paid'> & {
    total: number;
    credit: number;
    attempt: AttemptRow | undefined;
    source: CartRow['source'];
    /** paid by tenders taken at the desk */
    offline: boolean;
    onCreated: BasketCompletion['onCreated'];
  },
): Promise<CompletedOrder> {
  const { total, credit, attempt } = input;
  const order = await insertOrder(tx, {
    customerId: input.customerId,
    venueId: parts.find(({ lines }) => lines.venueId !== null)?.lines.venueId ?? null,
    source: input.source,
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
  let position = 0;
  for (const { kind, lines } of parts) {
    if (lines.count === 0) continue;
    const receipt = await kind.fulfil(tx, lines, {
      ...input,
      paid: attempt?.paidLines[kind.name],
      order: { id: order.id, reference: order.reference, cardLastFour: attempt?.card?.lastFour ?? null },
    });
    if (receipt.length === 0) continue;
    await insertOrderItems(
      tx,
      receipt.map((line) => ({ ...line, orderId: order.id, position: (position += 1) })),
    );
  }
  if (attempt) await closeAttempt(tx, attempt, input.customerId, order.id);
  await input.onCreated?.(tx, {
    id: order.id,
    customerId: input.customerId,
    reference: order.reference,
    totalPence: total,
    creditPence: credit,
    cardLastFour: attempt?.card?.lastFour ?? null,
  });
  return { orderId: order.id, reference: order.reference, created: true };
}

/**
 * A basketless purchase paid by card (a waiting list's offer charged to the saved card the
 * customer agreed to, decision 0054): its lines come from what the payment recorded, read by the
 * kind that recorded them, and its order is made exactly as a basket's. A repeat answers the
 * order; lines that can no longer be had are a `BasketChangedError` (the money goes back).
 */
export async function completePaidPurchase(
  db: Db,
  kinds: LineKinds,
  input: Pick<BasketCompletion, 'today' | 'now' | 'timeZone' | 'onCreated'> & {
    attemptUuid: string;
    customerReference: (customerId: number) => Promise<string>;
  },
): Promise<CompletedOrder> {
  return db.transaction(async (tx) => {
    const attempt = await findAttempt(tx, input.attemptUuid, { lock: true });
    if (!attempt || attempt.cartId !== null)
      throw new HttpError(404, 'No transaction ID available for payment completion');
    if (attempt.orderId !== null) return answerOf(await findOrder(tx, attempt.orderId));
    if (attempt.status !== 'authorised') throw new HttpError(422, paymentCompletionFailed);
    const context = completionContext(
      {
        ...input,
        customerId: attempt.customerId,
        customerReference: await input.customerReference(attempt.customerId),
      },
      null,
    );
    const parts: Part[] = [];
    for (const kind of kinds) {
      const paid = attempt.paidLines[kind.name];
      if (paid === undefined || !kind.paidLines) continue;
      const lines = await kind.paidLines(tx, { ...context, paid });
      parts.push({ kind, lines });
    }
    const { count, totalPence: total } = sums(parts);
    if (count === 0 || total !== attempt.amountPence + attempt.creditPence) throw new BasketChangedError();
    return makeOrder(tx, parts, {
      ...context,
      total,
      credit: attempt.creditPence,
      attempt,
      source: parts.some(({ kind }) => kind.madeOnBookingsSite) ? 'bookings' : 'online-joining',
      offline: false,
      onCreated: input.onCreated,
    });
  });
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
