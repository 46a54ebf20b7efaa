import { and, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customerMemberships, directDebitCollections, directDebitInstructions } from '../../db/schema.ts';
import { staleClaim } from './direct-debit.repository.ts';

// Re-presenting a failed collection (migration 0036).

/** What the re-presentation rule needs of a membership: is it still running, and until when. */
export async function membershipForRetry(db: Executor, membershipId: number) {
  const [found] = await db
    .select({ status: customerMemberships.status, endDate: customerMemberships.endDate })
    .from(customerMemberships)
    .where(eq(customerMemberships.id, membershipId));
  return found;
}

/** A `retrying` claim is stale (its process died mid-call) after `staleClaim`. */
const staleRetrying = and(
  eq(directDebitCollections.status, 'retrying'),
  sql`${directDebitCollections.updatedAt} < now() - ${staleClaim}::interval`,
);

/** Planned re-presentations not yet made (and stale claims), with what decides whether they still may be. */
export async function representationsDue(db: Executor) {
  return db
    .select({
      collection: directDebitCollections,
      mandateId: directDebitInstructions.mandateId,
      membershipStatus: customerMemberships.status,
      endDate: customerMemberships.endDate,
    })
    .from(directDebitCollections)
    .innerJoin(directDebitInstructions, eq(directDebitInstructions.id, directDebitCollections.instructionId))
    .innerJoin(customerMemberships, eq(customerMemberships.id, directDebitCollections.customerMembershipId))
    .where(
      and(
        eq(directDebitCollections.representation, 'planned'),
        or(eq(directDebitCollections.status, 'failed'), staleRetrying),
      ),
    );
}

/**
 * Claims a planned re-presentation: `failed` → `retrying` (or a stale claim taken over). True for
 * the one caller that claimed it. A collection the member paid by card (`recovered`) is not
 * `failed`, so it is never claimed, and once claimed it cannot be paid by card.
 */
export async function claimRepresentation(db: Executor, id: number): Promise<boolean> {
  const [claimed] = await db
    .update(directDebitCollections)
    .set({ status: 'retrying', updatedAt: sql`now()` })
    .where(
      and(
        eq(directDebitCollections.id, id),
        eq(directDebitCollections.representation, 'planned'),
        or(eq(directDebitCollections.status, 'failed'), staleRetrying),
      ),
    )
    .returning({ id: directDebitCollections.id });
  return claimed !== undefined;
}

/** A claim handed back after a provider call whose outcome is unknown: the next run tries again. */
export async function handBackRepresentation(db: Executor, id: number) {
  await db
    .update(directDebitCollections)
    .set({ status: 'failed', updatedAt: sql`now()` })
    .where(and(eq(directDebitCollections.id, id), eq(directDebitCollections.status, 'retrying')));
}
