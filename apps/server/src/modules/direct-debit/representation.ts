import { compareDates } from '@lido/pricing/calendar-date';
import { failedCollectionRetry } from '@lido/pricing/payment-retry';
import type { Tx } from '../../db/client.ts';
import { GoCardlessError } from '../../providers/direct-debit/gocardless-client.ts';
import type { DirectDebitContext } from './direct-debit-context.ts';
import { type CollectionRow, updateCollection } from './direct-debit.repository.ts';
import {
  claimRepresentation,
  handBackRepresentation,
  membershipForRetry,
  representationsDue,
} from './representation.repository.ts';

/** What a failed collection's member is told: it will be re-presented on a date, failed again, or owed. */
export type FailureNews =
  { kind: 'represent'; chargeDate: string } | { kind: 'failed_again' } | { kind: 'owed' };

const running = (status: string) => ['pending', 'pending_eligibility', 'active'].includes(status);

/**
 * Bacs re-presentation, at most once (issue 22 item 4): planned in the failure webhook's
 * transaction (the member's email commits with it), then made by the minute job, claimed first so
 * two instances make one provider call, with an idempotency key from our row.
 */
export function representation(ctx: DirectDebitContext) {
  return {
    /** In the failure webhook's transaction: the rule's decision recorded on the collection. */
    async planAfterFailure(
      tx: Tx,
      collection: CollectionRow,
      before: { status: string },
      operatorRetries: boolean,
    ): Promise<FailureNews> {
      if (collection.representation === 'sent') return { kind: 'failed_again' };
      const membership = await membershipForRetry(tx, collection.customerMembershipId);
      const decision = failedCollectionRetry({
        operatorRetries,
        // planned or given up before: decided once, never planned again
        timesRepresented: collection.representation === null ? 0 : 1,
        paidByCard: before.status === 'recovered',
        failedOn: ctx.today(),
        billingDate: collection.billingDate,
        membershipEndsOn: membership?.endDate ?? null,
        membershipEnded: !membership || !running(membership.status),
      });
      if (decision.kind === 'owed') return { kind: 'owed' };
      await updateCollection(tx, collection.id, {
        representation: 'planned',
        representOn: decision.chargeDate,
      });
      return { kind: 'represent', chargeDate: decision.chargeDate };
    },

    /** Every planned re-presentation made at the provider, once each. */
    async representFailed() {
      const planned = await representationsDue(ctx.db);
      if (planned.length === 0) return;
      const client = ctx.requireClient();
      for (const due of planned) {
        const { collection } = due;
        const stillRuns =
          running(due.membershipStatus) &&
          (due.endDate === null || compareDates(due.endDate, collection.representOn!) >= 0);
        if (!stillRuns || !due.mandateId || !collection.paymentId) {
          // Ended since the plan (or no payment to retry): it stays owed, paid by card.
          await updateCollection(ctx.db, collection.id, { representation: 'missed' });
          continue;
        }
        if (!(await claimRepresentation(ctx.db, collection.id))) continue;
        try {
          const payment = await client.retryPayment(
            collection.paymentId,
            { charge_date: collection.representOn!, metadata: { lido_collection: String(collection.id) } },
            `lido-representation-${collection.id}`,
          );
          await updateCollection(ctx.db, collection.id, {
            representation: 'sent',
            status: payment.status ?? 'pending_submission',
            chargeDate: payment.charge_date ?? collection.representOn,
          });
        } catch (error) {
          if (!(error instanceof GoCardlessError) || error.status === 'unreachable' || error.status >= 500) {
            await handBackRepresentation(ctx.db, collection.id);
            throw error;
          }
          // Refused: an earlier try whose answer was lost (no longer failed), or the date promised
          // to the member can no longer be kept (the mandate ended, the date is too near).
          const now = await client.getPayment(collection.paymentId);
          const retried = now.status !== 'failed';
          await updateCollection(ctx.db, collection.id, {
            representation: retried ? 'sent' : 'missed',
            status: now.status ?? 'failed',
          });
          if (!retried)
            ctx.log.warn(
              { collection: collection.id, type: error.type },
              'a failed collection could not be re-presented',
            );
        }
      }
    },
  };
}
