import { and, asc, eq, exists, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customerMemberships, directDebitCollections, membershipTypes, venues } from '../../db/schema.ts';

/**
 * The SQL of a member's outstanding balance (issue 22 item 4): failed Direct Debit collections,
 * and their recovery by a card payment. Only `failed` is owed here: a collection the provider is
 * re-presenting has moved on from `failed`, so it is neither shown nor payable by card meanwhile.
 */

const owedStatus = 'failed';

/** This customer's failed collections, oldest billing date first, with their membership. */
export async function failedCollectionsOf(db: Executor, customerId: number) {
  return db
    .select({
      collectionId: directDebitCollections.id,
      amountPence: directDebitCollections.amountPence,
      billingDate: directDebitCollections.billingDate,
      membershipId: customerMemberships.id,
      membershipName: membershipTypes.name,
      membershipTypeId: customerMemberships.membershipTypeId,
      paymentOptionId: customerMemberships.paymentOptionId,
      venueId: customerMemberships.homeVenueId,
      venueName: venues.name,
    })
    .from(directDebitCollections)
    .innerJoin(customerMemberships, eq(customerMemberships.id, directDebitCollections.customerMembershipId))
    .innerJoin(membershipTypes, eq(membershipTypes.id, customerMemberships.membershipTypeId))
    .innerJoin(venues, eq(venues.id, customerMemberships.homeVenueId))
    .where(and(eq(customerMemberships.customerId, customerId), eq(directDebitCollections.status, owedStatus)))
    .orderBy(asc(directDebitCollections.billingDate), asc(directDebitCollections.id));
}
export type FailedCollection = Awaited<ReturnType<typeof failedCollectionsOf>>[number];

/** Whether this customer owes any failed collection (the booking rule's one-row read). */
export async function owesFailedCollection(db: Executor, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: directDebitCollections.id })
    .from(directDebitCollections)
    .innerJoin(customerMemberships, eq(customerMemberships.id, directDebitCollections.customerMembershipId))
    .where(and(eq(customerMemberships.customerId, customerId), eq(directDebitCollections.status, owedStatus)))
    .limit(1);
  return row !== undefined;
}

/**
 * Marks a failed collection of this customer's recovered by an order. The conditional UPDATE moves
 * it once: a repeated or concurrent completion, or a collection no longer failed (re-presented,
 * already recovered), changes nothing and answers undefined.
 */
export async function recoverCollection(
  db: Executor,
  input: { collectionId: number; customerId: number; orderId: number },
) {
  const [row] = await db
    .update(directDebitCollections)
    .set({ status: 'recovered', recoveredOrderId: input.orderId, updatedAt: sql`now()` })
    .where(
      and(
        eq(directDebitCollections.id, input.collectionId),
        eq(directDebitCollections.status, owedStatus),
        exists(
          db
            .select({ id: customerMemberships.id })
            .from(customerMemberships)
            .where(
              and(
                eq(customerMemberships.id, directDebitCollections.customerMembershipId),
                eq(customerMemberships.customerId, input.customerId),
              ),
            ),
        ),
      ),
    )
    .returning({
      id: directDebitCollections.id,
      membershipId: directDebitCollections.customerMembershipId,
      amountPence: directDebitCollections.amountPence,
      billingDate: directDebitCollections.billingDate,
    });
  return row;
}
