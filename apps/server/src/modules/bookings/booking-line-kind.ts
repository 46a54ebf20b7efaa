import { priceBandLabels } from '@lido/contracts/activities';
import type { CartBookingItem } from '@lido/contracts/activity-answers';
import type { CartItem } from '@lido/contracts/cart';
import { sessionWhen } from '@lido/pricing/booking-rules';
import type { MoneyFormat } from '@lido/pricing/money';
import type { PaidBookingLine } from '../../db/schema.ts';
import { appliedBenefits } from '../benefits/index.ts';
import { membershipCredit } from '../benefits/index.ts';
import { extendHolds } from '../cart/index.ts';
import type { KindLines, LineKind } from '../line-kinds/index.ts';
import { packageUsagesOf } from '../packages/index.ts';
import { bookingsToBuy, buyBookings, paidBookingLines, type BookingsToBuy } from './booking-completion.ts';
import { type BookingLine, bookingLinesOf, bookingsOfOrder, markCancelled } from './bookings.repository.ts';
import { giveBackBooking } from './bookings.service.ts';
import { bookingWarnings } from './booking-warnings.ts';
import { bookedPlacesOn } from './bookings.repository.ts';
import { othersNames } from '../customers/index.ts';

/** A basket's booking lines: held places (a guest brought on a pass is one), and at completion the paid lines whose hold lapsed. */
interface BookingLines extends KindLines {
  held: BookingLine[];
  /** set by `toBuy`: the lines this order buys */
  toBuy?: BookingsToBuy;
}

const linesOf = (held: BookingLine[], toBuy?: BookingsToBuy): BookingLines => ({
  held,
  ...(toBuy ? { toBuy } : {}),
  count: toBuy ? toBuy.count : held.length,
  totalPence: toBuy ? toBuy.totalPence : held.reduce((sum, { line }) => sum + line.amountPence, 0),
  venueId: held[0]?.venueId ?? null,
});

/**
 * Places in sessions bought through the basket (decision 0077's line kind for bookings; issue 17,
 * decisions 0032, 0048, 0049 and 0050): places are held while in the basket, a card payment records
 * the lines it pays for with their waivers, and in the order's transaction the held places become
 * bookings, their benefit, package and guest pass uses spent. A void cancels them and gives the
 * places back.
 */
export function bookingLineKind(deps: { timeZone: string; clock?: () => Date }): LineKind<BookingLines> {
  const clock = deps.clock ?? (() => new Date());
  const when = (startsAt: Date, endsAt: Date) => sessionWhen(startsAt, endsAt, deps.timeZone);

  /** A booking line as the basket shows it (`cartBookingItemSchema`). */
  function bookingItem(
    row: BookingLine,
    format: MoneyFormat,
    benefits: Awaited<ReturnType<typeof appliedBenefits>>,
    packageUsage: CartBookingItem['packageUsage'],
    warnings: CartBookingItem['warnings'],
  ): CartItem & { created: Date } {
    const { line } = row;
    const benefit = benefits.find((applied) => applied.useId === line.benefitUseId);
    const sessionWhen = when(row.sessionStartsAt, row.sessionEndsAt);
    return {
      id: line.id,
      type: 'booking',
      objectId: line.sessionId,
      pricingOptionId: line.priceId,
      purchasedForUserId: line.purchasedForCustomerId,
      name: row.activityName,
      description: `${row.activityName}, ${sessionWhen}`,
      venue: { id: row.venueId, name: row.venueName },
      categories: [row.categoryName],
      options: { quantity: line.quantity },
      session: {
        id: line.sessionId,
        startsAt: row.sessionStartsAt.toISOString(),
        endsAt: row.sessionEndsAt.toISOString(),
        when: sessionWhen,
        location: row.locationName,
        instructor: row.instructor,
      },
      priceBand: { band: row.band, label: priceBandLabels[row.band] },
      unitPrice: format.money(line.unitPricePence),
      price: format.money(line.amountPence),
      benefit: benefit
        ? { id: benefit.benefitId, name: benefit.name, discount: format.money(benefit.discountPence) }
        : null,
      heldUntil: line.heldUntil.toISOString(),
      waiverRequired: row.waiverRequired,
      waiverText: row.waiverText,
      packageUsage,
      sortBy: 0,
      enablePrintReceipt: true,
      guestName: line.guestName,
      note: line.note,
      warnings,
      created: line.createdAt,
    };
  }

  return {
    name: 'booking',
    madeOnBookingsSite: true,

    async linesOf(db, cartId, options) {
      return linesOf(await bookingLinesOf(db, cartId, options));
    },

    async view(db, { held }, { format, customerId }) {
      const usages = await packageUsagesOf(db, held);
      const benefits = await appliedBenefits(
        db,
        held.flatMap(({ line }) => (line.benefitUseId === null ? [] : [line.benefitUseId])),
      );
      // Before paying: the cut-off, and the same person already booked on it (issue 33 item 6).
      const attendees = held.map(({ line }) => line.purchasedForCustomerId);
      const [booked, names] = await Promise.all([
        bookedPlacesOn(
          db,
          held.map(({ line }) => line.sessionId),
          attendees,
        ),
        othersNames(db, customerId, attendees),
      ]);
      const now = clock();
      const warningsOf = ({ line, ...row }: BookingLine) =>
        bookingWarnings(
          {
            startsAt: row.sessionStartsAt,
            cutoffMinutes: row.cutoffMinutes,
            quantity: line.quantity,
            guestName: line.guestName,
            attendeeName: names.get(line.purchasedForCustomerId) ?? null,
            alreadyBooked:
              booked.find(
                (found) =>
                  found.sessionId === line.sessionId && found.attendeeId === line.purchasedForCustomerId,
              )?.places ?? 0,
          },
          now,
        );
      return {
        items: held.map((row) =>
          bookingItem(row, format, benefits, usages.get(row.line.id) ?? null, warningsOf(row)),
        ),
        membershipCredit: await membershipCredit({
          db,
          lines: held,
          timeZone: deps.timeZone,
          benefitDiscounts: new Map(benefits.map((applied) => [applied.useId, applied.discountPence])),
        }),
        waiversRequired: held.some((row) => row.waiverRequired),
      };
    },

    // Paying has started: the held places are kept so they cannot lapse mid-payment.
    async keep(db, cartId) {
      await extendHolds(db, cartId);
    },

    // What the card pays for, bookings' waivers included: checked before anything is charged.
    async paymentRecord(db, _lines, { cartId, acceptedWaivers, now }) {
      return paidBookingLines(db, cartId, acceptedWaivers, now);
    },

    async toBuy(tx, _lines, context) {
      const toBuy = await bookingsToBuy(tx, {
        cartId: context.cartId!,
        paid: context.paid as PaidBookingLine[] | undefined,
        acceptedWaivers: context.acceptedWaivers,
        changed: context.changed,
      });
      return linesOf(toBuy.held, toBuy);
    },

    async fulfil(tx, lines, context) {
      const booked = await buyBookings(tx, lines.toBuy!, {
        customerId: context.customerId,
        orderId: context.order.id,
        timeZone: context.timeZone,
        paid: context.paid as PaidBookingLine[] | undefined,
        now: context.now,
        changed: context.changed,
      });
      // Each booking is a line of the order's receipt.
      return booked.map((line) => ({
        itemType: 'booking' as const,
        description: line.description,
        amountPence: line.amountPence,
        details: null,
      }));
    },

    async wouldUndo(db, orderId) {
      return (await bookingsOfOrder(db, orderId)).filter((row) => row.booking.status === 'booked').length;
    },

    // A voided order's bookings are cancelled (no refund: the void hands the money back) and their places given back.
    async undoOrder(tx, order, { today }) {
      let undone = 0;
      for (const { booking } of await bookingsOfOrder(tx, order.id)) {
        if (!(await markCancelled(tx, booking.id, { pence: 0, method: 'credit', cardPence: 0 }))) continue;
        await giveBackBooking(tx, booking, today);
        undone += 1;
      }
      return { undone, placesFreed: undone > 0 };
    },
  };
}
