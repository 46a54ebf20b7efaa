import { createHash } from 'node:crypto';
import { sessionWhen } from '@lido/pricing/booking-rules';
import type { Db } from '../../db/client.ts';
import type { OfferPayments, SavedCardPaymentStart } from '../checkout/index.ts';
import type { KindLines, LineKind } from '../line-kinds/index.ts';
import type { OfferNotices } from './waiting-list-emails.ts';
import {
  bookOfferedPlace,
  type InsertBookings,
  type OfferToNotify,
  offersById,
} from './offer-booking.repository.ts';

/**
 * Booking an offered place by charging the saved card the customer agreed to (issue 18 item 5,
 * decision 0054). The charge is an ordinary card payment attempt, saved before the provider is
 * called, whose order checkout makes as it makes a basket's, through the offered place's line kind
 * (order, order line, booking, receipt); it names its waiting list entry instead of a basket.
 */

export const placeGoneMessage =
  'The place offered from the waiting list was no longer free, so the payment was given back.';

/**
 * The offer's payment attempt id, derived from the offer (its entry and offer time) in the shape of
 * a UUID: the attempt's primary key, so an offer can never have two charges, and the provider's
 * idempotency key derives from it.
 */
function offerAttemptUuid(offer: Pick<OfferToNotify, 'entry'>): string {
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
 * In the transaction that claims the offer: the payment of the agreed saved card at the cheapest
 * price open to the attendee, started by checkout (`CardCharges.start`). Answers what to start, or
 * undefined when the entry names no card (the offer is then emailed).
 */
export function offerCharge(
  offer: OfferToNotify,
  price: { id: number; pricePence: number },
): SavedCardPaymentStart | undefined {
  const { entry } = offer;
  if (entry.payWithSavedCardId === null) return undefined;
  return {
    uuid: offerAttemptUuid(offer),
    vendorTxCode: `LW-${entry.id}-${entry.offeredAt?.getTime() ?? 0}`,
    customerId: entry.customerId,
    savedCardId: entry.payWithSavedCardId,
    amountPence: price.pricePence,
    waitingListEntryId: entry.id,
    paidLines: {
      [offeredPlaceKindName]: { entryId: entry.id, priceId: price.id, pricePence: price.pricePence },
    },
  };
}

/** What an offer's payment records of the place it pays for (under the kind's name). */
interface PaidOffer {
  entryId: number;
  priceId: number;
  pricePence: number;
}

const offeredPlaceKindName = 'waiting-list-offer';

export interface OfferedPlaceLines extends KindLines {
  offer?: OfferToNotify;
  paid?: PaidOffer;
}

/**
 * The offered place as a line kind (issue 32 item 2, decision 0077): a basketless purchase whose
 * order checkout makes like any basket's, from what the offer's payment recorded. When the place
 * is no longer the customer's (left, claimed through the basket, lapsed and passed on, or the
 * session cancelled) the order is refused as a changed basket, so the money goes back.
 */
export function offeredPlaceLineKind(deps: {
  timeZone: string;
  notices: OfferNotices;
  insertBookings: InsertBookings;
}): LineKind<OfferedPlaceLines> {
  const none: OfferedPlaceLines = { count: 0, totalPence: 0, venueId: null };
  return {
    name: offeredPlaceKindName,
    madeOnBookingsSite: true,
    // Never in a basket.
    linesOf: async () => none,
    view: async () => ({ items: [] }),

    async paidLines(tx, context) {
      const paid = context.paid as PaidOffer;
      const [offer] = await offersById(tx, [paid.entryId]);
      if (!offer) throw context.changed(placeGoneMessage);
      return { offer, paid, count: 1, totalPence: paid.pricePence, venueId: offer.venueId };
    },

    async fulfil(tx, { offer, paid }, context) {
      const booked = await bookOfferedPlace(
        tx,
        offer!,
        {
          id: paid!.priceId,
          pricePence: paid!.pricePence,
          benefitUseId: null,
          orderId: context.order.id,
        },
        deps.insertBookings,
      );
      if (booked === undefined) throw context.changed(placeGoneMessage);
      await deps.notices.booked(tx, offer!, context.order.cardLastFour ?? undefined);
      return [
        {
          itemType: 'booking' as const,
          description: `${offer!.activityName}, ${sessionWhen(offer!.startsAt, offer!.endsAt, deps.timeZone)}`,
          amountPence: paid!.pricePence,
          details: null,
        },
      ];
    },
  };
}

/** A card not charged for an offer: the place is offered to the customer as usual. */
export function createOfferPayments(deps: { db: Db; notices: OfferNotices }): OfferPayments {
  return {
    async notCharged(attempt) {
      if (attempt.waitingListEntryId === null) return;
      const [offer] = await offersById(deps.db, [attempt.waitingListEntryId]);
      // Still kept for them: told as any offer, with what is left of its hold.
      if (offer?.entry.status === 'offered') await deps.notices.offered(undefined, offer);
    },
  };
}
