import { bandsOpenTo, cheapestOpenPrice, zonedParts } from '@lido/pricing/booking-rules';
import type { Tx } from '../../db/client.ts';
import { withSeriesPrices } from '../activities/index.ts';
import { spendWholeBenefit } from '../benefits/index.ts';
import { activityPricesOf, isMemberOn, type OfferToNotify } from './offer-booking.repository.ts';

/** How an offered place may be booked by itself: at no cost to the attendee, or paid by saved card. */
type AutoBooking =
  | { kind: 'covered'; id: number; pricePence: number; benefitUseId: number | null }
  | { kind: 'pay'; id: number; pricePence: number };

/**
 * Whether an offered place may be booked automatically (decisions 0052 and 0054): only when it asks
 * nothing more of the customer. Covered: the cheapest price open to the attendee is free, or a
 * membership benefit pays for it in full (its use is taken and spent here, in the offer's
 * transaction; decision 0048). Otherwise, only when the customer agreed to their saved card paying
 * that cheapest price (`pay`; the caller charges it). A waiver needs the customer's own
 * acceptance, so such a session is always offered instead. Null for an ordinary offer.
 */
export async function autoBookCover(
  db: Tx,
  offer: OfferToNotify,
  timeZone: string,
): Promise<AutoBooking | null> {
  if (offer.waiverRequired) return null;
  const sessionDate = zonedParts(offer.startsAt, timeZone).date;
  const isMember = await isMemberOn(db, offer.entry.attendeeCustomerId, offer.startsAt, timeZone);
  const open = bandsOpenTo({ dateOfBirth: offer.attendeeDateOfBirth, isMember }, sessionDate);
  const prices = withSeriesPrices(await activityPricesOf(db, offer.activityId), offer.seriesPrices);
  const cheapest = cheapestOpenPrice(prices, open);
  if (!cheapest) return null;
  if (cheapest.pricePence === 0) return { kind: 'covered', ...cheapest, benefitUseId: null };
  const benefitUseId = await spendWholeBenefit(
    db,
    {
      attendeeId: offer.entry.attendeeCustomerId,
      activityId: offer.activityId,
      startsAt: offer.startsAt,
      unitPricePence: cheapest.pricePence,
    },
    timeZone,
  );
  if (benefitUseId !== undefined) return { kind: 'covered', id: cheapest.id, pricePence: 0, benefitUseId };
  if (offer.entry.payWithSavedCardId === null) return null;
  return { kind: 'pay', id: cheapest.id, pricePence: cheapest.pricePence };
}
