import { addDays, type CalendarDate } from '@lido/pricing/calendar-date';
import { creditMessages } from '@lido/contracts/offline-payments';
import { and, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  cartItems,
  carts,
  customerMemberships,
  customers,
  eligibilityRules,
  membershipTypes,
  orderItems,
  orders,
  paymentAttempts,
  paymentOptions,
  savedCards,
  venues,
} from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import type { DirectDebitLine } from '../direct-debit/direct-debit.service.ts';
import { requireDirectDebitFor } from '../direct-debit/direct-debit-required.ts';

import { categoryNamesByType } from '../memberships/category-names.repository.ts';
import { redeemPromotion } from '../memberships/promotion-redemption.repository.ts';

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
    requiredTermIds: (cartId: number) => Promise<number[]>;
    today: CalendarDate;
    /** the authorised card payment that pays for the basket (with the credit it recorded) */
    payment?: { attemptUuid: string };
    /** account credit that pays (part of) a basket without a card payment */
    creditPence?: number;
    /** records a new monthly membership's first Direct Debit collection, in this transaction */
    recordDirectDebit?: (tx: Tx, line: DirectDebitLine) => Promise<void>;
    /** queues what a new order sends (its receipt) in this transaction, so a crash cannot lose it */
    onCreated?: (tx: Tx, order: { id: number; customerId: number }) => Promise<void>;
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

async function completeInTransaction(
  db: Db,
  input: Parameters<typeof completeBasket>[1],
): Promise<CompletedOrder> {
  // The terms to accept are read before the transaction (they are catalogue reads).
  const open = await db
    .select()
    .from(carts)
    .where(and(eq(carts.customerId, input.customerId), ne(carts.status, 'completed')));
  const required = open[0] ? await input.requiredTermIds(open[0].id) : [];

  return db.transaction(async (tx) => {
    let attempt: typeof paymentAttempts.$inferSelect | undefined;
    if (input.payment) {
      [attempt] = await tx
        .select()
        .from(paymentAttempts)
        .where(
          and(
            eq(paymentAttempts.uuid, input.payment.attemptUuid),
            eq(paymentAttempts.customerId, input.customerId),
          ),
        )
        .for('update');
      if (!attempt) throw new HttpError(404, 'No transaction ID available for payment completion');
      if (attempt.orderId !== null) {
        const [done] = await tx.select().from(orders).where(eq(orders.id, attempt.orderId));
        return { orderId: done!.id, reference: done!.reference, created: false };
      }
      if (attempt.status !== 'authorised') throw new HttpError(422, paymentCompletionFailed);
    }
    if (attempt && attempt.cartId === null) throw new BasketChangedError();
    const [cart] = await tx
      .select()
      .from(carts)
      .where(
        attempt
          ? eq(carts.id, attempt.cartId!)
          : and(eq(carts.customerId, input.customerId), ne(carts.status, 'completed')),
      )
      .for('update');
    if (attempt && (!cart || cart.status === 'completed')) throw new BasketChangedError();
    if (!cart) {
      // Already completed by an earlier or concurrent call: answer that order.
      const [done] = await tx
        .select({ orderId: carts.completeOrderId, reference: orders.reference })
        .from(carts)
        .innerJoin(orders, eq(orders.id, carts.completeOrderId))
        .where(and(eq(carts.customerId, input.customerId), eq(carts.status, 'completed')))
        .orderBy(desc(carts.updatedAt))
        .limit(1);
      if (!done?.orderId) throw new HttpError(404, 'Your basket is empty.');
      return { orderId: done.orderId, reference: done.reference, created: false };
    }
    const lines = await tx
      .select()
      .from(cartItems)
      .where(eq(cartItems.cartId, cart.id))
      .orderBy(cartItems.id);
    if (lines.length === 0)
      throw new HttpError(422, 'Your basket is empty.', { errors: { cart: ['Your basket is empty.'] } });
    const total = lines.reduce((sum, line) => sum + line.amountPence, 0);
    const credit = attempt ? attempt.creditPence : (input.creditPence ?? 0);
    if (attempt) {
      if (total !== attempt.amountPence + attempt.creditPence) throw new BasketChangedError();
    } else if (total > credit)
      throw new HttpError(422, paymentRequired, { errors: { payments: [paymentRequired] } });
    else if (credit > total)
      throw new HttpError(422, creditMessages.moreThanTotal, {
        errors: { payments: [creditMessages.moreThanTotal] },
      });
    await requireDirectDebitFor(tx, { customerId: input.customerId, cartId: cart.id, lines });
    const accepted = attempt ? attempt.acceptedTermIds : input.acceptedTermIds;
    if (!required.every((id) => accepted.includes(id)))
      throw new HttpError(422, termsNotAccepted, { errors: { terms: [termsNotAccepted] } });

    const [order] = await tx
      .insert(orders)
      .values({
        reference: sql`'LD-' || nextval('order_reference_seq')::text`,
        customerId: input.customerId,
        venueId: lines[0]!.venueId,
        source: cart.source,
        status: 'completed',
        totalPence: total,
        paymentMethod: attempt ? 'card' : credit > 0 ? 'credit' : 'none',
        creditPence: credit,
        cardLastFour: attempt?.card?.lastFour ?? null,
        completedAt: sql`now()`,
      })
      .returning({ id: orders.id, reference: orders.reference });
    if (credit > 0) {
      // Spent only if still there: two checkouts cannot spend the same credit.
      const spent = await tx
        .update(customers)
        .set({ creditBalancePence: sql`${customers.creditBalancePence} - ${credit}` })
        .where(and(eq(customers.id, input.customerId), gte(customers.creditBalancePence, credit)))
        .returning({ id: customers.id });
      if (spent.length === 0) {
        if (attempt) throw new BasketChangedError(creditChanged);
        throw new HttpError(422, creditMessages.notEnough, {
          errors: { payments: [creditMessages.notEnough] },
        });
      }
    }
    // What each line buys: proof-of-eligibility memberships wait for the proof.
    const typeIds = lines.map((line) => line.membershipTypeId);
    const names = new Map(
      (
        await tx
          .select({ id: membershipTypes.id, name: membershipTypes.name })
          .from(membershipTypes)
          .where(inArray(membershipTypes.id, typeIds))
      ).map((row) => [row.id, row.name]),
    );
    const venueNames = new Map(
      (
        await tx
          .select({ id: venues.id, name: venues.name })
          .from(venues)
          .where(
            inArray(
              venues.id,
              lines.map((line) => line.venueId),
            ),
          )
      ).map((row) => [row.id, row.name]),
    );
    const categories = await categoryNamesByType(tx, typeIds);
    const proofTypes = new Set(
      (
        await tx
          .select({ id: membershipTypes.id })
          .from(membershipTypes)
          .innerJoin(eligibilityRules, eq(eligibilityRules.id, membershipTypes.eligibilityRuleId))
          .where(and(inArray(membershipTypes.id, typeIds), eq(eligibilityRules.kind, 'proof')))
      ).map((row) => row.id),
    );
    const prices = new Map(
      (
        await tx
          .select({ id: paymentOptions.id, price: paymentOptions.pricePence })
          .from(paymentOptions)
          .where(
            inArray(
              paymentOptions.id,
              lines.map((line) => line.paymentOptionId),
            ),
          )
      ).map((row) => [row.id, row.price]),
    );
    await tx.insert(orderItems).values(
      lines.map((line, index) => {
        const { change, ...costs } = line.costs;
        return {
          orderId: order!.id,
          position: index + 1,
          itemType: 'membership' as const,
          description: line.description,
          amountPence: line.amountPence,
          details: {
            kind: line.itemType,
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
    for (const line of lines) {
      if (line.changesMembershipId !== null) {
        // The held membership ends the day before the change; the new one carries on its billing day.
        await tx
          .update(customerMemberships)
          .set({
            endDate: addDays(line.startDate, -1),
            status: line.startDate <= input.today ? 'ended' : 'active',
          })
          .where(eq(customerMemberships.id, line.changesMembershipId));
      }
      const pricePence = prices.get(line.paymentOptionId) ?? line.costs.globalBasePrice.raw.amount;
      const [membership] = await tx
        .insert(customerMemberships)
        .values({
          customerId: input.customerId,
          membershipTypeId: line.membershipTypeId,
          paymentOptionId: line.paymentOptionId,
          homeVenueId: line.venueId,
          status: proofTypes.has(line.membershipTypeId) ? 'pending_eligibility' : 'active',
          startDate: line.startDate,
          endDate: line.costs.endDate,
          billingDay: line.costs.paymentType === 'recurring' ? line.billingDay : null,
          pricePence,
          orderId: order!.id,
        })
        .returning({ id: customerMemberships.id });
      // A new monthly membership starts its collections; a change takes over the held one's.
      if (input.recordDirectDebit && line.costs.paymentType === 'recurring' && line.costs.firstBillingDate)
        await input.recordDirectDebit(tx, {
          replacesMembershipId: line.changesMembershipId,
          cartId: cart.id,
          customerId: input.customerId,
          orderId: order!.id,
          membershipId: membership!.id,
          description: `${names.get(line.membershipTypeId) ?? line.description}, monthly`,
          amountPence: pricePence,
          firstBillingDate: line.costs.firstBillingDate,
          today: input.today,
        });
      if (line.promotionId !== null) {
        const outcome = await redeemPromotion(tx, {
          promotionId: line.promotionId,
          orderReference: order!.reference,
          customerReference: input.customerReference,
        });
        // Exhausted or already used by this customer: the whole order rolls back (nothing is given).
        if (outcome === 'exhausted' || outcome === 'already-used-by-customer')
          throw new PromotionUnavailableError(cart.id, line.promotionId);
      }
    }
    await tx
      .update(carts)
      .set({ status: 'completed', completeOrderId: order!.id, updatedAt: sql`now()` })
      .where(eq(carts.id, cart.id));
    if (attempt) {
      const card = attempt.card;
      // A card the customer chose to keep is saved with the order: only its reference and receipt details.
      if (attempt.saveCard && card?.reference)
        await tx
          .insert(savedCards)
          .values({
            customerId: input.customerId,
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
          })
          .onConflictDoNothing();
      await tx
        .update(paymentAttempts)
        .set({ status: 'completed', orderId: order!.id, updatedAt: sql`now()` })
        .where(eq(paymentAttempts.uuid, attempt.uuid));
    }
    await input.onCreated?.(tx, { id: order!.id, customerId: input.customerId });
    return { orderId: order!.id, reference: order!.reference, created: true };
  });
}
