import { createHash } from 'node:crypto';
import { sessionWhen } from '@lido/pricing/booking-rules';
import type { CalendarDate } from '@lido/pricing/calendar-date';
import type { Db, Tx } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { chargeable, savedCardBilling } from '../checkout/card-billing.ts';
import type { OfferPayments } from '../checkout/card-payment-recovery.ts';
import { findOrder, insertOrder, insertOrderItems, savedCardOf } from '../checkout/checkout.repository.ts';
import { BasketChangedError, paymentCompletionFailed } from '../checkout/order-completion.ts';
import { findAttempt, insertAttempt, moveAttempt } from '../checkout/payment-attempt.repository.ts';
import type { OfferNotices } from './waiting-list-emails.ts';
import { bookOfferedPlace, type OfferToNotify, offersById } from './offer-booking.repository.ts';

/**
 * Booking an offered place by charging the saved card the customer agreed to (issue 18 item 5,
 * decision 0054). The charge is an ordinary card payment attempt, saved before the provider is
 * called, whose order is made like a basket's (order, order line, booking, receipt); it names its
 * waiting list entry instead of a basket, so recovery finishes it through `OfferPayments`.
 */

export const placeGoneMessage =
  'The place offered from the waiting list was no longer free, so the payment was given back.';

/**
 * The offer's payment attempt id, derived from the offer (its entry and offer time) in the shape of
 * a UUID: the attempt's primary key, so an offer can never have two charges, and the provider's
 * idempotency key derives from it.
 */
export function offerAttemptUuid(offer: Pick<OfferToNotify, 'entry'>): string {
  const hex = createHash('sha256')
    .update(`waiting-list-offer:${offer.entry.id}:${offer.entry.offeredAt?.toISOString() ?? ''}`)
    .digest('hex');
  const variant = (8 | (Number.parseInt(hex[16]!, 16) & 3)).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** What the charge is for, as the card statement and the provider's records say it. */
export function offerChargeDescription(offer: OfferToNotify, timeZone: string): string {
  return `Waiting list: ${offer.activityName}, ${sessionWhen(offer.startsAt, offer.endsAt, timeZone)}`;
}

/**
 * In the transaction that claims the offer: the payment attempt of the agreed saved card (still
 * the customer's, this provider's, not expired), at the cheapest price open to the attendee.
 * Answers its id, or undefined when that card cannot be charged (the offer is then emailed).
 */
export async function startOfferCharge(
  tx: Tx,
  offer: OfferToNotify,
  price: { id: number; pricePence: number },
  context: { provider: string; currency: string; today: CalendarDate },
): Promise<string | undefined> {
  const { entry } = offer;
  const card =
    entry.payWithSavedCardId === null
      ? undefined
      : await savedCardOf(tx, entry.payWithSavedCardId, entry.customerId);
  if (!card || !chargeable(card, context.provider, context.today)) return undefined;
  const uuid = offerAttemptUuid(offer);
  await insertAttempt(tx, {
    uuid,
    customerId: entry.customerId,
    cartId: null,
    waitingListEntryId: entry.id,
    provider: context.provider,
    vendorTxCode: `LW-${entry.id}-${entry.offeredAt?.getTime() ?? 0}`,
    amountPence: price.pricePence,
    currency: context.currency,
    savedCardId: card.id,
    billing: savedCardBilling(card),
    bookingLines: [
      {
        id: 0,
        sessionId: entry.sessionId,
        priceId: price.id,
        purchasedForCustomerId: entry.attendeeCustomerId,
        quantity: 1,
        unitPricePence: price.pricePence,
        amountPence: price.pricePence,
        waiverAcceptedAt: null,
      },
    ],
  });
  return uuid;
}

/**
 * How recovery (and the job, straight after the charge) finishes an offer's payment: its order
 * made in one transaction with the booking, or, when the place is no longer the customer's, a
 * `BasketChangedError` so the money goes back; a card not charged sends the ordinary offer.
 */
export function createOfferPayments(deps: {
  db: Db;
  timeZone: string;
  notices: OfferNotices;
}): OfferPayments {
  return {
    async complete(attemptUuid, onCreated) {
      return deps.db.transaction(async (tx) => {
        const attempt = await findAttempt(tx, attemptUuid, { lock: true });
        if (!attempt || attempt.waitingListEntryId === null)
          throw new HttpError(404, 'No transaction ID available for payment completion');
        if (attempt.orderId !== null) {
          const done = await findOrder(tx, attempt.orderId);
          return { orderId: done!.id, reference: done!.reference, created: false };
        }
        if (attempt.status !== 'authorised') throw new HttpError(422, paymentCompletionFailed);
        const [offer] = await offersById(tx, [attempt.waitingListEntryId]);
        const paid = attempt.bookingLines[0];
        if (!offer || !paid) throw new BasketChangedError(placeGoneMessage);
        const order = await insertOrder(tx, {
          customerId: attempt.customerId,
          venueId: offer.venueId,
          source: 'bookings',
          status: 'completed',
          totalPence: attempt.amountPence,
          paymentMethod: 'card',
          creditPence: 0,
          cardLastFour: attempt.card?.lastFour ?? null,
        });
        const booked = await bookOfferedPlace(tx, offer, {
          id: paid.priceId,
          pricePence: paid.amountPence,
          benefitUseId: null,
          orderId: order.id,
        });
        // Left, claimed through the basket, lapsed and passed on, or the session cancelled.
        if (booked === undefined) throw new BasketChangedError(placeGoneMessage);
        await insertOrderItems(tx, [
          {
            orderId: order.id,
            position: 1,
            itemType: 'booking',
            description: `${offer.activityName}, ${sessionWhen(offer.startsAt, offer.endsAt, deps.timeZone)}`,
            amountPence: paid.amountPence,
            details: null,
          },
        ]);
        // Locked above and checked authorised, so this moves.
        await moveAttempt(tx, attemptUuid, ['authorised'], 'completed', { orderId: order.id });
        await onCreated?.(tx, { id: order.id, customerId: attempt.customerId });
        await deps.notices.booked(tx, offer, attempt.card?.lastFour ?? undefined);
        return { orderId: order.id, reference: order.reference, created: true };
      });
    },

    async notCharged(attempt) {
      if (attempt.waitingListEntryId === null) return;
      const [offer] = await offersById(deps.db, [attempt.waitingListEntryId]);
      // Still kept for them: told as any offer, with what is left of its hold.
      if (offer?.entry.status === 'offered') await deps.notices.offered(undefined, offer);
    },
  };
}
