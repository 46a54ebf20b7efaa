import type { CashUp, DeskOrder, VoidOrderBody, VoidPreview } from '@lido/contracts/front-of-house';
import { tenderTypeLabels } from '@lido/contracts/offline-payments';
import { type CalendarDate, prettyDate, todayIn } from '@lido/pricing/calendar-date';
import { formatPence } from '@lido/pricing/money';
import type { Db, Executor } from '../../db/client.ts';
import type { OrderItemDetails } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { addCredit } from '../account-credit/index.ts';
import type { LineKinds } from '../line-kinds/index.ts';
import { moneyFormat } from '@lido/pricing/money';
import { itemNotFoundMessage, requireOperator } from '../operator/index.ts';
import type { OperatorRepository } from '../operator/index.ts';
import {
  type HeldOrder,
  holdOrderForRefund,
  recordOrderRefund,
  refundedSoFar,
} from '../order-refunds/index.ts';
import { recordStaffAction } from '../audit/index.ts';
import type { DeskStaff } from './desk-pay.ts';
import {
  customerById,
  deskOrderForVoid,
  deskOrdersOn,
  markTenderHandedBack,
  restoreVoucher,
  tendersOf,
} from './desk-payments.repository.ts';
import { type HandBack, handBackOnVoid, handBackTotal } from './void-hand-back.ts';

const alreadyVoided = 'This order has already been voided.';
const onlyToday = 'Only an order taken at the desk today can be voided.';
/** Decision 0058: giving a card payment back is a refund through the provider, not a void. */
export const paidByCard =
  'This order was paid by card, so it cannot be voided at the desk: the office refunds it to the card.';
const notVoidable =
  'This order changed a membership, bought a package or paid arrears, so it cannot be voided at the desk: please contact the office.';
export const handBackChanged = (now: string) =>
  `What is to be handed back has changed since it was shown (a refund was made meanwhile): it is now ${now}. Check it again before voiding.`;

/** "£12.50 in cash", "Voucher BW-GIFT-0001 (£10.00)", "£5.00 back to account credit". */
function handBackText(item: HandBack, symbol: string): string {
  const amount = formatPence(item.pence, symbol);
  if (item.tenderType === 'credit') return `${amount} back to account credit`;
  if (item.tenderType === 'cash') return `${amount} in cash`;
  const what =
    item.tenderType === 'offline-voucher'
      ? `voucher${item.voucherCode ? ` ${item.voucherCode}` : ''}`
      : 'cheque';
  if (item.inCash) return `${amount} in cash, for what is left of the ${what}`;
  return `${tenderTypeLabels[item.tenderType]}${item.voucherCode ? ` ${item.voucherCode}` : ''} (${amount}), handed back`;
}

type OrderLine = { itemType: string; details: OrderItemDetails | { kind: string } | null };
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
  /** what the basket sells: a void undoes each kind's share of the order (decision 0077) */
  kinds: LineKinds;
  /** an order's lines (checkout's order lines: passed in, as checkout uses this module) */
  orderLines: (db: Executor, orderId: number) => Promise<OrderLine[]>;
  /** marks the order voided, once (checkout owns the order row): false when another void won */
  markOrderVoided: (
    db: Executor,
    orderId: number,
    values: { staffUserId: number; reason: string; at: Date },
  ) => Promise<boolean>;
}) {
  /** How many of each kind's purchases a void undoes (or would), by the kind's name. */
  const undoneBy = (counts: Map<string, number>) => ({
    bookingsCancelled: counts.get('booking') ?? 0,
    membershipsCancelled: counts.get('membership') ?? 0,
  });
  const today = () => todayIn(deps.timeZone, deps.clock());

  /**
   * Whether the order can be voided now and what that would do: the checks, the refunds so far,
   * and what is handed back. With `lock`, in the void's transaction: the order's row is locked
   * first, as every refund path locks it (decision 0072).
   */
  async function planVoid(db: Executor, orderId: number, options: { lock: boolean }) {
    const found = await deskOrderForVoid(db, orderId, deps.timeZone, options);
    if (!found) throw new HttpError(404, itemNotFoundMessage);
    const { order } = found;
    if (order.voidedAt) throw new HttpError(409, alreadyVoided);
    if (found.day !== today()) throw new HttpError(422, onlyToday);
    if (order.paymentMethod === 'card') throw new HttpError(422, paidByCard);
    const lines = await deps.orderLines(db, order.id);
    const undoable = lines.every(
      (line) =>
        line.itemType === 'booking' ||
        (line.itemType === 'membership' &&
          (line.details as OrderItemDetails | null)?.kind !== 'membership_change'),
    );
    if (!undoable) throw new HttpError(422, notVoidable);
    const held: HeldOrder | undefined = options.lock
      ? await holdOrderForRefund(db, order.id)
      : await refundedSoFar(db, order.id).then((refundedPence) => ({
          id: order.id,
          totalPence: order.totalPence,
          refundedPence,
          heldPence: Math.max(0, order.totalPence - refundedPence),
        }));
    if (!held) throw new HttpError(404, itemNotFoundMessage);
    const tenders = await tendersOf(db, [order.id]);
    const handBack = handBackOnVoid(
      tenders.map((tender) => ({
        id: tender.id,
        tenderType: tender.tenderType,
        amountPence: tender.amountPence,
        voucherCode: tender.voucherCode,
      })),
      held.refundedPence,
    );
    return { order, day: found.day, held, tenders, handBack };
  }

  async function previewOf(
    plan: Awaited<ReturnType<typeof planVoid>>,
    money: ReturnType<typeof moneyFormat>['money'],
    symbol: string,
  ): Promise<VoidPreview> {
    const would = new Map<string, number>();
    for (const kind of deps.kinds)
      if (kind.wouldUndo) would.set(kind.name, await kind.wouldUndo(deps.db, plan.order.id));
    const customer = await customerById(deps.db, plan.order.customerId);
    return {
      orderId: plan.order.id,
      reference: plan.order.reference,
      customerName: customer ? `${customer.firstName} ${customer.lastName}` : '',
      total: money(plan.order.totalPence),
      alreadyRefunded: money(plan.held.refundedPence),
      handBack: plan.handBack.map((item) => ({
        tenderType: item.tenderType,
        amount: money(item.pence),
        voucherCode: item.voucherCode,
        inCash: item.inCash,
        text: handBackText(item, symbol),
      })),
      handBackTotal: money(handBackTotal(plan.handBack)),
      ...undoneBy(would),
    };
  }

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
          voucherCode: null,
          voucherId: null,
          handedBackPence: 0,
          handedBackInCash: false,
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
        .map((tender) => ({
          tenderType: tender.tenderType,
          amount: money(tender.amountPence),
          voucherCode: tender.voucherCode,
        })),
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

    /** GET /api/staff/orders/{orderId}/void: what voiding it now would hand back, before confirming. */
    async voidPreview(orderId: number): Promise<VoidPreview> {
      const { money, symbol } = moneyFormat((await requireOperator(deps.operators)).currency);
      const plan = await planVoid(deps.db, orderId, { lock: false });
      return previewOf(plan, money, symbol);
    },

    /**
     * POST /api/staff/orders/{orderId}/void: undoes an order taken at the desk today, once. Its
     * bookings are cancelled and their places given back, its memberships end as a cooling-off
     * cancellation ends them, and what the order still holds is handed back: its tenders less what
     * its refunds already gave back (decision 0072), recorded in the order's refund ledger under the
     * order's lock, so a refund and a void on two instances never both give the same money back.
     * Refused when what is to be handed back is not what the supervisor was shown.
     */
    async void(staff: DeskStaff, orderId: number, body: VoidOrderBody): Promise<DeskOrder> {
      const { reason } = body;
      const at = deps.clock();
      const { symbol } = moneyFormat((await requireOperator(deps.operators)).currency);
      const outcome = await deps.db.transaction(async (tx) => {
        const plan = await planVoid(tx, orderId, { lock: true });
        const { order, held, handBack } = plan;
        const total = handBackTotal(handBack);
        if (total !== body.handBackPence)
          throw new HttpError(409, handBackChanged(formatPence(total, symbol)), {
            errors: { handBackPence: [handBackChanged(formatPence(total, symbol))] },
          });
        if (!(await deps.markOrderVoided(tx, order.id, { staffUserId: staff.id, reason, at })))
          throw new HttpError(409, alreadyVoided);
        await recordOrderRefund(tx, held, { kind: 'void', subjectId: order.id, amountPence: total, at });
        // Each kind undoes its share: bookings cancelled with their places given back, memberships
        // ended as a cooling-off cancellation ends them.
        const undone = new Map<string, number>();
        let placesFreed = false;
        for (const kind of deps.kinds) {
          if (!kind.undoOrder) continue;
          const outcome = await kind.undoOrder(tx, order, { reason, at, today: today() });
          undone.set(kind.name, outcome.undone);
          placesFreed ||= outcome.placesFreed === true;
        }
        const { bookingsCancelled, membershipsCancelled } = undoneBy(undone);
        for (const item of handBack) {
          await markTenderHandedBack(tx, item.tenderId, { pence: item.pence, inCash: item.inCash });
          const tender = plan.tenders.find((candidate) => candidate.id === item.tenderId);
          if (tender?.voucherId && !item.inCash) await restoreVoucher(tx, tender.voucherId, item.pence);
        }
        const creditReturned = handBack
          .filter((item) => item.tenderType === 'credit')
          .reduce((sum, item) => sum + item.pence, 0);
        await addCredit(tx, order.customerId, creditReturned);
        await recordStaffAction(tx, {
          by: { staff },
          action: 'order.void',
          customerId: order.customerId,
          orderId: order.id,
          amountPence: total,
          details: {
            reference: order.reference,
            reason,
            totalPence: order.totalPence,
            alreadyRefundedPence: held.refundedPence - total,
            creditReturnedPence: creditReturned,
            handedBack: handBack.map((item) => ({
              tenderType: item.tenderType,
              amountPence: item.pence,
              inCash: item.inCash,
              ...(item.voucherCode ? { voucherCode: item.voucherCode } : {}),
            })),
            bookingsCancelled,
            membershipsCancelled,
          },
        });
        return { placesFreed, date: plan.day };
      });
      if (outcome.placesFreed) deps.placesFreed();
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
      const sumOf = (staffId: number, tenderType: TenderRow['tenderType']) => {
        const key = `${staffId}:${tenderType}`;
        const sum = sums.get(key) ?? { staffId, tenderType, orders: 0, taken: 0, voided: 0 };
        sums.set(key, sum);
        return sum;
      };
      for (const tender of tenders) {
        const sum = sumOf(tender.staffUserId, tender.tenderType);
        sum.orders += 1;
        sum.taken += tender.amountPence;
        // What a void really handed back (decision 0072): refunds before it left the rest in the
        // till, and a part of a voucher or cheque went back out of the cash.
        if (tender.handedBackPence > 0)
          (tender.handedBackInCash ? sumOf(tender.staffUserId, 'cash') : sum).voided +=
            tender.handedBackPence;
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
        vouchers: tenders
          .filter((tender) => tender.tenderType === 'offline-voucher' && tender.voucherCode)
          .map((tender) => ({
            code: tender.voucherCode!,
            amount: money(tender.amountPence),
            orderReference: rows.find((row) => row.order.id === tender.orderId)?.order.reference ?? '',
            staff: { id: tender.staffUserId, name: staffNames.get(tender.staffUserId) ?? '' },
            issuedInLido: tender.voucherId !== null,
            handedBack: tender.handedBackPence > 0 && !tender.handedBackInCash,
          })),
      };
    },
  };
}
