import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  customerMemberships,
  customers,
  directDebitCollections,
  membershipTypes,
  orderItems,
  orders,
  type OrderItemDetails,
  paymentOptions,
} from '../../db/schema.ts';

/** Every query of leaving a membership (decision 0022): the service decides, these read and write. */

export type ExitMembershipRow = Awaited<ReturnType<typeof exitMembershipOf>>;

/** One of the customer's own memberships with its type, option and order; `lock` for the change. */
export async function exitMembershipOf(
  db: Executor,
  customerId: number,
  membershipId: number,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select({
      membership: customerMemberships,
      typeName: membershipTypes.name,
      paymentType: paymentOptions.paymentType,
      fixedDuration: paymentOptions.fixedDuration,
      fixedPeriod: paymentOptions.fixedPeriod,
      order: {
        id: orders.id,
        totalPence: orders.totalPence,
        creditPence: orders.creditPence,
        paymentMethod: orders.paymentMethod,
        cardLastFour: orders.cardLastFour,
        completedAt: orders.completedAt,
        createdAt: orders.createdAt,
      },
    })
    .from(customerMemberships)
    .innerJoin(membershipTypes, eq(membershipTypes.id, customerMemberships.membershipTypeId))
    .innerJoin(paymentOptions, eq(paymentOptions.id, customerMemberships.paymentOptionId))
    .leftJoin(orders, eq(orders.id, customerMemberships.orderId))
    .where(and(eq(customerMemberships.id, membershipId), eq(customerMemberships.customerId, customerId)));
  const [row] = await (options.lock ? query.for('update', { of: customerMemberships }) : query);
  return row;
}

/** The membership lines of an order, as priced at checkout. */
export async function membershipLinesOfOrder(db: Executor, orderId: number) {
  const rows = await db
    .select({ amountPence: orderItems.amountPence, details: orderItems.details })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.itemType, 'membership')))
    .orderBy(asc(orderItems.position));
  // A 'membership' line's details are always a membership's (an outstanding balance has its own type).
  return rows as { amountPence: number; details: OrderItemDetails | null }[];
}

/** A membership's collections, earliest first. */
export async function collectionsOf(db: Executor, membershipId: number) {
  return db
    .select()
    .from(directDebitCollections)
    .where(eq(directDebitCollections.customerMembershipId, membershipId))
    .orderBy(asc(directDebitCollections.billingDate));
}

const stillActive = inArray(customerMemberships.status, ['pending', 'pending_eligibility', 'active']);

/** Moves a membership the member has not cancelled yet, while it runs; true for the one caller that did. */
async function moveUncancelled(
  db: Executor,
  membershipId: number,
  values: Partial<typeof customerMemberships.$inferInsert>,
): Promise<boolean> {
  const moved = await db
    .update(customerMemberships)
    .set(values)
    .where(
      and(
        eq(customerMemberships.id, membershipId),
        isNull(customerMemberships.cancelRequestedAt),
        stillActive,
      ),
    )
    .returning({ id: customerMemberships.id });
  return moved.length > 0;
}

/** Notice given: the membership runs to its last day. Only the first request moves it. */
export const recordNotice = (
  db: Executor,
  membershipId: number,
  values: { lastDay: string; reason: string | null; at: Date },
) =>
  moveUncancelled(db, membershipId, {
    endDate: values.lastDay,
    cancelRequestedAt: values.at,
    cancelKind: 'notice',
    cancelReason: values.reason,
  });

/** Cancelled in the cooling-off period: it ends now, with its refund. Only the first request moves it. */
export const recordCoolingOff = (
  db: Executor,
  membershipId: number,
  values: {
    endDate: string | null;
    reason: string | null;
    at: Date;
    refundPence: number;
    cardRefundPence: number;
  },
) =>
  moveUncancelled(db, membershipId, {
    status: 'cancelled',
    endDate: values.endDate,
    cancelRequestedAt: values.at,
    cancelKind: 'cooling_off',
    cancelReason: values.reason,
    coolingOffRefundPence: values.refundPence,
    coolingOffCardRefundPence: values.cardRefundPence,
    coolingOffCardRefundStatus: values.cardRefundPence > 0 ? 'pending' : null,
  });

/**
 * Claims the card refund of a cooling-off cancellation (pending → failed until the provider says
 * it was done), so a repeated request or a second instance never refunds twice.
 */
export async function claimCardRefund(db: Executor, membershipId: number): Promise<boolean> {
  const claimed = await db
    .update(customerMemberships)
    .set({ coolingOffCardRefundStatus: 'failed' })
    .where(
      and(
        eq(customerMemberships.id, membershipId),
        eq(customerMemberships.coolingOffCardRefundStatus, 'pending'),
      ),
    )
    .returning({ id: customerMemberships.id });
  return claimed.length > 0;
}

export async function markCardRefundDone(db: Executor, membershipId: number) {
  await db
    .update(customerMemberships)
    .set({ coolingOffCardRefundStatus: 'done' })
    .where(eq(customerMemberships.id, membershipId));
}

/** Memberships cancelled with notice whose last day has passed: now cancelled. */
export async function closeNoticeEnded(db: Executor, today: string) {
  return db
    .update(customerMemberships)
    .set({ status: 'cancelled' })
    .where(
      and(eq(customerMemberships.cancelKind, 'notice'), stillActive, lt(customerMemberships.endDate, today)),
    )
    .returning({ id: customerMemberships.id, endDate: customerMemberships.endDate });
}

/** What an instruction still carries: each collection's state, and its memberships' state. */
export async function instructionUse(db: Executor, instructionId: number) {
  return db
    .select({
      collectionStatus: directDebitCollections.status,
      billingDate: directDebitCollections.billingDate,
      membershipId: customerMemberships.id,
      membershipStatus: customerMemberships.status,
      endDate: customerMemberships.endDate,
    })
    .from(directDebitCollections)
    .innerJoin(customerMemberships, eq(customerMemberships.id, directDebitCollections.customerMembershipId))
    .where(eq(directDebitCollections.instructionId, instructionId));
}

/** Cooling-off card refunds that failed (or whose process died mid-call): for staff to make by hand. */
export async function membershipRefundsNeedingAttention(db: Executor) {
  return db
    .select({
      membershipId: customerMemberships.id,
      customer: customers.reference,
      orderReference: orders.reference,
      refundPence: customerMemberships.coolingOffCardRefundPence,
      cancelledAt: customerMemberships.cancelRequestedAt,
    })
    .from(customerMemberships)
    .innerJoin(customers, eq(customers.id, customerMemberships.customerId))
    .leftJoin(orders, eq(orders.id, customerMemberships.orderId))
    .where(eq(customerMemberships.coolingOffCardRefundStatus, 'failed'))
    .orderBy(asc(customerMemberships.cancelRequestedAt));
}

/** The memberships an order made that still run: what voiding the order cancels (decision 0056). */
export async function runningMembershipsOfOrder(db: Executor, orderId: number) {
  return db
    .select({ id: customerMemberships.id, startDate: customerMemberships.startDate })
    .from(customerMemberships)
    .where(and(eq(customerMemberships.orderId, orderId), stillActive))
    .orderBy(asc(customerMemberships.id));
}
