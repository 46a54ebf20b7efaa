import { and, eq, inArray, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customerMemberships, directDebitCollections, directDebitInstructions } from '../../db/schema.ts';
import { staleClaim } from './direct-debit.repository.ts';

/**
 * What a membership's ending asks of Direct Debit (issue 32 item 3: the collections and mandates
 * are this module's to write): its collections stopped, and mandates nothing needs any more.
 */

/**
 * Stops a membership's collections after `afterDate` (all not yet taken when null): those not yet
 * requested are deleted; those requested but not submitted are marked for cancelling at the
 * provider. Answers how many were stopped.
 */
export async function stopCollections(db: Executor, membershipId: number, afterDate: string | null) {
  const mine = eq(directDebitCollections.customerMembershipId, membershipId);
  const later = afterDate === null ? undefined : sql`${directDebitCollections.billingDate} > ${afterDate}`;
  const deleted = await db
    .delete(directDebitCollections)
    .where(and(mine, later, isNull(directDebitCollections.paymentId)))
    .returning({ id: directDebitCollections.id });
  const cancelling = await db
    .update(directDebitCollections)
    .set({ status: 'cancelling', updatedAt: sql`now()` })
    .where(
      and(
        mine,
        later,
        isNotNull(directDebitCollections.paymentId),
        inArray(directDebitCollections.status, ['pending_submission', 'pending_customer_approval']),
      ),
    )
    .returning({ id: directDebitCollections.id });
  return deleted.length + cancelling.length;
}

// Mandates no membership needs any more.

const endedMandateStatuses = ['failed', 'cancelled', 'expired', 'setup_failed', 'blocked', 'consumed'];

/** A working mandate, or one whose cancel claim was left by a process that died. */
const mandateCancellable = or(
  notInArray(directDebitInstructions.status, [...endedMandateStatuses, 'cancelling']),
  and(
    eq(directDebitInstructions.status, 'cancelling'),
    sql`${directDebitInstructions.updatedAt} < now() - ${staleClaim}::interval`,
  ),
);

/**
 * Working mandates with a membership its member cancelled, and ones whose cancel claim is stale:
 * the candidates for cancelling at the provider.
 */
export async function mandatesAfterCancellations(db: Executor) {
  return db
    .selectDistinct({ id: directDebitInstructions.id })
    .from(directDebitInstructions)
    .innerJoin(directDebitCollections, eq(directDebitCollections.instructionId, directDebitInstructions.id))
    .innerJoin(customerMemberships, eq(customerMemberships.id, directDebitCollections.customerMembershipId))
    .where(
      and(
        isNotNull(directDebitInstructions.mandateId),
        isNotNull(customerMemberships.cancelRequestedAt),
        mandateCancellable,
      ),
    );
}

/** Claims a mandate to cancel (its status → cancelling); true for the one caller that claimed it. */
export async function claimMandateCancel(db: Executor, instructionId: number): Promise<boolean> {
  const claimed = await db
    .update(directDebitInstructions)
    .set({ status: 'cancelling', updatedAt: sql`now()` })
    .where(and(eq(directDebitInstructions.id, instructionId), mandateCancellable))
    .returning({ id: directDebitInstructions.id });
  return claimed.length > 0;
}
