import { bandsOpenTo, cheapestOpenPrice, zonedParts } from '@lido/pricing/booking-rules';
import type { Tx } from '../../db/client.ts';
import { spendWholeBenefit } from '../benefits/benefits-at-booking.ts';
import { activityPricesOf, isMemberOn, type OfferToNotify } from './waiting-list.repository.ts';

/**
 * Whether an offered place may be booked automatically (decision 0052): only when it costs the
 * attendee nothing and asks nothing of them, so no money moves without the customer: a session
 * whose cheapest price open to the attendee is free, or one a membership benefit pays for in full
 * (its use is taken and spent here, in the offer's transaction; decision 0048). A waiver needs the
 * customer's own acceptance, so such a session is always offered instead. Answers the price to book
 * at, or null for an ordinary offer.
 */
export async function autoBookCover(
  db: Tx,
  offer: OfferToNotify,
  timeZone: string,
): Promise<{ id: number; pricePence: number; benefitUseId: number | null } | null> {
  if (offer.waiverRequired) return null;
  const sessionDate = zonedParts(offer.startsAt, timeZone).date;
  const isMember = await isMemberOn(db, offer.entry.attendeeCustomerId, offer.startsAt, timeZone);
  const open = bandsOpenTo({ dateOfBirth: offer.attendeeDateOfBirth, isMember }, sessionDate);
  const cheapest = cheapestOpenPrice(await activityPricesOf(db, offer.activityId), open);
  if (!cheapest) return null;
  if (cheapest.pricePence === 0) return { ...cheapest, benefitUseId: null };
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
  return benefitUseId === undefined ? null : { id: cheapest.id, pricePence: 0, benefitUseId };
}
