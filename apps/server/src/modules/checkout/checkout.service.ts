import type { DirectDebitService } from '../direct-debit/index.ts';
import type { CalendarDate } from '@lido/pricing/calendar-date';
import { feeLines } from '@lido/pricing/fee-lines';
import { penaltyFeeWords } from '@lido/contracts/penalty-fees';
import { currencySymbol } from '@lido/pricing/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import type { EmailQueue } from '../email/index.ts';
import type { CustomerRow } from '../auth/index.ts';
import { changeAnswer, inJsonbKeyOrder } from '../memberships/index.ts';
import { moneyFormat } from '@lido/pricing/money';
import { itemNotFoundMessage, requireOperator } from '../operator/index.ts';
import type { OperatorRepository } from '../operator/index.ts';
import type { CardProvider, ProviderWebhookEvent } from '../../providers/card/card-provider.ts';
import { createCardPayments } from './card-payments.ts';
import type { OfferPayments } from './card-payment-recovery.ts';
import { creditToSpend, type OfflinePayment, tenderTypeLabels } from '@lido/contracts/offline-payments';
import { type CompletedOrder, completeBasket, type CreatedOrder } from './order-completion.ts';
import { recordDeskCardOrder } from '../desk-payments/index.ts';
import { orderPayment } from './order-payment.ts';
import { outstandingBalanceOrderItem } from '../memberships/index.ts';
import type { LineKinds } from '../line-kinds/index.ts';
import type { OrderItemDetails } from '../../db/schema.ts';
import { receiptEmail } from './receipt-email.ts';
import { paymentNotTakenEmail } from './lost-payment-email.ts';
import { customerContact } from '../customers/index.ts';
import { findOrder, openCartOf, orderLines, stampDeskOrder } from './checkout.repository.ts';
import { orderBookingItems } from '../bookings/index.ts';
import { courseOrderItem } from '../courses/index.ts';
import { bookingsOfOrder } from '../bookings/index.ts';
import { calendarEvent } from '../bookings/index.ts';
import { calendarFile } from '../bookings/index.ts';
import { zonedParts } from '@lido/pricing/booking-rules';
import type { Language } from '@lido/messages/languages';
import { serverDates } from '@lido/messages/server-words';
import type { Order } from '@lido/contracts/order';
import { type CompletedWaivers, waiverLineIds } from '@lido/contracts/payments';
import type { PaidAtDesk } from '@lido/contracts/front-of-house';
import { type DeskStaff, deskPayment } from '../desk-payments/index.ts';
import { tendersOf } from '../desk-payments/index.ts';

/** Completing a basket and reading the order back (platform spec, "Payment"; joining spec, "Order"). */
export function createCheckoutService(deps: {
  db: Db;
  operators: OperatorRepository;
  /** what the basket sells (decision 0077) */
  kinds: LineKinds;
  email: EmailQueue;
  today: () => CalendarDate;
  clock: () => Date;
  timeZone: string;
  log: FastifyBaseLogger;
  cardProvider: CardProvider | undefined;
  directDebit: Pick<DirectDebitService, 'settle'>;
  /** a waiting list's offers paid by saved card (decision 0054) */
  offerPayments?: OfferPayments;
  /** where the customer finds their basket again (the "payment not taken" email) */
  basketUrl?: string;
}) {
  async function loadOrder(customerId: number, orderId: number, executor: Executor = deps.db) {
    const order = await findOrder(executor, orderId, customerId);
    if (!order) return undefined;
    const lines = await orderLines(executor, order.id);
    return { order, lines };
  }

  /**
   * The receipt, queued in the order's own transaction (decision 0016): it is sent after the commit
   * by the email job, and a crash between the two cannot lose it. Once per order.
   */
  /** "Tue 24 Nov 2026, 18:00 to 18:45" in the customer's language and the operator's time zone. */
  function bookingWhen(startsAt: Date, endsAt: Date, language: Language): string {
    const start = zonedParts(startsAt, deps.timeZone);
    const end = zonedParts(endsAt, deps.timeZone);
    return serverDates(language).sessionWhen(start.date, start.time, end.time);
  }

  async function queueReceipt(tx: Tx, order: { id: number; customerId: number }) {
    const operator = await deps.operators.current(tx);
    const loaded = await loadOrder(order.customerId, order.id, tx);
    const person = await customerContact(tx, order.customerId);
    if (!operator || !loaded || !person) return;
    // Each booking is a line of its order: an order without one has none to read.
    const booked = loaded.lines.some((line) => line.itemType === 'booking')
      ? await bookingsOfOrder(tx, order.id)
      : [];
    const events = booked.map(calendarEvent);
    await deps.email.send(
      receiptEmail({
        language: person.language,
        operatorName: operator.name,
        serviceUserName: operator.directDebitServiceUserName,
        to: person.email,
        firstName: person.firstName,
        reference: loaded.order.reference,
        symbol: currencySymbol(operator.currency),
        lines: loaded.lines,
        totalPence: loaded.order.totalPence,
        cardLastFour: loaded.order.cardLastFour,
        ...(loaded.order.paymentMethod === 'offline'
          ? {
              desk: {
                tenders: (await tendersOf(tx, [order.id])).map((tender) => ({
                  label: tenderTypeLabels[tender.tenderType],
                  amountPence: tender.amountPence,
                })),
                changePence: loaded.order.changePence,
              },
            }
          : {}),
        bookings: booked.map((row, index) => ({
          what: events[index]!.summary,
          when: bookingWhen(row.sessionStartsAt, row.sessionEndsAt, person.language),
          where: events[index]!.location,
        })),
        ...(events.length > 0
          ? {
              calendar: {
                filename: `booking-${loaded.order.reference}.ics`,
                content: calendarFile({ operatorName: operator.name, now: deps.clock(), events }),
              },
            }
          : {}),
      }),
      { tx, dedupeKey: `receipt:${order.id}` },
    );
  }

  const card = createCardPayments({
    db: deps.db,
    provider: deps.cardProvider,
    currency: async () => (await requireOperator(deps.operators)).currency,
    kinds: deps.kinds,
    today: deps.today,
    clock: deps.clock,
    timeZone: deps.timeZone,
    log: deps.log,
    onOrderCreated: queueReceipt,
    offerPayments: deps.offerPayments,
    onLostAnswerCompleted: (customerId, result) => completed({ id: customerId }, result),
    onLostPaymentNotTaken: async (attempt) => {
      const operator = await deps.operators.current(deps.db);
      const person = await customerContact(deps.db, attempt.customerId);
      if (!operator || !person) return;
      await deps.email.send(
        paymentNotTakenEmail({
          operatorName: operator.name,
          to: person.email,
          firstName: person.firstName,
          amountPence: attempt.amountPence,
          symbol: currencySymbol(operator.currency),
          basketUrl: deps.basketUrl ?? '/basket',
        }),
        { dedupeKey: `payment-not-taken:${attempt.uuid}` },
      );
      deps.email.nudge();
    },
  });

  /** What completing a basket without a card needs, online or at the desk; the receipt goes with it. */
  const basketCompletion = (
    customer: CustomerRow,
    input: { terms: number[]; completedWaivers?: CompletedWaivers | undefined },
  ) => ({
    customerId: customer.id,
    customerReference: customer.reference,
    acceptedTermIds: input.terms,
    today: deps.today(),
    now: deps.clock(),
    timeZone: deps.timeZone,
    acceptedWaivers: waiverLineIds(input.completedWaivers),
    onCreated: queueReceipt,
  });

  /** The Direct Debit set-ups started after orders and still running (see `completed`). */
  const settling = new Set<Promise<void>>();

  /**
   * After the commit: the receipt queued with the order is sent now, and a new monthly membership's
   * mandate and first collection are set up without holding the answer (decision 0065): they are
   * the provider's round trips, most of what completing took, and My account shows "Being set up"
   * either way. A provider failure or a process that dies leaves them to the minute job, which
   * repeats each step safely.
   */
  async function completed(customer: Pick<CustomerRow, 'id'>, result: CompletedOrder) {
    if (result.created) {
      deps.email.nudge();
      const run: Promise<void> = deps.directDebit
        .settle({ customerId: customer.id })
        .catch((error: unknown) =>
          deps.log.warn(
            { err: error, customerId: customer.id },
            'direct debit set-up left to the minute job',
          ),
        )
        .finally(() => settling.delete(run));
      settling.add(run);
    }
    return { completeOrderId: result.orderId, orderId: result.orderId, status: 'completed' as const };
  }

  return {
    card,

    /** Resolves once every Direct Debit set-up started after an order has finished (shutdown, tests). */
    async settled(): Promise<void> {
      while (settling.size > 0) await Promise.all([...settling]);
    },

    /**
     * POST /api/checkout/complete: with a transaction, the authorised card payment pays for the
     * basket; without one, only a basket with nothing to pay completes (the terms ids are its payment).
     */
    async complete(
      customer: CustomerRow,
      input: {
        terms: number[];
        transactionUuid?: string | undefined;
        payments?: OfflinePayment[] | undefined;
        completedWaivers?: CompletedWaivers | undefined;
      },
      /** staff taking the card at the desk for the customer present (decision 0058) */
      staff?: DeskStaff | null,
    ) {
      if (input.transactionUuid) {
        const atDesk = staff
          ? async (tx: Tx, order: CreatedOrder) => {
              await stampDeskOrder(tx, order.id, { staffUserId: staff.id, source: 'front-of-house' });
              await recordDeskCardOrder(tx, staff, order);
            }
          : undefined;
        return completed(customer, await card.complete(customer, input.transactionUuid, atDesk));
      }
      // Without a card, account credit may pay the whole basket. The balance and the total are
      // checked in the order's transaction, so a repeat of a completed order still answers it.
      const spend = creditToSpend(input.payments, {
        balance: Number.MAX_SAFE_INTEGER,
        total: Number.MAX_SAFE_INTEGER,
      });
      if ('error' in spend) throw new HttpError(422, spend.error, { errors: { payments: [spend.error] } });
      const result = await completeBasket(deps.db, deps.kinds, {
        ...basketCompletion(customer, input),
        creditPence: spend.credit,
      });
      return completed(customer, result);
    },

    /**
     * POST {checkout}/pay at the front desk (decision 0056): the same completion as online, paid by
     * the tenders taken; the desk's record of the order, its audit row and the receipt are written
     * in the order's transaction. A repeat of the transaction answers the first order and its change.
     */
    async payAtDesk(
      customer: CustomerRow,
      staff: DeskStaff,
      input: {
        terms: number[];
        transactionUuid: string;
        payments: OfflinePayment[];
        completedWaivers?: CompletedWaivers | undefined;
      },
    ): Promise<PaidAtDesk> {
      const operator = await requireOperator(deps.operators);
      const { money } = moneyFormat(operator.currency);
      const desk = deskPayment({
        transactionUuid: input.transactionUuid,
        customerId: customer.id,
        staff,
        payments: input.payments,
        symbol: currencySymbol(operator.currency),
        limits: {
          maxCashTenderedPence: operator.deskMaxCashTenderedPence,
          maxChangePence: operator.deskMaxChangePence,
          otherVouchersAccepted: operator.deskOtherVouchersAccepted,
        },
        today: deps.today(),
        checkout: {
          orderOf: (tx, orderId) => findOrder(tx, orderId),
          hasOpenBasket: async (tx, customerId) => (await openCartOf(tx, customerId)) !== undefined,
        },
      });
      const result = await completeBasket(deps.db, deps.kinds, {
        ...basketCompletion(customer, input),
        offline: desk.offline,
        onCreated: async (tx, order) => {
          await stampDeskOrder(tx, order.id, await desk.recordOrder(tx, order));
          await queueReceipt(tx, order);
        },
      });
      const answer = await completed(customer, result);
      const order = await findOrder(deps.db, result.orderId);
      return { ...answer, change: money(order?.changePence ?? 0) };
    },

    /** The reconciliation job: orders for payments a crash left authorised, receipts included. */
    async reconcile(options: { olderThanMs: number }) {
      return card.reconcile({
        ...options,
        onCompleted: (customerId, result) => completed({ id: customerId }, result),
      });
    },

    /** A verified card provider webhook; an order it completes gets its receipt like any other. */
    async applyWebhook(event: ProviderWebhookEvent) {
      return card.applyWebhook(event, (customerId, result) => completed({ id: customerId }, result));
    },

    /** GET orders/{orderId}: the customer's own order as the confirmation page reads it. */
    async order(customer: CustomerRow, orderId: number): Promise<Order> {
      const operator = await requireOperator(deps.operators);
      const loaded = await loadOrder(customer.id, orderId);
      if (!loaded) throw new HttpError(404, itemNotFoundMessage);
      const format = moneyFormat(operator.currency);
      const { money } = format;
      const { order } = loaded;
      const lines = loaded.lines.filter((line) => line.itemType === 'membership');
      const balances = loaded.lines.filter((line) => line.itemType === 'outstanding_balance');
      const bookings = await orderBookingItems(deps.db, order.id, { money, timeZone: deps.timeZone });
      return {
        id: order.id,
        reference: order.reference,
        orderType: bookings.length > 0 ? 'booking' : 'membership',
        brand: operator.name,
        tax: money(order.taxPence),
        total: money(order.totalPence),
        ...orderPayment(
          order,
          money,
          order.paymentMethod === 'offline' ? await tendersOf(deps.db, [order.id]) : undefined,
        ),
        items: [
          ...lines.map((line) => {
            // A 'membership' line's details are a membership's (see `OrderItemDetails`).
            const details = line.details as OrderItemDetails | null;
            const costs = details?.costs;
            // One fee breakdown for every summary; an order lists only the fees it charged.
            const fees = costs
              ? feeLines(costs, (pence) => pence, {
                  change: details.kind === 'membership_change',
                })
                  .filter((fee) => fee.price > 0)
                  .map((fee) => ({ label: fee.label, type: fee.type, price: money(fee.price) }))
              : [];
            return {
              type: 'membership' as const,
              kind: details?.kind ?? 'membership',
              name: details?.name ?? line.description,
              friendlyName: line.description,
              categories: details?.categories ?? [],
              homeVenue: { name: details?.venueName ?? '' },
              membershipTypeId: details?.membershipTypeId ?? null,
              paymentType: costs?.paymentType ?? null,
              fixedDuration: costs?.fixedDuration ?? null,
              fixedPeriod: costs?.fixedPeriod ?? null,
              startDate: costs?.startDate ?? null,
              endDate: costs?.endDate ?? null,
              firstBillingDate: costs?.firstBillingDate ?? null,
              requiresEligibility: details?.requiresEligibility ?? false,
              baseFee: costs
                ? {
                    type: costs.paymentType === 'recurring' ? 'membership-monthly' : 'membership-fixed',
                    price: money(costs.basePrice),
                  }
                : null,
              change: details?.change ? inJsonbKeyOrder(changeAnswer(details.change, format)) : null,
              fees,
              total: money(line.amountPence),
            };
          }),
          ...bookings,
          ...loaded.lines
            .filter((line) => line.itemType === 'package')
            .map((line) => ({
              type: 'package' as const,
              name: line.description,
              total: money(line.amountPence),
            })),
          ...balances.map((line) => outstandingBalanceOrderItem(line, money)),
          // A fee owed on the account, paid (decision 0101): its receipt line says what for.
          ...loaded.lines
            .filter((line) => line.itemType === 'penalty_fee')
            .map((line) => ({
              type: 'penalty_fee' as const,
              name: penaltyFeeWords.lineName,
              description: line.description,
              total: money(line.amountPence),
            })),
          // A place on a course (decision 0109).
          ...loaded.lines
            .filter((line) => line.itemType === 'course_enrolment')
            .map((line) => courseOrderItem(line, money)),
        ],
      };
    },
  };
}
