import type { Booking, Bookings } from '@lido/contracts/account';
import type { BookingCancellation } from '@lido/contracts/activities';
import { cancellableUntil, cancellationPolicyText, sessionWhen } from '@lido/pricing/booking-rules';
import { currencySymbol, toMoney } from '@lido/pricing/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import type { CardProvider } from '../../providers/card/card-provider.ts';
import type { CustomerRow } from '../auth/index.ts';
import type { CardPaymentOfOrder } from '../order-refunds/index.ts';
import { itemNotFoundMessage } from '../operator/index.ts';
import { holdOrderForRefund, recordOrderRefund } from '../order-refunds/index.ts';
import { type RefundSplit, refundSplit, refundText } from '../order-refunds/index.ts';
import { addCredit } from '../account-credit/index.ts';
import {
  bookingSettings,
  bookingsOfCustomer,
  bookingsOfOrder,
  claimCardRefundRetries,
  type CustomerBooking,
  markCancelled,
  markCardRefund,
  releasePlaces,
} from './bookings.repository.ts';
import { calendarFile, type CalendarEvent } from './calendar-file.ts';
import { othersNames } from '../customers/index.ts';
import { giveBackBookingUse } from '../packages/index.ts';
import { type CalendarDate, todayIn } from '@lido/pricing/calendar-date';
import { returnPassOfBooking } from '../guest-passes/index.ts';
import { returnBenefitUse } from '../benefits/index.ts';

export const alreadyCancelled = 'This booking has already been cancelled.';
const alreadyStarted = 'This session has already started, so the booking can no longer be cancelled.';
const notCancellableOnline = 'This booking cannot be cancelled online: please contact the centre.';

/** What a cancellation did, for whoever records it alongside (the desk's audit row, decision 0085). */
export interface CancelledBooking {
  orderId: number | null;
  activityName: string;
  when: string;
  refundPence: number;
  refundMethod: RefundSplit['method'];
}

/** The code staff search the logs for when a cancelled booking's card refund failed. */
const refundFailedCode = 'LIDO_BOOKING_REFUND_FAILED';

/**
 * My account → Bookings (issue 17 item 5): the customer's bookings with whether and how each can
 * be cancelled, cancelling (the place goes back on sale at once, the money back to account credit
 * or the card), and the calendar file of an order's bookings.
 */
export function createBookingsService(deps: {
  db: Db;
  clock: () => Date;
  timeZone: string;
  cardProvider: CardProvider | undefined;
  log: FastifyBaseLogger;
  /** the card payment that paid for an order (checkout's), to refund part of it */
  cardPaymentOfOrder: CardPaymentOfOrder;
  /** the registers module's late-cancel rule, in the cancellation's transaction (decision 0096) */
  customerCancelled?: (
    tx: Tx,
    booking: { id: number; customerId: number; startsAt: Date },
    at: Date,
  ) => Promise<void>;
}) {
  async function settings() {
    const found = await bookingSettings(deps.db);
    if (!found) throw new HttpError(404, itemNotFoundMessage);
    return found;
  }

  function split(row: CustomerBooking, operatorMethod: 'credit' | 'card'): RefundSplit {
    return refundSplit({
      amountPence:
        row.booking.status === 'cancelled' ? (row.booking.refundPence ?? 0) : row.booking.pricePence,
      // A booking already refunded keeps the method it was refunded with.
      operatorMethod: row.booking.refundMethod ?? operatorMethod,
      orderTotalPence: row.orderTotalPence,
      orderCreditPence: row.orderCreditPence,
      paidByCard: row.orderPaymentMethod === 'card' && deps.cardProvider !== undefined,
    });
  }

  /** Whether the booking can be cancelled now and what would come back; why not, when not. */
  function cancellation(
    row: CustomerBooking,
    now: Date,
    operator: { refundMethod: 'credit' | 'card'; currency: string },
  ): BookingCancellation {
    const { booking } = row;
    const until = row.cutoffMinutes === null ? null : cancellableUntil(booking.startsAt, row.cutoffMinutes);
    const reason =
      booking.status === 'cancelled'
        ? alreadyCancelled
        : booking.status !== 'booked' || booking.sessionId === null || until === null
          ? notCancellableOnline
          : booking.startsAt <= now
            ? alreadyStarted
            : now >= until
              ? cancellationPolicyText(row.cutoffMinutes!)
              : null;
    const refund = split(row, operator.refundMethod);
    const symbol = currencySymbol(operator.currency);
    return {
      allowed: reason === null,
      reason,
      cancelBefore: until?.toISOString() ?? null,
      refund: toMoney(refund.cardPence + refund.creditPence, operator.currency, symbol),
      refundMethod: refund.method,
      refundText: refundText(refund, {
        symbol,
        cardLastFour: row.orderCardLastFour,
        done: booking.status === 'cancelled',
      }),
    };
  }

  function answer(
    row: CustomerBooking,
    now: Date,
    operator: { refundMethod: 'credit' | 'card'; currency: string },
  ): Booking {
    const { booking } = row;
    const when = sessionWhen(booking.startsAt, booking.endsAt, deps.timeZone);
    return {
      id: booking.id,
      activityName: booking.activityName,
      venueName: row.venueName,
      startsAt: booking.startsAt.toISOString(),
      prettyStartsAt: when,
      status: booking.status,
      price: toMoney(booking.pricePence, operator.currency, currencySymbol(operator.currency)),
      // Upcoming is what the customer is still going to: a cancelled booking is not (issue 34 item 7).
      upcoming: booking.status === 'booked' && booking.startsAt > now,
      sessionId: booking.sessionId,
      orderId: booking.orderId,
      endsAt: booking.endsAt.toISOString(),
      when,
      locationName: booking.locationName,
      quantity: booking.quantity,
      cancellation: booking.sessionId === null ? null : cancellation(row, now, operator),
      guestName: booking.guestName,
      note: booking.note,
      ...(booking.centreCancellationId === null
        ? {}
        : { cancelledByCentre: { reason: booking.cancelReason ?? '' } }),
    };
  }

  async function one(customer: Pick<CustomerRow, 'id'>, bookingId: number): Promise<Booking> {
    const operator = await settings();
    const [row] = await bookingsOfCustomer(deps.db, customer.id, { bookingId });
    // Another customer's booking looks exactly like one that does not exist (quality.md S17).
    if (!row) throw new HttpError(404, itemNotFoundMessage);
    const names = await othersNames(deps.db, customer.id, [row.booking.attendeeCustomerId]);
    return withAttendee(answer(row, deps.clock(), operator), names, row);
  }

  /**
   * After the commit: the card's share goes back through the provider, once (its own reference, the
   * same on every try). A failure is tried again by `retryCardRefunds`.
   */
  async function refundToCard(booking: { id: number; orderId: number | null }, pence: number) {
    const attempt = booking.orderId ? await deps.cardPaymentOfOrder(deps.db, booking.orderId) : undefined;
    const id = booking.id;
    try {
      if (!deps.cardProvider || !attempt?.providerTxId) throw new Error('no card payment to refund');
      const suffix = `-B${id}`;
      await deps.cardProvider.refund(attempt.providerTxId, {
        amountPence: pence,
        vendorTxCode: `${attempt.vendorTxCode.slice(0, 40 - suffix.length)}${suffix}`,
      });
      await markCardRefund(deps.db, id, 'done');
    } catch (error) {
      await markCardRefund(deps.db, id, 'failed');
      deps.log.error(
        { err: error, bookingId: id, amountPence: pence, code: refundFailedCode },
        'a cancelled booking could not be refunded to the card: it will be tried again, then left to staff',
      );
    }
  }

  return {
    /**
     * GET /api/my-account/bookings: upcoming (booked, not yet started) soonest first; past and
     * cancelled most recent first.
     */
    async list(customer: Pick<CustomerRow, 'id'>): Promise<Bookings> {
      const operator = await settings();
      const now = deps.clock();
      const rows = await bookingsOfCustomer(deps.db, customer.id);
      // A booking for one of the customer's dependants says whom it is for (decision 0051).
      const names = await othersNames(
        deps.db,
        customer.id,
        rows.map((row) => row.booking.attendeeCustomerId),
      );
      const all = rows.map((row) => withAttendee(answer(row, now, operator), names, row));
      return { upcoming: all.filter((b) => b.upcoming), past: all.filter((b) => !b.upcoming).reverse() };
    },

    /** GET /api/my-account/bookings/{bookingId} */
    one,

    /**
     * POST /api/my-account/bookings/{bookingId}/cancel. One transaction: the booking's row is
     * locked and moved booked → cancelled with its refund (only one caller can), its places go back
     * to the session, and the credit share is added. The card's share is refunded after the commit,
     * with the booking's own reference, so a provider call never holds a transaction open.
     */
    async cancel(
      customer: Pick<CustomerRow, 'id'>,
      bookingId: number,
      alongside?: (tx: Tx, cancelled: CancelledBooking) => Promise<void>,
    ): Promise<Booking> {
      const operator = await settings();
      const now = deps.clock();
      const outcome = await deps.db.transaction(async (tx) => {
        // The order first, then the booking: the order's refunds are counted under its lock, in the
        // same order of locks as a void takes (decision 0072).
        const [unlocked] = await bookingsOfCustomer(tx, customer.id, { bookingId });
        const orderId = unlocked?.booking.orderId ?? null;
        const held = orderId === null ? undefined : await holdOrderForRefund(tx, orderId);
        const [row] = await bookingsOfCustomer(tx, customer.id, { bookingId, lock: true });
        if (!row) throw new HttpError(404, itemNotFoundMessage);
        if (row.booking.status === 'cancelled') throw new HttpError(409, alreadyCancelled);
        const check = cancellation(row, now, operator);
        if (!check.allowed) throw new HttpError(422, check.reason!, { errors: { booking: [check.reason!] } });
        const refund = split(row, operator.refundMethod);
        const cancelled = await markCancelled(tx, bookingId, {
          pence: refund.cardPence + refund.creditPence,
          method: refund.method,
          cardPence: refund.cardPence,
        });
        if (!cancelled) throw new HttpError(409, alreadyCancelled);
        const refunded = refund.cardPence + refund.creditPence;
        if (held && refunded > 0)
          await recordOrderRefund(tx, held, {
            kind: 'booking_cancelled',
            subjectId: bookingId,
            amountPence: refunded,
            at: now,
          });
        await addCredit(tx, customer.id, refund.creditPence);
        await giveBackBooking(tx, row.booking, todayIn(deps.timeZone, now));
        // No late-cancel strike for a session the centre has cancelled (decision 0095).
        if (!row.sessionCancelled) await deps.customerCancelled?.(tx, row.booking, now);
        // The desk's audit row, in this transaction (decision 0085).
        await alongside?.(tx, {
          orderId,
          activityName: row.booking.activityName,
          when: sessionWhen(row.booking.startsAt, row.booking.endsAt, deps.timeZone),
          refundPence: refunded,
          refundMethod: refund.method,
        });
        return { row, refund };
      });
      if (outcome.refund.cardPence > 0) await refundToCard(outcome.row.booking, outcome.refund.cardPence);
      return one(customer, bookingId);
    },

    /** The job: card refunds that failed or stopped half way, tried again; answers how many. */
    async retryCardRefunds(): Promise<number> {
      const claimed = await claimCardRefundRetries(deps.db);
      for (const booking of claimed) await refundToCard(booking, booking.cardPence);
      return claimed.length;
    },

    /** GET /api/orders/{orderId}/calendar.ics: the order's bookings (its owner only). */
    async orderCalendar(customer: Pick<CustomerRow, 'id'>, orderId: number): Promise<string | undefined> {
      const operator = await settings();
      const rows = await bookingsOfOrder(deps.db, orderId);
      const own = rows.filter((row) => row.booking.customerId === customer.id);
      if (own.length === 0) return undefined;
      return calendarFile({ operatorName: operator.name, now: deps.clock(), events: own.map(calendarEvent) });
    },
  };
}

/** The booking labelled with its attendee's name when that is not the customer themself. */
function withAttendee(booking: Booking, names: Map<number, string>, row: CustomerBooking): Booking {
  const name =
    row.booking.attendeeCustomerId === null ? undefined : names.get(row.booking.attendeeCustomerId);
  return name === undefined ? booking : { ...booking, attendeeName: name };
}

/** A booking as a calendar event: where is the room and the centre's address. */
export function calendarEvent(row: Awaited<ReturnType<typeof bookingsOfOrder>>[number]): CalendarEvent {
  const address = [row.venueAddress1, row.venueAddress2, row.venueTown, row.venuePostcode].filter(Boolean);
  const places = row.booking.quantity > 1 ? ` (${row.booking.quantity} places)` : '';
  return {
    uid: `booking-${row.booking.id}@lido`,
    startsAt: row.sessionStartsAt,
    endsAt: row.sessionEndsAt,
    summary: `${row.activityName}${places}`,
    location: [row.locationName, row.venueName, ...address].join(', '),
    description: `${row.activityName} at ${row.venueName}${places}.`,
  };
}

/**
 * What a booking just moved to cancelled gives back, in its transaction (once, as that move is):
 * its places go back on sale, a guest's pass comes back (decision 0050), the membership benefit
 * that paid goes back to its period, and a package's use comes back unless it expired (0049).
 */
export async function giveBackBooking(
  tx: Tx,
  booking: { id: number; sessionId: number | null; quantity: number; benefitUseId: number | null },
  today: CalendarDate,
) {
  if (booking.sessionId !== null) await releasePlaces(tx, booking.sessionId, booking.quantity);
  await returnPassOfBooking(tx, booking.id);
  if (booking.benefitUseId !== null) await returnBenefitUse(tx, booking.benefitUseId);
  await giveBackBookingUse(tx, booking.id, today);
}
