import { setWorkingInstructionFlag } from '../customers/index.ts';
import { holdOrderForRefund, recordOrderRefund } from '../order-refunds/index.ts';
import type { CancelMembershipBody, MembershipExit } from '@lido/contracts/membership-exit';
import { addMonths, type CalendarDate, compareDates, todayIn } from '@lido/pricing/calendar-date';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import type { CardProvider } from '../../providers/card/card-provider.ts';
import type { GoCardlessClient } from '../../providers/direct-debit/gocardless-client.ts';
import { addCredit } from '../account-credit/index.ts';
import type { CardPaymentOfOrder } from '../order-refunds/index.ts';
import { customerContact } from '../customers/index.ts';
import { instructionsOf, updateInstruction, findInstruction } from '../direct-debit/index.ts';
import type { EmailQueue } from '../email/index.ts';
import { itemNotFoundMessage, requireOperator } from '../operator/index.ts';
import type { OperatorRepository, OperatorRow } from '../operator/index.ts';
import { alreadyCancelled, type ExitTerms, exitTerms, type FreezeChange } from './exit-terms.ts';
import { openFreezesOf, updateFreeze } from './membership-freeze.repository.ts';
import { upcomingCollections } from '../direct-debit/index.ts';
import { cancellationEmail } from './membership-exit-email.ts';
import { exitAnswer } from './exit-answer.ts';
import {
  claimCardRefund,
  closeNoticeEnded,
  collectionsOf,
  exitMembershipOf,
  instructionUse,
  markCardRefundDone,
  membershipLinesOfOrder,
  recordCoolingOff,
  recordNotice,
} from './membership-exit.repository.ts';
import { claimMandateCancel, mandatesAfterCancellations, stopCollections } from '../direct-debit/index.ts';
import { waitingPriceNotices } from './price-change-notices.repository.ts';
import { eventsOfMembership, recordMembershipEvent } from './membership-events.repository.ts';

/** The code staff search the logs for when a cooling-off refund to a card failed. */
const membershipRefundFailedCode = 'LIDO_MEMBERSHIP_REFUND_FAILED';
const termsChanged =
  'What cancelling does has changed since the page was shown (a day may have passed): please check it again.';

type ExitRow = NonNullable<Awaited<ReturnType<typeof exitMembershipOf>>>;

/** What a cancellation's timeline event keeps: the terms the member confirmed. */
export interface CancellationDetail {
  lastDay: CalendarDate;
  lastCollectionDate: CalendarDate | null;
  paidPence: number;
  daysUsed: number;
  usedPence: number;
  toCardPence: number;
  toCreditPence: number;
  reason: string | null;
  /** the freeze the cancellation cut short or withdrew (issue 33 item 1) */
  freezeChange?: FreezeChange | null;
}

/** A collection in one of these states has its money, or never will: the mandate is free of it. */
const settledCollection = new Set(['confirmed', 'paid_out', 'cancelled']);
const endedMandate = new Set(['failed', 'cancelled', 'expired', 'setup_failed', 'blocked', 'consumed']);

/**
 * Leaving a membership (issue 22 items 1 and 2): what cancelling now would do, and doing it in one
 * transaction (the membership, its stopped collections, its refund to credit, its timeline event
 * and its email); the provider calls (card refund, payments and mandate cancelled) follow the
 * commit, each claimed first so a repeated request or a second instance makes it once.
 */
export function createMembershipExitService(deps: {
  db: Db;
  operators: OperatorRepository;
  email: EmailQueue;
  today: () => CalendarDate;
  clock: () => Date;
  timeZone: string;
  cardProvider: CardProvider | undefined;
  directDebitClient: GoCardlessClient | undefined;
  cancelStoppedCollections: () => Promise<void>;
  log: FastifyBaseLogger;
  /** the card payment that paid for an order (checkout's), to refund part of it */
  cardPaymentOfOrder: CardPaymentOfOrder;
}) {
  /** The membership's collections as the engine has them and will make them, up to `until`. */
  async function engineCollections(
    db: Executor,
    membershipId: number,
    priceNotices: Awaited<ReturnType<typeof waitingPriceNotices>>,
    until: CalendarDate,
  ) {
    const found = await upcomingCollections(db, {
      membershipIds: [membershipId],
      today: deps.today(),
      priceNotices,
      until,
    });
    return found.get(membershipId) ?? [];
  }

  async function termsOf(db: Executor, operator: OperatorRow, row: ExitRow) {
    const id = row.membership.id;
    const [collections, orderLines, events, priceNotices, [freeze]] = await Promise.all([
      collectionsOf(db, id),
      row.order?.id ? membershipLinesOfOrder(db, row.order.id) : Promise.resolve([]),
      eventsOfMembership(db, id),
      waitingPriceNotices(db, [id]),
      openFreezesOf(db, [id]),
    ]);
    // Far enough for any notice: the terms keep those up to the last day.
    const until = addMonths(deps.today(), operator.cancellationNoticeMonths + 2);
    const upcoming = await engineCollections(db, id, priceNotices, until);
    return exitTerms({
      freeze,
      upcoming,
      row,
      start: events.find((event) => ['joined', 'renewed', 'changed'].includes(event.kind)),
      collections,
      orderLines,
      priceNotices,
      operator,
      today: deps.today(),
      timeZone: deps.timeZone,
      cardRefundsPossible: deps.cardProvider !== undefined,
    });
  }

  /** A membership already cancelled: the terms it was cancelled on, as its timeline event kept them. */
  async function storedTerms(row: ExitRow): Promise<ExitTerms> {
    const { membership } = row;
    const events = await eventsOfMembership(deps.db, membership.id);
    const event = events.find(
      (candidate) => candidate.kind === 'cancel_requested' || candidate.kind === 'cooled_off',
    );
    const kept = (event?.detail ?? {}) as Partial<CancellationDetail>;
    const lastDay =
      kept.lastDay ?? membership.endDate ?? todayIn(deps.timeZone, membership.cancelRequestedAt!);
    const [collections, priceNotices] = await Promise.all([
      collectionsOf(deps.db, membership.id),
      waitingPriceNotices(deps.db, [membership.id]),
    ]);
    // What is still to come is read from the engine itself, up to the last day.
    const toCome = (await engineCollections(deps.db, membership.id, priceNotices, lastDay)).filter(
      (collection) => collection.state === 'due' || collection.state === 'requested',
    );
    const base = {
      lastDay,
      endDate: membership.endDate,
      hasDirectDebit: collections.length > 0,
      coolingOffEndsOn: null,
      collectionsToCome: membership.cancelKind === 'cooling_off' ? [] : toCome,
      freezeChange: kept.freezeChange ?? null,
    };
    if (membership.cancelKind === 'cooling_off')
      return {
        ...base,
        kind: 'cooling_off',
        lastCollection: null,
        collectionsAfter: null,
        refund: {
          daysUsed: kept.daysUsed ?? 0,
          usedPence: kept.usedPence ?? 0,
          paidPence: kept.paidPence ?? 0,
          refundPence: membership.coolingOffRefundPence ?? 0,
          toCardPence: kept.toCardPence ?? 0,
          toCreditPence: kept.toCreditPence ?? 0,
        },
      };
    const lastDate = kept.lastCollectionDate ?? null;
    return {
      ...base,
      kind: 'notice',
      lastCollection:
        lastDate === null
          ? null
          : {
              date: lastDate,
              amountPence: event?.amountPence ?? 0,
              taken: compareDates(lastDate, deps.today()) <= 0,
            },
      collectionsAfter: lastDay,
      refund: null,
    };
  }

  async function ownMembership(customerId: number, membershipId: number) {
    const row = await exitMembershipOf(deps.db, customerId, membershipId);
    // Another customer's membership looks exactly like one that does not exist (quality.md S17).
    if (!row) throw new HttpError(404, itemNotFoundMessage);
    return row;
  }

  /** After the commit: the card's share back through the provider, once (its own reference). */
  async function refundToCard(row: ExitRow, pence: number) {
    const id = row.membership.id;
    if (!(await claimCardRefund(deps.db, id))) return;
    try {
      const attempt = row.order?.id ? await deps.cardPaymentOfOrder(deps.db, row.order.id) : undefined;
      if (!deps.cardProvider || !attempt?.providerTxId) throw new Error('no card payment to refund');
      const suffix = `-M${id}`;
      await deps.cardProvider.refund(attempt.providerTxId, {
        amountPence: pence,
        vendorTxCode: `${attempt.vendorTxCode.slice(0, 40 - suffix.length)}${suffix}`,
      });
      await markCardRefundDone(deps.db, id);
    } catch (error) {
      deps.log.error(
        { err: error, membershipId: id, amountPence: pence, code: membershipRefundFailedCode },
        'a cooling-off refund could not be made to the card: staff must refund it',
      );
    }
  }

  /** Does anything still need this mandate: a collection not settled, or a membership running on? */
  async function mandateNeeded(instructionId: number): Promise<boolean> {
    const uses = await instructionUse(deps.db, instructionId);
    if (uses.some((use) => !settledCollection.has(use.collectionStatus))) return true;
    const latest = new Map<number, (typeof uses)[number]>();
    for (const use of uses) {
      const seen = latest.get(use.membershipId);
      if (!seen || compareDates(use.billingDate, seen.billingDate) > 0) latest.set(use.membershipId, use);
    }
    return [...latest.values()].some(
      (use) =>
        ['pending', 'pending_eligibility', 'active'].includes(use.membershipStatus) &&
        (use.endDate === null || compareDates(addMonths(use.billingDate, 1), use.endDate) <= 0),
    );
  }

  /** Mandates of cancelled memberships that nothing needs any more, cancelled at the provider once. */
  async function cancelUnneededMandates() {
    const client = deps.directDebitClient;
    if (!client) return;
    for (const { id } of await mandatesAfterCancellations(deps.db)) {
      if (await mandateNeeded(id)) continue;
      if (!(await claimMandateCancel(deps.db, id))) continue;
      const instruction = await findInstruction(deps.db, id);
      let status = 'cancelled';
      try {
        status = (await client.cancelMandate(instruction!.mandateId!)).status ?? 'cancelled';
      } catch (error) {
        // Already inactive (ended at the bank meanwhile, or an earlier try's answer was lost).
        status = (await client.getMandate(instruction!.mandateId!)).status ?? 'cancelling';
        if (!endedMandate.has(status)) throw error;
      }
      await deps.db.transaction(async (tx) => {
        await updateInstruction(tx, id, { status });
        const working = (await instructionsOf(tx, instruction!.customerId)).some(
          (row) => !endedMandate.has(row.status),
        );
        if (!working) await setWorkingInstructionFlag(tx, instruction!.customerId, false);
      });
    }
  }

  /** The Direct Debit work a cancellation leaves: stopped payments, then mandates, at the provider. */
  async function stopDirectDebits() {
    try {
      await deps.cancelStoppedCollections();
      await cancelUnneededMandates();
    } catch (error) {
      // The provider may be down: the minute job tries again, and each call is claimed first.
      deps.log.warn({ err: error }, 'stopping a cancelled membership’s Direct Debit will be retried');
    }
  }

  return {
    /** GET /api/my-account/memberships/{id}/cancellation: what cancelling now does, or did. */
    async preview(customerId: number, membershipId: number): Promise<MembershipExit> {
      const operator = await requireOperator(deps.operators);
      const row = await ownMembership(customerId, membershipId);
      const terms = row.membership.cancelRequestedAt
        ? await storedTerms(row)
        : await termsOf(deps.db, operator, row);
      return exitAnswer(operator, row, terms, deps.today());
    },

    /** POST /api/my-account/memberships/{id}/cancel: the one confirming action. */
    async cancel(
      customerId: number,
      membershipId: number,
      body: CancelMembershipBody,
      alongside?: (tx: Tx, exit: MembershipExit) => Promise<void>,
    ): Promise<MembershipExit> {
      const operator = await requireOperator(deps.operators);
      const reason = body.reason ? body.reason : null;
      const at = deps.clock();
      const outcome = await deps.db.transaction(async (tx) => {
        // The order first, then the membership, as a void takes them: its refunds are counted under
        // the order's lock (decision 0072).
        const orderId = (await exitMembershipOf(tx, customerId, membershipId))?.order?.id ?? null;
        const held = orderId === null ? undefined : await holdOrderForRefund(tx, orderId);
        const row = await exitMembershipOf(tx, customerId, membershipId, { lock: true });
        if (!row) throw new HttpError(404, itemNotFoundMessage);
        if (row.membership.cancelRequestedAt) throw new HttpError(409, alreadyCancelled);
        const terms = await termsOf(tx, operator, row);
        if (terms.kind !== body.kind)
          throw new HttpError(409, termsChanged, { errors: { kind: [termsChanged] } });
        const moved =
          terms.kind === 'notice'
            ? await recordNotice(tx, membershipId, { lastDay: terms.lastDay, reason, at })
            : await recordCoolingOff(tx, membershipId, {
                endDate: terms.endDate,
                reason,
                at,
                refundPence: terms.refund!.refundPence,
                cardRefundPence: terms.refund!.toCardPence,
              });
        if (!moved) throw new HttpError(409, alreadyCancelled);
        await stopCollections(tx, membershipId, terms.collectionsAfter);
        // A freeze ends with the membership, or, not started by the last day, never happens.
        const [freeze] = await openFreezesOf(tx, [membershipId]);
        if (freeze && terms.freezeChange)
          await updateFreeze(
            tx,
            freeze.id,
            terms.freezeChange.kind === 'withdrawn'
              ? { status: 'withdrawn', endedEarlyOn: deps.today() }
              : { endsOn: terms.freezeChange.endsOn, endedEarlyOn: deps.today() },
          );
        const fromOrder = terms.refund?.fromOrderPence ?? 0;
        if (held && fromOrder > 0)
          await recordOrderRefund(tx, held, {
            kind: 'membership_cooled_off',
            subjectId: membershipId,
            amountPence: fromOrder,
            at,
          });
        if (terms.refund) await addCredit(tx, customerId, terms.refund.toCreditPence);
        const done = {
          ...row,
          membership: { ...row.membership, cancelRequestedAt: at, cancelReason: reason },
        };
        const exit = exitAnswer(operator, done, terms, deps.today());
        await recordMembershipEvent(tx, {
          customerMembershipId: membershipId,
          kind: terms.kind === 'notice' ? 'cancel_requested' : 'cooled_off',
          occurredAt: at,
          amountPence:
            terms.kind === 'notice' ? (terms.lastCollection?.amountPence ?? null) : terms.refund!.refundPence,
          detail: {
            lastDay: terms.lastDay,
            lastCollectionDate: terms.lastCollection?.date ?? null,
            paidPence: terms.refund?.paidPence ?? 0,
            daysUsed: terms.refund?.daysUsed ?? 0,
            usedPence: terms.refund?.usedPence ?? 0,
            toCardPence: terms.refund?.toCardPence ?? 0,
            toCreditPence: terms.refund?.toCreditPence ?? 0,
            reason,
            freezeChange: terms.freezeChange,
          } satisfies CancellationDetail,
          dedupeKey: `membership:${membershipId}:${terms.kind === 'notice' ? 'cancel_requested' : 'cooled_off'}`,
        });
        const who = await customerContact(tx, customerId);
        if (who)
          await deps.email.send(
            cancellationEmail({
              to: who.email,
              firstName: who.firstName,
              operatorName: operator.name,
              contactEmail: operator.customerServiceEmail,
              exit,
            }),
            { tx, dedupeKey: `membership-cancelled:${membershipId}` },
          );
        // The desk's audit row, in this transaction (decision 0085).
        await alongside?.(tx, exit);
        return { row, terms, exit };
      });
      deps.email.nudge();
      if (outcome.terms.refund && outcome.terms.refund.toCardPence > 0)
        await refundToCard(outcome.row, outcome.terms.refund.toCardPence);
      if (outcome.terms.hasDirectDebit) await stopDirectDebits();
      return outcome.exit;
    },

    /**
     * Every minute, on every instance: memberships whose notice has run out become cancelled (with
     * their timeline event, once), and stopped Direct Debits are finished at the provider.
     */
    async runJobs() {
      const closed = await deps.db.transaction(async (tx) => {
        const rows = await closeNoticeEnded(tx, deps.today());
        for (const row of rows)
          await recordMembershipEvent(tx, {
            customerMembershipId: row.id,
            kind: 'cancelled',
            detail: { lastDay: row.endDate },
            dedupeKey: `membership:${row.id}:cancelled`,
          });
        return rows.length;
      });
      await stopDirectDebits();
      return { closed };
    },
  };
}
