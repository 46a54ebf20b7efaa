import { sessionWhen } from '@lido/pricing/booking-rules';
import { todayIn } from '@lido/pricing/calendar-date';
import { currencySymbol, formatPence } from '@lido/pricing/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client.ts';
import { escapeHtml } from '../../http/escape-html.ts';
import type { CardProvider } from '../../providers/card/card-provider.ts';
import type { EmailMessage } from '../../providers/email/email-provider.ts';
import { addCredit } from '../account-credit/index.ts';
import type { EmailQueue } from '../email/index.ts';
import type { CardPaymentOfOrder } from '../order-refunds/index.ts';
import {
  holdOrderForRefund,
  recordOrderRefund,
  type RefundSplit,
  refundSplit,
} from '../order-refunds/index.ts';
import { giveBackBooking } from './bookings.service.ts';
import {
  type BookingOnSession,
  bookedOnSessions,
  centreRefundMethod,
  lockBooking,
  markCancelledByCentre,
  orderOfBooking,
  type PaidBy,
  totalsOfCancellation,
} from './centre-cancel.repository.ts';
import { markCardRefund } from './bookings.repository.ts';

/** The code staff search the logs for when a cancelled booking's card refund failed. */
const refundFailedCode = 'LIDO_BOOKING_REFUND_FAILED';

export type { CancellationTotals, PaidBy } from './centre-cancel.repository.ts';

/** What a booking on a session being cancelled gives back, by the way it was paid. */
export interface BookingMoney {
  paidBy: PaidBy;
  split: RefundSplit;
}

export function moneyOf(
  booking: BookingOnSession,
  method: 'credit' | 'card',
  cardProvider: boolean,
): BookingMoney {
  const split = refundSplit({
    amountPence: booking.pricePence,
    operatorMethod: method,
    orderTotalPence: booking.orderTotalPence,
    orderCreditPence: booking.orderCreditPence,
    paidByCard: booking.orderPaymentMethod === 'card' && cardProvider,
  });
  const paidBy: PaidBy = booking.guestPass
    ? 'guest-pass'
    : booking.benefitUseId !== null
      ? 'benefit'
      : booking.packageUse
        ? 'package'
        : booking.pricePence === 0
          ? 'free'
          : booking.orderPaymentMethod === 'card'
            ? 'card'
            : 'credit';
  return { paidBy, split };
}

const givenBack: Record<PaidBy, string> = {
  card: '',
  credit: '',
  package: 'The use of your package that paid for it has been given back.',
  benefit: 'The membership benefit that paid for it has been given back.',
  'guest-pass': 'The guest pass it used has been given back.',
  free: 'It was free, so there is nothing to refund.',
};

/** The booker's email: what was cancelled, why, and where the money went. */
export function cancelledByCentreEmail(input: {
  booking: BookingOnSession;
  money: BookingMoney;
  reason: string;
  operator: { name: string; customerServiceEmail: string; currency: string };
  timeZone: string;
}): EmailMessage {
  const { booking, money } = input;
  const symbol = currencySymbol(input.operator.currency);
  const when = sessionWhen(booking.startsAt, booking.endsAt, input.timeZone);
  const card = booking.orderCardLastFour ? `your card ending ${booking.orderCardLastFour}` : 'your card';
  const refund = [
    money.split.cardPence > 0
      ? `${formatPence(money.split.cardPence, symbol)} is being refunded to ${card}: it can take up to 5 working days to reach your account.`
      : '',
    money.split.creditPence > 0
      ? `${formatPence(money.split.creditPence, symbol)} has been added to your account credit.`
      : '',
    givenBack[money.paidBy],
  ].filter(Boolean);
  const paragraphs = [
    `Hello ${booking.firstName},`,
    `We’re sorry: we have had to cancel ${booking.activityName} at ${booking.venueName} on ${when}.`,
    `Reason: ${input.reason}`,
    ...refund,
    'Your booking shows as cancelled under My account → Bookings.',
    `If you have a question, contact us at ${input.operator.customerServiceEmail}.`,
    input.operator.name,
  ];
  return {
    to: booking.email,
    subject: `Cancelled: your ${booking.activityName} on ${when}`,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n'),
  };
}

/**
 * Bookings cancelled by the centre (issue 35 item 3, decision 0095). Each booking in its own
 * transaction, in the order of locks every refund path keeps (the order, then the booking): the
 * booking moves booked → cancelled once, whoever comes first (a customer cancelling it at the same
 * moment, another instance running the same cancellation), its money goes back the operator's way
 * (recorded on the order's refund ledger, which refuses a second refund of a booking), and the
 * booker's email is queued in that transaction. The card's share goes back after the commit, with
 * the booking's own reference, as a customer's cancel does; a failure is tried again by the job.
 */
export function createCentreCancelBookings(deps: {
  db: Db;
  clock: () => Date;
  timeZone: string;
  cardProvider: CardProvider | undefined;
  log: FastifyBaseLogger | undefined;
  cardPaymentOfOrder: CardPaymentOfOrder;
  email: EmailQueue;
}) {
  async function refundToCard(booking: { id: number; orderId: number | null }, pence: number) {
    const attempt = booking.orderId ? await deps.cardPaymentOfOrder(deps.db, booking.orderId) : undefined;
    try {
      if (!deps.cardProvider || !attempt?.providerTxId) throw new Error('no card payment to refund');
      const suffix = `-B${booking.id}`;
      await deps.cardProvider.refund(attempt.providerTxId, {
        amountPence: pence,
        vendorTxCode: `${attempt.vendorTxCode.slice(0, 40 - suffix.length)}${suffix}`,
      });
      await markCardRefund(deps.db, booking.id, 'done');
    } catch (error) {
      await markCardRefund(deps.db, booking.id, 'failed');
      deps.log?.error(
        { err: error, bookingId: booking.id, amountPence: pence, code: refundFailedCode },
        'a booking the centre cancelled could not be refunded to the card: it will be tried again, then left to staff',
      );
    }
  }

  /** Cancels one booking for the centre; false when it was no longer booked (someone came first). */
  async function cancelOne(
    bookingId: number,
    run: { cancellationId: number; reason: string; method: 'credit' | 'card' },
    operator: { name: string; customerServiceEmail: string; currency: string },
  ): Promise<boolean> {
    const now = deps.clock();
    const outcome = await deps.db.transaction(async (tx) => {
      // The order first, then the booking: the order of locks a customer's cancel and a void take.
      const orderId = await orderOfBooking(tx, bookingId);
      const held = orderId === null ? undefined : await holdOrderForRefund(tx, orderId);
      const booking = await lockBooking(tx, bookingId);
      if (!booking || booking.status !== 'booked') return undefined;
      const money = moneyOf(booking, run.method, deps.cardProvider !== undefined);
      const refunded = money.split.cardPence + money.split.creditPence;
      const cancelled = await markCancelledByCentre(tx, bookingId, {
        cancellationId: run.cancellationId,
        reason: run.reason,
        pence: refunded,
        method: money.split.method,
        cardPence: money.split.cardPence,
      });
      if (!cancelled) return undefined;
      if (held && refunded > 0)
        await recordOrderRefund(tx, held, {
          kind: 'booking_cancelled',
          subjectId: bookingId,
          amountPence: refunded,
          at: now,
        });
      await addCredit(tx, booking.customerId, money.split.creditPence);
      await giveBackBooking(tx, booking, todayIn(deps.timeZone, now));
      await deps.email.send(
        cancelledByCentreEmail({ booking, money, reason: run.reason, operator, timeZone: deps.timeZone }),
        { tx, dedupeKey: `centre-cancelled:${bookingId}` },
      );
      return { booking, money };
    });
    if (!outcome) return false;
    if (outcome.money.split.cardPence > 0) await refundToCard(outcome.booking, outcome.money.split.cardPence);
    return true;
  }

  return {
    /** The operator's rule and the bookings still booked on the sessions, each with its money. */
    async bookingsToCancel(sessionIds: number[], ex: Executor = deps.db) {
      const method = await centreRefundMethod(ex);
      const booked = await bookedOnSessions(ex, sessionIds);
      return booked.map((booking) => ({
        booking,
        money: moneyOf(booking, method, deps.cardProvider !== undefined),
      }));
    },

    /**
     * Cancels every booking still booked on the sessions, again until none is left (a basket paid
     * for at the moment the sessions were cancelled may become a booking just after): answers how
     * many this call cancelled.
     */
    async cancelAllOn(
      sessionIds: number[],
      run: { cancellationId: number; reason: string },
      operator: { name: string; customerServiceEmail: string; currency: string },
    ): Promise<number> {
      const method = await centreRefundMethod(deps.db);
      let count = 0;
      for (let pass = 0; pass < 3; pass += 1) {
        const booked = await bookedOnSessions(deps.db, sessionIds);
        if (booked.length === 0) break;
        for (const booking of booked)
          if (await cancelOne(booking.id, { ...run, method }, operator)) count += 1;
      }
      deps.email.nudge();
      return count;
    },

    totals: (cancellationId: number) => totalsOfCancellation(deps.db, cancellationId),

    /** The operator's rule for a centre's cancellation, in words for the manager. */
    async refundRule(): Promise<string> {
      return (await centreRefundMethod(deps.db)) === 'card'
        ? 'Money goes back the way it was paid: the card’s share to the card it came from, account credit to account credit. Package uses, membership benefits and guest passes are given back.'
        : 'Money goes back as account credit, however it was paid. Package uses, membership benefits and guest passes are given back.';
    },
  };
}
export type CentreCancelBookings = ReturnType<typeof createCentreCancelBookings>;
