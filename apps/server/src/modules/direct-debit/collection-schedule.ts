import { addDays, addMonths, type CalendarDate, compareDates } from '@lido/pricing/calendar-date';
import { collectionOn } from '@lido/pricing/collection-plan';
import { addWorkingDays } from '@lido/pricing/working-days';
import type { Tx } from '../../db/client.ts';
import { GoCardlessError } from '../../providers/direct-debit/gocardless-client.ts';
import { type DirectDebitContext, endedMandate } from './direct-debit-context.ts';
import { advanceNoticeEmail } from './direct-debit-emails.ts';
import {
  claimNotice,
  type CollectionRow,
  collectionsOfInstruction,
  collectionsOfMembership,
  claimCollectionCancel,
  collectionsToCancel,
  deleteCollection,
  findInstruction,
  insertCollection,
  instructionsOf,
  instructionsToSettle,
  type InstructionRow,
  latestCollectionPerMembership,
  openFreezes,
  releaseHeldCollection,
  updateCollection,
} from './direct-debit.repository.ts';
import { mandateSetup } from './mandate-setup.ts';
import { replacementTakeover } from './replacement-takeover.ts';
import { representation } from './representation.ts';

/** A new monthly membership in an order, as its first collection needs it. */
export interface DirectDebitLine {
  cartId: number;
  customerId: number;
  orderId: number;
  membershipId: number;
  description: string;
  amountPence: number;
  firstBillingDate: CalendarDate;
  today: CalendarDate;
  /** a change: this held membership's collections from `firstBillingDate` on move to the new one */
  replacesMembershipId: number | null;
}

/** How far ahead each month's collection is made, and so its advance notice sent. */
const scheduleAheadDays = 14;
/** Setting a mandate up is retried by the minute job; after this many tries it needs a person. */
const maxSetupAttempts = 10;

/**
 * A collection's charge date: its billing date, but never before the mandate's earliest charge
 * date, nor within 3 working days of today (the advance notice is sent today and Bacs wants 3).
 */
/** What collecting needs to know of the mandate: whether it ended, and its earliest charge date. */
type MandateFacts = { status?: string | undefined; next_possible_charge_date?: string | null | undefined };

export function firstChargeDate(input: {
  billingDate: CalendarDate;
  today: CalendarDate;
  mandateEarliest: CalendarDate | null;
}): CalendarDate {
  const floors = [input.billingDate, addWorkingDays(input.today, 3), input.mandateEarliest];
  return floors
    .filter((date): date is CalendarDate => date !== null)
    .sort(compareDates)
    .at(-1)!;
}

/**
 * Collections: the first recorded with the order, each later month's made ahead of its billing
 * date, each requested from the provider with its advance notice, and a change's handed over.
 */
export function collectionSchedule(ctx: DirectDebitContext) {
  const mandates = mandateSetup(ctx);
  const retries = representation(ctx);
  const replacements = replacementTakeover(ctx);

  /**
   * The collection's payment: on its billing date, but never before the mandate's earliest charge
   * date nor sooner than 3 working days from today (the advance notice goes out now).
   */
  async function collect(
    instruction: InstructionRow,
    collection: CollectionRow,
    /** the mandate as the provider answered it, read once for all of the instruction's collections */
    mandateNow: () => Promise<MandateFacts>,
  ) {
    const client = ctx.requireClient();
    const mandate = await mandateNow();
    if (endedMandate.has(mandate.status ?? '')) return;
    const chargeDate = firstChargeDate({
      billingDate: collection.billingDate,
      today: ctx.today(),
      mandateEarliest: mandate.next_possible_charge_date ?? null,
    });
    const payment = await client.createPayment(
      {
        amount: collection.amountPence,
        currency: 'GBP',
        charge_date: chargeDate,
        description: collection.description,
        metadata: { lido_collection: String(collection.id) },
        links: { mandate: instruction.mandateId! },
      },
      // Derived from our row: a retry after a lost answer gets the same payment back.
      `lido-collection-${collection.id}`,
    );
    const saved = await updateCollection(ctx.db, collection.id, {
      paymentId: payment.id!,
      chargeDate: payment.charge_date ?? chargeDate,
      status: payment.status ?? 'pending_submission',
    });
    await sendNotice(instruction, saved!);
  }

  async function sendNotice(instruction: InstructionRow, collection: CollectionRow) {
    const chargeDate = collection.chargeDate;
    if (collection.noticeSentAt || !chargeDate) return;
    await ctx.emailOnce({
      customerId: instruction.customerId,
      claim: (tx) => claimNotice(tx, collection.id, ctx.clock()),
      message: (who, from) =>
        advanceNoticeEmail({
          to: who.email,
          firstName: who.firstName,
          merchant: from,
          reference: instruction.reference ?? '',
          description: collection.description,
          amountPence: collection.amountPence,
          symbol: from.symbol,
          chargeDate,
        }),
      dedupeKey: `direct-debit-notice:${collection.id}`,
    });
  }

  /**
   * Each month's collection after the first: made `scheduleAheadDays` before its billing date for
   * every membership still running on a working instruction, once the previous one was requested.
   */
  async function scheduleNextCollections() {
    const horizon = addDays(ctx.today(), scheduleAheadDays);
    const freezes = await openFreezes(ctx.db);
    const priceNotices = await ctx.memberships.waitingPriceNotices(ctx.db);
    for (const row of await latestCollectionPerMembership(ctx.db)) {
      const next = addMonths(row.collection.billingDate, 1);
      const running =
        ['active', 'pending_eligibility'].includes(row.membershipStatus) &&
        (row.endDate === null || compareDates(row.endDate, next) >= 0);
      const settled = row.collection.paymentId !== null || row.collection.status === 'skipped';
      // New bank details took over: later months are collected on the new instruction.
      const instruction = row.replacement?.id
        ? { id: row.replacement.id, status: row.replacement.status }
        : { id: row.collection.instructionId, status: row.instructionStatus };
      if (!running || endedMandate.has(instruction.status) || !settled) continue;
      if (compareDates(next, horizon) > 0) continue;
      // A frozen billing date collects the freeze's fee (or nothing); a price change the member was
      // told of collects its new price from its first billing date on (collection-plan.ts: the
      // same rule the cancel page, the Memberships card and the upcoming collections read).
      const mine = (candidate: { customerMembershipId: number }) =>
        candidate.customerMembershipId === row.collection.customerMembershipId;
      const { amountPence } = collectionOn(next, {
        pricePence: row.pricePence,
        freezes: freezes.filter(mine),
        priceNotices: priceNotices.filter(mine),
      });
      await insertCollection(
        ctx.db,
        {
          instructionId: instruction.id,
          customerMembershipId: row.collection.customerMembershipId,
          description: row.collection.description,
          amountPence,
          billingDate: next,
          status: amountPence === 0 ? 'skipped' : 'scheduled',
        },
        { once: true },
      );
    }
  }

  /**
   * A change of a held monthly membership: from the change's first collection the new membership
   * is collected at its own price. The held one's later collections not yet requested are dropped;
   * one already requested is cancelled at the provider by `settle()` (possible until submission).
   */
  async function handOver(tx: Tx, input: DirectDebitLine, heldId: number) {
    const held = await collectionsOfMembership(tx, heldId);
    // A membership we never collected for (set up elsewhere) is not ours to move.
    if (held.length === 0) return;
    for (const collection of held.filter(
      (row) => compareDates(row.billingDate, input.firstBillingDate) >= 0,
    )) {
      if (collection.paymentId === null) await deleteCollection(tx, collection.id);
      else if (collection.status === 'pending_submission')
        await updateCollection(tx, collection.id, { status: 'cancelling' });
    }
    await insertCollection(tx, {
      instructionId: held[0]!.instructionId,
      customerMembershipId: input.membershipId,
      description: input.description,
      amountPence: input.amountPence,
      billingDate: input.firstBillingDate,
    });
  }

  /**
   * Payments a change, a freeze or a member's cancellation stopped, cancelled at the provider while
   * that is still possible. Each is claimed first, so two instances (or the member's request and the
   * minute job) call the provider once; a transient failure hands the claim back for the next run.
   * A collection held for the same billing date is then released to be requested.
   */
  async function cancelReplaced() {
    for (const collection of await collectionsToCancel(ctx.db)) {
      if (!(await claimCollectionCancel(ctx.db, collection.id))) continue;
      let status = 'cancelled';
      try {
        status = (await ctx.requireClient().cancelPayment(collection.paymentId!)).status ?? 'cancelled';
      } catch (error) {
        if (!(error instanceof GoCardlessError) || error.type !== 'invalid_state') {
          await updateCollection(ctx.db, collection.id, { status: 'cancelling' });
          throw error;
        }
        // Already on its way to the bank (or cancelled by an earlier try whose answer was lost).
        status = (await ctx.requireClient().getPayment(collection.paymentId!)).status ?? 'submitted';
        if (status !== 'cancelled')
          ctx.log.warn({ collection: collection.id }, 'a stopped collection was already submitted');
      }
      await ctx.db.transaction(async (tx) => {
        // The held one first: a payment that could not be cancelled is live again for its date.
        await releaseHeldCollection(tx, collection, status === 'cancelled' ? 'scheduled' : 'cancelled');
        await updateCollection(tx, collection.id, { status });
      });
    }
  }

  async function settleInstruction(instructionId: number) {
    let instruction = await findInstruction(ctx.db, instructionId);
    if (!instruction) return;
    // The mandate is asked for at most once here (a payment changes no mandate), and not at all
    // when it was set up just now: the instruction holds what the provider answered moments ago.
    let mandate: Promise<MandateFacts> | undefined;
    if (!instruction.mandateId) {
      if (instruction.status !== 'setting_up' || instruction.setupAttempts >= maxSetupAttempts) return;
      instruction = await mandates.setUpMandate(instruction);
      if (!instruction) return;
      mandate = Promise.resolve({
        status: instruction.status,
        next_possible_charge_date: instruction.nextPossibleChargeDate,
      });
    }
    await mandates.sendConfirmation(instruction);
    if (endedMandate.has(instruction.status)) return;
    const waiting = await collectionsOfInstruction(ctx.db, instruction.id, { unrequested: true });
    const { mandateId } = instruction;
    const mandateNow = () => (mandate ??= ctx.requireClient().getMandate(mandateId!));
    for (const collection of waiting) await collect(instruction, collection, mandateNow);
  }

  return {
    /**
     * In the order's transaction: a new monthly membership gets its first collection, on the
     * customer's working instruction or on a new one made from the basket's billing request.
     */
    async recordWithOrder(tx: Tx, input: DirectDebitLine): Promise<void> {
      if (input.replacesMembershipId !== null) return handOver(tx, input, input.replacesMembershipId);
      const existing = (await instructionsOf(tx, input.customerId)).find(
        (instruction) => !endedMandate.has(instruction.status),
      );
      const instructionId = existing?.id ?? (await mandates.instructionFromBasket(tx, input));
      if (instructionId === undefined) return;
      await insertCollection(tx, {
        instructionId,
        customerMembershipId: input.membershipId,
        description: input.description,
        amountPence: input.amountPence,
        billingDate: input.firstBillingDate,
      });
    },

    /**
     * After an order's commit, and every minute: mandates set up, confirmations sent, collections
     * made with their advance notices. Each step is keyed on our rows, so running it twice is safe.
     */
    /** After a member's cancellation: the collections it stopped, cancelled at the provider. */
    cancelStoppedCollections: () => cancelReplaced(),

    async settle(filter: { customerId?: number } = {}) {
      if (filter.customerId === undefined) {
        await scheduleNextCollections();
        await retries
          .representFailed()
          .catch((error: unknown) => ctx.log.warn({ err: error }, 'a re-presentation will be retried'));
      }
      await cancelReplaced().catch((error: unknown) =>
        ctx.log.warn({ err: error }, 'cancelling a replaced collection will be retried'),
      );
      for (const id of await instructionsToSettle(ctx.db, filter.customerId)) {
        try {
          await settleInstruction(id);
        } catch (error) {
          // The provider may be down: the minute job tries again with the same keys.
          ctx.log.warn(
            { err: error instanceof GoCardlessError ? { status: error.status, type: error.type } : error },
            'direct debit set-up will be retried',
          );
        }
      }
      await replacements
        .takeOver()
        .catch((error: unknown) =>
          ctx.log.warn({ err: error }, 'new bank details taking over will be retried'),
        );
    },
  };
}
