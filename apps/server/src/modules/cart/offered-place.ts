import { ValidationError } from '../../http/errors.ts';
import type { Tx } from '../../db/client.ts';
import { type NewBookingLine, insertBookingLine } from './booking-lines.repository.ts';
import { claimOffer } from '../waiting-list/index.ts';

const offerIsForOnePlace =
  'The place kept for you from the waiting list is for one person: add it with 1 place.';

/** Before the basket's lock: an offered place is one place, however full the session looks. */
export function checkOfferedQuantity(quantity: number) {
  if (quantity !== 1) throw new ValidationError({ quantity: [offerIsForOnePlace] });
}

/**
 * Inside the basket's transaction (decision 0052): the place offered to this attendee becomes the
 * basket's line. The claim is one conditional UPDATE, so of concurrent claims exactly one wins;
 * the place was already counted in `taken` by the offer, so nothing is taken again. Answers the
 * line's id, or undefined when the offer has lapsed or was claimed already (the caller then tries
 * the session's general places).
 */
export async function holdOfferedPlace(
  tx: Tx,
  cartId: number,
  line: NewBookingLine,
): Promise<number | undefined> {
  if (!(await claimOffer(tx, line.sessionId, line.purchasedForCustomerId))) return undefined;
  return (await insertBookingLine(tx, cartId, line)).id;
}
