import { setWorkingInstructionFlag } from '../customers/index.ts';
import type { PaymentProblem } from '../../db/schema.ts';
import type { Tx } from '../../db/client.ts';
import type { GcEvent } from '../../providers/direct-debit/gocardless-client.ts';
import { recordWebhookEvent } from '../webhooks/index.ts';
import { requireOperator } from '../operator/index.ts';
import { type DirectDebitContext, endedMandate } from './direct-debit-context.ts';
import { failedAgainEmail, problemEmail, representationNoticeEmail } from './direct-debit-emails.ts';
import {
  type CollectionRow,
  collectionsOfInstruction,
  findInstruction,
  instructionsOf,
  lockCollectionByPayment,
  lockInstructionByMandate,
  updateCollection,
  updateInstruction,
} from './direct-debit.repository.ts';
import { problemText } from './member-view.ts';
import { type FailureNews, representation } from './representation.ts';

const mandateProblem: Record<string, PaymentProblem> = {
  failed: 'mandate_failed',
  cancelled: 'mandate_cancelled',
  expired: 'mandate_expired',
};
const paymentProblem: Record<string, PaymentProblem> = {
  failed: 'payment_failed',
  charged_back: 'payment_charged_back',
};

/** A payment's states the timeline shows; confirmed and paid out are one "collected". */
const timelineOutcome: Record<string, { kind: 'payment_collected' | 'payment_failed'; key: string }> = {
  confirmed: { kind: 'payment_collected', key: 'collected' },
  paid_out: { kind: 'payment_collected', key: 'collected' },
  failed: { kind: 'payment_failed', key: 'failed' },
  charged_back: { kind: 'payment_failed', key: 'charged_back' },
};

/** The provider's states of a payment that took the money. */
const collectedStatuses = new Set(['confirmed', 'paid_out']);

type EventProblem = {
  customerId: number;
  kind: 'mandate' | 'payment';
  code: PaymentProblem;
  /** a failed collection: re-presented on a date, failed again, or owed (issue 22 item 4) */
  failed?: { collection: CollectionRow; reference: string; news: FailureNews };
};
type EventOutcome =
  | { result: 'duplicate' | 'ignored' }
  | {
      result: 'applied';
      /** a failure the member must hear about, once */
      problem?: EventProblem;
    };

/** The provider's webhooks: verified, each event applied once with the email its problem needs. */
export function directDebitWebhooks(ctx: DirectDebitContext) {
  const retries = representation(ctx);

  /** An event's effect, its inbox row and the email telling the member of a problem: all or nothing. */
  async function applyEvent(event: GcEvent, current: { status: string } | undefined): Promise<EventOutcome> {
    // Read before the transaction: the cached catalogue checks its version on its own connection
    // (and, warmed, gives the email's merchant details inside it at once).
    const { failedPaymentRetry } = await requireOperator(ctx.operators);
    const outcome = await ctx.db.transaction(async (tx) => {
      const applied = await applyEventIn(tx, event, current, failedPaymentRetry);
      const problem = applied.result === 'applied' ? applied.problem : undefined;
      if (problem) await queueProblemEmail(tx, event.id!, problem);
      return applied;
    });
    if (outcome.result === 'applied' && outcome.problem) ctx.email.nudge();
    return outcome;
  }

  async function queueProblemEmail(tx: Tx, eventId: string, problem: EventProblem) {
    const found = await ctx.parties(problem.customerId, tx);
    if (!found) return;
    const failed = problem.failed;
    if (failed && failed.news.kind !== 'owed') {
      const { collection } = failed;
      const message =
        failed.news.kind === 'represent'
          ? representationNoticeEmail({
              to: found.who.email,
              firstName: found.who.firstName,
              merchant: found.from,
              reference: failed.reference,
              description: collection.description,
              amountPence: collection.amountPence,
              symbol: found.from.symbol,
              chargeDate: failed.news.chargeDate,
            })
          : failedAgainEmail({
              to: found.who.email,
              firstName: found.who.firstName,
              merchant: found.from,
              description: collection.description,
              amountPence: collection.amountPence,
              symbol: found.from.symbol,
            });
      const key = failed.news.kind === 'represent' ? 'representation' : 'failed-again';
      await ctx.email.send(message, { tx, dedupeKey: `direct-debit-${key}:${collection.id}` });
      return;
    }
    await ctx.email.send(
      problemEmail({
        to: found.who.email,
        firstName: found.who.firstName,
        merchant: found.from,
        kind: problem.kind,
        detail: problemText(problem.code),
      }),
      { tx, dedupeKey: `direct-debit-problem:${eventId}` },
    );
  }

  /**
   * One event, in one transaction with its inbox row: the instruction or collection takes the
   * state read back from the provider. Only a change of state has an effect, so two events that
   * read back to the same state act once.
   */
  async function applyEventIn(
    tx: Tx,
    event: GcEvent,
    current: { status: string } | undefined,
    operatorRetries: boolean,
  ): Promise<EventOutcome> {
    const fresh = await recordWebhookEvent(tx, {
      provider: 'gocardless',
      eventId: event.id!,
      eventType: `${event.resource_type}.${event.action}`,
    });
    if (!fresh) return { result: 'duplicate' };
    if (!current) return { result: 'ignored' };
    const cause = event.details?.description ?? event.details?.cause ?? null;
    if (event.resource_type === 'mandates' && event.links?.mandate) {
      const before = await lockInstructionByMandate(tx, event.links.mandate);
      if (!before) return { result: 'ignored' };
      if (before.status === current.status) return { result: 'applied' };
      // A mandate we cancelled ourselves (no membership needs it any more) is no problem.
      const code = before.status === 'cancelling' ? undefined : mandateProblem[current.status];
      const instruction = await updateInstruction(tx, before.id, {
        status: current.status,
        ...(code ? { failureReason: cause } : {}),
      });
      if (!code) return { result: 'applied' };
      const collections = await collectionsOfInstruction(tx, before.id);
      await ctx.memberships.markPaymentProblem(
        tx,
        collections.map((row) => row.customerMembershipId),
        code,
      );
      // With no working instruction left, the next monthly membership asks for bank details again.
      const working = (await instructionsOf(tx, instruction!.customerId)).some(
        (row) => !endedMandate.has(row.status),
      );
      if (!working) await setWorkingInstructionFlag(tx, instruction!.customerId, false);
      return { result: 'applied', problem: { customerId: instruction!.customerId, kind: 'mandate', code } };
    }
    if (event.resource_type === 'payments' && event.links?.payment) {
      const before = await lockCollectionByPayment(tx, event.links.payment);
      if (!before) return { result: 'ignored' };
      // Paid by card instead: nothing the bank says later makes it owed again.
      if (before.status === 'recovered') return { result: 'applied' };
      if (before.status === current.status) return { result: 'applied' };
      // Paid by card after it failed (issue 22 item 4): a late event never makes it owed again.
      // Should the bank still collect it, the member paid twice: staff refund one (logged).
      if (before.status === 'recovered') {
        if (collectedStatuses.has(current.status))
          ctx.log.warn(
            { collectionId: before.id, status: current.status },
            'a collection paid by card was also collected by Direct Debit: refund one of them',
          );
        return { result: 'applied' };
      }
      // Our re-presentation is under way: the failure it answers is old news.
      if (before.status === 'retrying' && current.status === 'failed') return { result: 'applied' };
      const code = paymentProblem[current.status];
      const collection = (await updateCollection(tx, before.id, {
        status: current.status,
        ...(code ? { failureReason: cause } : {}),
      }))!;
      await recordOnTimeline(tx, collection, current.status, cause);
      if (!code) {
        // A re-presented collection taken: nothing is owed any more.
        if (
          collection.representation === 'sent' &&
          timelineOutcome[current.status]?.kind === 'payment_collected'
        )
          await ctx.memberships.clearPaymentProblem(tx, collection.customerMembershipId, 'payment_failed');
        return { result: 'applied' };
      }
      await ctx.memberships.markPaymentProblem(tx, [collection.customerMembershipId], code);
      const instruction = (await findInstruction(tx, collection.instructionId))!;
      const news: FailureNews =
        code === 'payment_failed'
          ? await retries.planAfterFailure(tx, collection, before, operatorRetries)
          : { kind: 'owed' };
      return {
        result: 'applied',
        problem: {
          customerId: instruction.customerId,
          kind: 'payment',
          code,
          failed: { collection, reference: instruction.reference ?? '', news },
        },
      };
    }
    return { result: 'ignored' };
  }

  /** The member's timeline: a collection taken, failed or returned, once each (issue 22). */
  async function recordOnTimeline(tx: Tx, collection: CollectionRow, status: string, cause: string | null) {
    const outcome = timelineOutcome[status];
    if (!outcome) return;
    await ctx.memberships.recordEvent(tx, {
      customerMembershipId: collection.customerMembershipId,
      kind: outcome.kind,
      amountPence: collection.amountPence,
      detail: { billingDate: collection.billingDate, status, ...(cause ? { cause } : {}) },
      // a re-presented collection's second failure is a second event
      dedupeKey: `collection:${collection.id}:${outcome.key}${collection.representation === 'sent' && outcome.kind === 'payment_failed' ? ':again' : ''}`,
    });
  }

  return {
    /** The events of a webhook whose signature matches its raw body; null when it does not. */
    verifyWebhook: (rawBody: Buffer, signature: string | undefined) =>
      ctx.requireClient().parseWebhook(rawBody, signature),

    /**
     * A verified webhook: each event's resource is read back from the provider (so events that
     * arrive out of order still leave the latest state), then recorded in the inbox in the same
     * transaction as its effect, so a repeat delivery changes nothing.
     */
    async applyWebhook(events: GcEvent[]) {
      const client = ctx.requireClient();
      const results: ('applied' | 'duplicate' | 'ignored')[] = [];
      for (const event of events) {
        if (!event.id) continue;
        let current: { status: string } | undefined;
        if (event.resource_type === 'mandates' && event.links?.mandate)
          current = { status: (await client.getMandate(event.links.mandate)).status ?? 'unknown' };
        else if (event.resource_type === 'payments' && event.links?.payment)
          current = { status: (await client.getPayment(event.links.payment)).status ?? 'unknown' };
        const outcome = await applyEvent(event, current);
        results.push(outcome.result);
      }
      return results;
    },
  };
}
