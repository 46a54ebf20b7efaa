import type { CashUp, DeskOrder } from '@lido/contracts/front-of-house';
import { type CalendarDate, prettyDate, todayIn } from '@lido/pricing/calendar-date';
import type { Db } from '../../db/client.ts';
import type { OrderItemDetails } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { addCredit, bookingsOfOrder, markCancelled } from '../bookings/bookings.repository.ts';
import { giveBackBooking } from '../bookings/bookings.service.ts';
import { orderLines } from '../checkout/checkout.repository.ts';
import { moneyFormat } from '../memberships/costs-answer.ts';
import { cancelMembershipsOfVoidedOrder } from '../memberships/membership-void.ts';
import { itemNotFoundMessage, requireOperator } from '../operator/current-operator.ts';
import type { OperatorRepository } from '../operator/operator.repository.ts';
import { recordStaffAction } from '../staff/staff-audit.repository.ts';
import type { DeskStaff } from './desk-pay.ts';
import { deskOrdersOn, lockDeskOrder, markVoided, tendersOf } from './desk-payments.repository.ts';

export const alreadyVoided = 'This order has already been voided.';
export const onlyToday = 'Only an order taken at the desk today can be voided.';
/** Decision 0058: giving a card payment back is a refund through the provider, not a void. */
export const paidByCard =
  'This order was paid by card, so it cannot be voided at the desk: the office refunds it to the card.';
export const notVoidable =
  'This order changed a membership, bought a package or paid arrears, so it cannot be voided at the desk: please contact the office.';

type DeskOrderRow = Awaited<ReturnType<typeof deskOrdersOn>>[number];
type TenderRow = Omit<Awaited<ReturnType<typeof tendersOf>>[number], 'tenderType'> & {
  tenderType: DeskOrder['tenders'][number]['tenderType'];
};

/**
 * The desk's orders of a day, voiding one, and the cash-up (issue 19 item 5, decision 0056). A
 * day is the operator's calendar day, as "today" is everywhere else.
 */
export function createDeskOrdersService(deps: {
  db: Db;
  operators: OperatorRepository;
  clock: () => Date;
  timeZone: string;
  /** after a void gave places back: the waiting list is told at once */
  placesFreed: () => void;
}) {
  const today = () => todayIn(deps.timeZone, deps.clock());

  async function ordersOn(date: CalendarDate) {
    const rows = await deskOrdersOn(deps.db, date, deps.timeZone);
    const tenders: TenderRow[] = await tendersOf(
      deps.db,
      rows.map((row) => row.order.id),
    );
    // A card order's card share is its card payment (decision 0058), listed with its credit tender.
    for (const { order } of rows)
      if (order.paymentMethod === 'card' && order.takenByStaffUserId !== null)
        tenders.push({
          id: 0,
          orderId: order.id,
          tenderType: 'card',
          amountPence: order.totalPence - order.creditPence,
          tenderedPence: order.totalPence - order.creditPence,
          staffUserId: order.takenByStaffUserId,
        });
    return { rows, tenders };
  }

  const view =
    (money: ReturnType<typeof moneyFormat>['money'], tenders: TenderRow[]) =>
    (row: DeskOrderRow): DeskOrder => ({
      id: row.order.id,
      reference: row.order.reference,
      takenAt: (row.order.completedAt ?? row.order.createdAt).toISOString(),
      customer: {
        id: row.customer.id,
        name: `${row.customer.firstName} ${row.customer.lastName}`,
        reference: row.customer.reference,
      },
      staff: row.staff,
      total: money(row.order.totalPence),
      tenders: tenders
        .filter((tender) => tender.orderId === row.order.id)
        .map((tender) => ({ tenderType: tender.tenderType, amount: money(tender.amountPence) })),
      status: row.order.voidedAt ? 'voided' : 'completed',
      voidedBy: row.voidedBy?.id ? { id: row.voidedBy.id, name: row.voidedBy.name } : null,
      voidReason: row.order.voidReason,
    });

  /** GET /api/staff/orders?date=: every order taken at the desk that day, in the order taken. */
  async function orders(date: CalendarDate = today()) {
    const { money } = moneyFormat((await requireOperator(deps.operators)).currency);
    const { rows, tenders } = await ordersOn(date);
    return { date, orders: rows.map(view(money, tenders)) };
  }

  return {
    today,
    orders,

    /**
     * POST /api/staff/orders/{orderId}/void: undoes an order taken at the desk today, once. Its
     * bookings are cancelled and their places given back, its memberships end as a cooling-off
     * cancellation ends them, and the account credit it spent comes back; cash, vouchers and
     * cheques are handed back at the desk, so nothing goes to a card or to credit for them.
     */
    async void(staff: DeskStaff, orderId: number, reason: string): Promise<DeskOrder> {
      const at = deps.clock();
      const day = today();
      const outcome = await deps.db.transaction(async (tx) => {
        const locked = await lockDeskOrder(tx, orderId, deps.timeZone);
        if (!locked) throw new HttpError(404, itemNotFoundMessage);
        const { order } = locked;
        if (order.voidedAt) throw new HttpError(409, alreadyVoided);
        if (locked.day !== day) throw new HttpError(422, onlyToday);
        if (order.paymentMethod === 'card') throw new HttpError(422, paidByCard);
        const lines = await orderLines(tx, order.id);
        const undoable = lines.every(
          (line) =>
            line.itemType === 'booking' ||
            (line.itemType === 'membership' &&
              (line.details as OrderItemDetails | null)?.kind !== 'membership_change'),
        );
        if (!undoable) throw new HttpError(422, notVoidable);
        if (!(await markVoided(tx, order.id, { staffUserId: staff.id, reason, at })))
          throw new HttpError(409, alreadyVoided);
        let bookingsCancelled = 0;
        for (const { booking } of await bookingsOfOrder(tx, order.id)) {
          if (!(await markCancelled(tx, booking.id, { pence: 0, method: 'credit', cardPence: 0 }))) continue;
          await giveBackBooking(tx, booking, day);
          bookingsCancelled += 1;
        }
        const membershipsCancelled = await cancelMembershipsOfVoidedOrder(tx, {
          orderId: order.id,
          reason,
          at,
        });
        await addCredit(tx, order.customerId, order.creditPence);
        const handedBack = (await tendersOf(tx, [order.id])).filter(
          (tender) => tender.tenderType !== 'credit',
        );
        await recordStaffAction(tx, {
          staffUserId: staff.id,
          actor: staff.username,
          action: 'order.void',
          customerId: order.customerId,
          orderId: order.id,
          amountPence: order.totalPence,
          details: {
            reference: order.reference,
            reason,
            creditReturnedPence: order.creditPence,
            handedBack: handedBack.map((tender) => ({
              tenderType: tender.tenderType,
              amountPence: tender.amountPence,
            })),
            bookingsCancelled,
            membershipsCancelled,
          },
        });
        return { bookingsCancelled, date: locked.day };
      });
      if (outcome.bookingsCancelled > 0) deps.placesFreed();
      const voided = await orders(outcome.date);
      return voided.orders.find((order) => order.id === orderId)!;
    },

    /**
     * GET /api/staff/cash-up?date=: per member of staff and tender, what they took, what went back
     * on voided orders, and what should be in the till; the day's totals per tender.
     */
    async cashUp(date: CalendarDate = today()): Promise<CashUp> {
      const { money } = moneyFormat((await requireOperator(deps.operators)).currency);
      const { rows, tenders } = await ordersOn(date);
      const voided = new Set(rows.filter((row) => row.order.voidedAt).map((row) => row.order.id));
      const staffNames = new Map(rows.map((row) => [row.staff.id, row.staff.name]));
      const sums = new Map<
        string,
        {
          staffId: number;
          tenderType: TenderRow['tenderType'];
          orders: number;
          taken: number;
          voided: number;
        }
      >();
      for (const tender of tenders) {
        const key = `${tender.staffUserId}:${tender.tenderType}`;
        const sum = sums.get(key) ?? {
          staffId: tender.staffUserId,
          tenderType: tender.tenderType,
          orders: 0,
          taken: 0,
          voided: 0,
        };
        sum.orders += 1;
        sum.taken += tender.amountPence;
        if (voided.has(tender.orderId)) sum.voided += tender.amountPence;
        sums.set(key, sum);
      }
      const tenderOrder = ['cash', 'offline-voucher', 'cheque', 'card', 'credit'] as const;
      const sorted = [...sums.values()].sort(
        (a, b) =>
          (staffNames.get(a.staffId) ?? '').localeCompare(staffNames.get(b.staffId) ?? '') ||
          tenderOrder.indexOf(a.tenderType) - tenderOrder.indexOf(b.tenderType),
      );
      return {
        date,
        prettyDate: prettyDate(date),
        rows: sorted.map((sum) => ({
          staff: { id: sum.staffId, name: staffNames.get(sum.staffId) ?? '' },
          tenderType: sum.tenderType,
          orders: sum.orders,
          taken: money(sum.taken),
          voided: money(sum.voided),
          net: money(sum.taken - sum.voided),
        })),
        totals: tenderOrder
          .map((tenderType) => ({
            tenderType,
            net: sorted
              .filter((sum) => sum.tenderType === tenderType)
              .reduce((total, sum) => total + sum.taken - sum.voided, 0),
          }))
          .filter((total) => sorted.some((sum) => sum.tenderType === total.tenderType))
          .map((total) => ({ tenderType: total.tenderType, net: money(total.net) })),
        voidedOrders: voided.size,
      };
    },
  };
}
