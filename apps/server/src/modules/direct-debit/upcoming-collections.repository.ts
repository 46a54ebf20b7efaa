import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  customerMemberships,
  directDebitCollections,
  directDebitInstructions,
  membershipFreezes,
} from '../../db/schema.ts';

/** The reads of the upcoming collections (issue 33 item 2): the engine's own rows, as they are. */

/** Every collection of these memberships, with its instruction's state (and any that took over). */
export async function collectionRowsOf(db: Executor, membershipIds: number[]) {
  if (membershipIds.length === 0) return [];
  const replacement = alias(directDebitInstructions, 'replacement');
  return db
    .select({
      collection: directDebitCollections,
      instructionStatus: directDebitInstructions.status,
      replacementStatus: replacement.status,
    })
    .from(directDebitCollections)
    .innerJoin(directDebitInstructions, eq(directDebitInstructions.id, directDebitCollections.instructionId))
    .leftJoin(
      replacement,
      and(
        eq(replacement.replacesInstructionId, directDebitInstructions.id),
        inArray(replacement.takeover, ['moved', 'cancel_sent', 'done']),
      ),
    )
    .where(inArray(directDebitCollections.customerMembershipId, membershipIds))
    .orderBy(asc(directDebitCollections.billingDate), asc(directDebitCollections.id));
}

/** The memberships as the engine reads them when it makes a month's collection. */
export async function membershipsForCollections(db: Executor, membershipIds: number[]) {
  if (membershipIds.length === 0) return [];
  return db
    .select({
      id: customerMemberships.id,
      status: customerMemberships.status,
      endDate: customerMemberships.endDate,
      pricePence: customerMemberships.pricePence,
    })
    .from(customerMemberships)
    .where(inArray(customerMemberships.id, membershipIds));
}

/**
 * Their freezes that happen or happened (none withdrawn): those not yet over (`scheduled`, `active`)
 * are the engine's `openFreezes`; the others only name what a past collection was for.
 */
export async function freezesOfMemberships(db: Executor, membershipIds: number[]) {
  if (membershipIds.length === 0) return [];
  return db
    .select({
      customerMembershipId: membershipFreezes.customerMembershipId,
      startsOn: membershipFreezes.startsOn,
      endsOn: membershipFreezes.endsOn,
      monthlyFeePence: membershipFreezes.monthlyFeePence,
      status: membershipFreezes.status,
    })
    .from(membershipFreezes)
    .where(
      and(
        inArray(membershipFreezes.status, ['scheduled', 'active', 'completed', 'ended_early']),
        inArray(membershipFreezes.customerMembershipId, membershipIds),
      ),
    );
}

/** The customer's own memberships paid monthly (their dependants' are theirs to pay too). */
export async function monthlyMembershipIdsOf(db: Executor, customerIds: number[]) {
  if (customerIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: directDebitCollections.customerMembershipId })
    .from(directDebitCollections)
    .innerJoin(directDebitInstructions, eq(directDebitInstructions.id, directDebitCollections.instructionId))
    .where(inArray(directDebitInstructions.customerId, customerIds));
  return rows.map((row) => row.id);
}
