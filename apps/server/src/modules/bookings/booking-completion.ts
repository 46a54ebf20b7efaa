import { deleteBoughtLines } from '../cart/index.ts';
import { retakePlaces } from '../activities/index.ts';
import { priceBandLabels } from '@lido/contracts/activities';
import type { Executor, Tx } from '../../db/client.ts';
import type { PaidBookingLine } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import type { BasketChanged } from '../line-kinds/index.ts';
import { type BookingLine, bookingLinesOf, insertBookings, sessionsFor } from './bookings.repository.ts';
import { sessionWhen } from '@lido/pricing/booking-rules';
import { paidPackages, spendPackageUses } from '../packages/index.ts';
import { spendHeldPasses } from '../guest-passes/index.ts';
import { spendBenefitUses } from '../benefits/index.ts';

/**
 * Paying for booking lines (issue 17 items 4, 6 and 9; decision 0032): what a payment pays for,
 * the waivers it needs, and, inside the order's transaction, the held places turned into bookings.
 */

export const waiverMessage = (activityName: string) => `Please accept the waiver for ${activityName}.`;
export const placeGoneMessage =
  'A place in your basket is no longer available, so the payment was cancelled and you have not been charged.';
const sessionCancelledMessage =
  'A session in your basket has been cancelled, so the payment was cancelled and you have not been charged.';

/** Every line whose activity needs a waiver must be listed as accepted: 422 naming the first not. */
function requireWaivers(
  lines: { line: { id: number }; waiverRequired: boolean; activityName: string }[],
  accepted: Set<number>,
) {
  const missing = lines.find((line) => line.waiverRequired && !accepted.has(line.line.id));
  if (missing) {
    const message = waiverMessage(missing.activityName);
    throw new HttpError(422, message, { errors: { completedWaivers: [message] } });
  }
}

/**
 * What a card payment pays for, recorded on its attempt at authorise: the basket's booking lines
 * with the time each waiver was accepted. Refuses (422) when a needed waiver is missing.
 */
export async function paidBookingLines(
  db: Executor,
  cartId: number,
  accepted: Set<number>,
  now: Date,
): Promise<PaidBookingLine[]> {
  const lines = await bookingLinesOf(db, cartId);
  requireWaivers(lines, accepted);
  const packages = await paidPackages(
    db,
    lines.map(({ line }) => line),
  );
  return lines.map(({ line, waiverRequired }) => ({
    id: line.id,
    sessionId: line.sessionId,
    priceId: line.priceId,
    purchasedForCustomerId: line.purchasedForCustomerId,
    quantity: line.quantity,
    unitPricePence: line.unitPricePence,
    amountPence: line.amountPence,
    waiverAcceptedAt: waiverRequired ? now.toISOString() : null,
    packageId: line.packageUseId === null ? null : (packages.get(line.packageUseId) ?? null),
    guestName: line.guestName,
    note: line.note,
  }));
}

/** The booking lines an order will buy, checked and locked, with their total. */
export interface BookingsToBuy {
  /** lines still in the basket (their places held) */
  held: BookingLine[];
  /** lines the card paid for whose hold was released since: their places must be taken again */
  released: PaidBookingLine[];
  totalPence: number;
  count: number;
  venueId: number | undefined;
}

/**
 * Locks the basket's booking lines and checks them against what was paid. With a card payment
 * the lines are those it paid for: a line added since changes the basket (409, money back); a
 * paid line whose hold was released is taken again at `buyBookings`. Without one, the lines
 * present are bought, and their waivers must be in `acceptedWaivers`.
 */
export async function bookingsToBuy(
  tx: Tx,
  input: {
    cartId: number;
    paid: PaidBookingLine[] | undefined;
    acceptedWaivers: Set<number>;
    changed: BasketChanged;
  },
): Promise<BookingsToBuy> {
  const held = await bookingLinesOf(tx, input.cartId, { lock: true });
  if (held.some((line) => line.sessionCancelled)) throw input.changed(sessionCancelledMessage);
  let released: PaidBookingLine[] = [];
  if (input.paid) {
    const paid = new Map(input.paid.map((line) => [line.id, line]));
    const unpaid = held.some(({ line }) => {
      const was = paid.get(line.id);
      return !was || was.quantity !== line.quantity || was.amountPence !== line.amountPence;
    });
    // A line added or changed after the card was authorised: the payment no longer matches.
    if (unpaid) throw input.changed();
    const present = new Set(held.map(({ line }) => line.id));
    released = input.paid.filter((line) => !present.has(line.id));
  } else requireWaivers(held, input.acceptedWaivers);
  const lines = [...held.map(({ line }) => line), ...released];
  return {
    held,
    released,
    totalPence: lines.reduce((sum, line) => sum + line.amountPence, 0),
    count: lines.length,
    venueId: held[0]?.venueId,
  };
}

/** An order line for a booking, as the order's receipt lists it. */
interface BookedLine {
  bookingId: number;
  description: string;
  amountPence: number;
}

/**
 * Inside the order's transaction: each held line becomes a booking (its place was already counted
 * in `taken`, so `taken` is unchanged) and leaves the basket; each released one first takes its
 * places again, atomically, or the order is refused and the card payment given back.
 */
export async function buyBookings(
  tx: Tx,
  toBuy: BookingsToBuy,
  input: {
    customerId: number;
    orderId: number;
    timeZone: string;
    paid: PaidBookingLine[] | undefined;
    now: Date;
    changed: BasketChanged;
  },
): Promise<BookedLine[]> {
  const paidWaiver = new Map((input.paid ?? []).map((line) => [line.id, line.waiverAcceptedAt]));
  const waiverAt = (lineId: number, required: boolean) =>
    required ? new Date(paidWaiver.get(lineId) ?? input.now.toISOString()) : null;
  const rows: Parameters<typeof insertBookings>[1] = [];
  const descriptions: { description: string; amountPence: number }[] = [];
  const add = (
    line: Omit<PaidBookingLine, 'waiverAcceptedAt'>,
    facts: Pick<
      BookingLine,
      'venueId' | 'activityName' | 'sessionStartsAt' | 'sessionEndsAt' | 'locationName' | 'waiverRequired'
    >,
  ) => {
    const accepted = waiverAt(line.id, facts.waiverRequired);
    rows.push({
      // The booking is in the payer's account (a parent sees a child's); the attendee is named.
      customerId: input.customerId,
      venueId: facts.venueId,
      activityName: facts.activityName,
      startsAt: facts.sessionStartsAt,
      endsAt: facts.sessionEndsAt,
      status: 'booked',
      pricePence: line.amountPence,
      sessionId: line.sessionId,
      orderId: input.orderId,
      attendeeCustomerId: line.purchasedForCustomerId,
      priceId: line.priceId,
      quantity: line.quantity,
      locationName: facts.locationName,
      waiverAcceptedAt: accepted,
      waiverAcceptedBy: accepted ? input.customerId : null,
      guestName: line.guestName ?? null,
      // The benefit that paid for it, given back if the booking is cancelled (decision 0048).
      benefitUseId: benefitUseOf(line),
      // The customer's note for the instructor (decision 0101), read on the register.
      note: line.note ?? null,
    });
    const places = line.guestName
      ? ` (guest: ${line.guestName})`
      : line.quantity > 1
        ? ` (${line.quantity} places)`
        : '';
    descriptions.push({
      description: `${facts.activityName}, ${sessionWhen(facts.sessionStartsAt, facts.sessionEndsAt, input.timeZone)}${places}`,
      amountPence: line.amountPence,
    });
  };
  for (const held of toBuy.held) add(held.line, held);
  if (toBuy.released.length > 0) {
    const sessions = new Map(
      (
        await sessionsFor(
          tx,
          toBuy.released.map((line) => line.sessionId),
        )
      ).map((row) => [row.id, row]),
    );
    for (const line of toBuy.released) {
      const session = sessions.get(line.sessionId);
      // A guest's pass went with its lapsed line (decision 0050): the place is not taken again.
      if (line.guestName || !session || !(await retakePlaces(tx, line.sessionId, line.quantity)))
        throw input.changed(placeGoneMessage);
      add(line, session);
    }
  }
  const ids = await insertBookings(tx, rows);
  // Held guest passes become used by their bookings before their lines (which they follow) go.
  await spendHeldPasses(
    tx,
    toBuy.held.flatMap(({ line }, index) =>
      line.guestName ? [{ cartLineId: line.id, bookingId: ids[index]! }] : [],
    ),
  );
  // Held benefit uses become spent first: deleting a line gives a still-held use back.
  await spendBenefitUses(
    tx,
    toBuy.held.flatMap(({ line }) => (line.benefitUseId === null ? [] : [line.benefitUseId])),
  );
  // Package uses become spent before the lines go: deleting a line gives a held use back.
  await spendPackageUses(tx, toBuy, ids, input);
  await deleteBoughtLines(
    tx,
    toBuy.held.map(({ line }) => line.id),
  );
  return ids.map((bookingId, index) => ({ bookingId, ...descriptions[index]! }));
}

/** A held line's benefit use; a paid line whose hold was released has none. */
function benefitUseOf(line: object): number | null {
  return 'benefitUseId' in line && typeof line.benefitUseId === 'number' ? line.benefitUseId : null;
}

export const bandLabel = (band: string | null | undefined) =>
  band && band in priceBandLabels ? priceBandLabels[band as keyof typeof priceBandLabels] : 'Adult';
