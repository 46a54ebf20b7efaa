import { and, desc, eq, gte, inArray, isNull, lte, ne, notExists, notInArray, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import {
  customerMemberships,
  directDebitCollections,
  membershipPriceChanges,
  membershipPriceNotices,
  membershipTypes,
} from '../../db/schema.ts';

/** Collections another one replaced: not the member's billing dates any more. */
const replacedStatuses = ['cancelling', 'cancel_sent', 'cancelled'];

/**
 * Members still to be told of a price change in force: holding its payment option, running
 * (active or awaiting eligibility, not being cancelled, not ending before the change), paying a
 * different price, and not told of this change yet. With their latest billing date, if any.
 */
export async function membersToNotify(db: Executor) {
  return db
    .select({
      changeId: membershipPriceChanges.id,
      newPricePence: membershipPriceChanges.pricePence,
      effectiveFrom: membershipPriceChanges.effectiveFrom,
      membershipId: customerMemberships.id,
      customerId: customerMemberships.customerId,
      oldPricePence: customerMemberships.pricePence,
      billingDay: customerMemberships.billingDay,
      startDate: customerMemberships.startDate,
      typeName: membershipTypes.name,
      latestBillingDate: sql<string | null>`(SELECT max(${directDebitCollections.billingDate})::text
        FROM ${directDebitCollections}
        WHERE ${directDebitCollections.customerMembershipId} = ${customerMemberships.id}
          AND ${directDebitCollections.status} NOT IN ('cancelling', 'cancel_sent', 'cancelled'))`,
    })
    .from(membershipPriceChanges)
    .innerJoin(
      customerMemberships,
      eq(customerMemberships.paymentOptionId, membershipPriceChanges.paymentOptionId),
    )
    .innerJoin(membershipTypes, eq(membershipTypes.id, customerMemberships.membershipTypeId))
    .where(
      and(
        eq(membershipPriceChanges.status, 'active'),
        inArray(customerMemberships.status, ['active', 'pending_eligibility']),
        isNull(customerMemberships.cancelRequestedAt),
        ne(customerMemberships.pricePence, membershipPriceChanges.pricePence),
        or(
          isNull(customerMemberships.endDate),
          gte(customerMemberships.endDate, membershipPriceChanges.effectiveFrom),
        ),
        notExists(
          db
            .select({ id: membershipPriceNotices.id })
            .from(membershipPriceNotices)
            .where(
              and(
                eq(membershipPriceNotices.priceChangeId, membershipPriceChanges.id),
                eq(membershipPriceNotices.customerMembershipId, customerMemberships.id),
              ),
            ),
        ),
      ),
    )
    .orderBy(membershipPriceChanges.id, customerMemberships.id);
}

/** Claims the member's notice of a change: false when another run already has (the unique key). */
export async function insertPriceNotice(
  tx: Tx,
  values: {
    priceChangeId: number;
    customerMembershipId: number;
    oldPricePence: number;
    newPricePence: number;
    noticeDate: string;
    firstBillingDate: string;
  },
): Promise<boolean> {
  const rows = await tx
    .insert(membershipPriceNotices)
    .values(values)
    .onConflictDoNothing({
      target: [membershipPriceNotices.priceChangeId, membershipPriceNotices.customerMembershipId],
    })
    .returning({ id: membershipPriceNotices.id });
  return rows.length > 0;
}

/** Notices whose new price has not yet taken over the membership, latest first per membership. */
export async function waitingPriceNotices(db: Executor, membershipIds?: number[]) {
  if (membershipIds?.length === 0) return [];
  return db
    .select({
      id: membershipPriceNotices.id,
      customerMembershipId: membershipPriceNotices.customerMembershipId,
      oldPricePence: membershipPriceNotices.oldPricePence,
      newPricePence: membershipPriceNotices.newPricePence,
      firstBillingDate: membershipPriceNotices.firstBillingDate,
    })
    .from(membershipPriceNotices)
    .where(
      and(
        isNull(membershipPriceNotices.appliedAt),
        membershipIds ? inArray(membershipPriceNotices.customerMembershipId, membershipIds) : undefined,
      ),
    )
    .orderBy(membershipPriceNotices.customerMembershipId, desc(membershipPriceNotices.firstBillingDate));
}

/** Notices whose first collection at the new price is today or past, not yet applied. */
export async function noticesDueToApply(db: Executor, today: string) {
  return db
    .select()
    .from(membershipPriceNotices)
    .where(and(isNull(membershipPriceNotices.appliedAt), lte(membershipPriceNotices.firstBillingDate, today)))
    .orderBy(membershipPriceNotices.firstBillingDate, membershipPriceNotices.id);
}

/**
 * The new price takes over the membership, once: the notice is marked applied only if it was not
 * (a conditional UPDATE, so two instances apply it once) and the membership's price follows.
 */
export async function applyPriceNotice(tx: Tx, noticeId: number, now: Date): Promise<boolean> {
  const [notice] = await tx
    .update(membershipPriceNotices)
    .set({ appliedAt: now })
    .where(and(eq(membershipPriceNotices.id, noticeId), isNull(membershipPriceNotices.appliedAt)))
    .returning();
  if (!notice) return false;
  await tx
    .update(customerMemberships)
    .set({ pricePence: notice.newPricePence })
    .where(eq(customerMemberships.id, notice.customerMembershipId));
  return true;
}

/** A membership's live collections from `from` on still at `amountPence`, locked. */
export async function collectionsAtAmountFrom(
  tx: Tx,
  membershipId: number,
  from: string,
  amountPence: number,
) {
  return tx
    .select({ billingDate: directDebitCollections.billingDate })
    .from(directDebitCollections)
    .where(
      and(
        eq(directDebitCollections.customerMembershipId, membershipId),
        gte(directDebitCollections.billingDate, from),
        eq(directDebitCollections.amountPence, amountPence),
        notInArray(directDebitCollections.status, replacedStatuses),
      ),
    )
    .for('update');
}
