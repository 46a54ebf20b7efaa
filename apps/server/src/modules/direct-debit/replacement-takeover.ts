import { setWorkingInstructionFlag } from '../customers/index.ts';
import { type DirectDebitContext, endedMandate } from './direct-debit-context.ts';
import {
  collectionsOfInstruction,
  findInstruction,
  insertCollection,
  type InstructionRow,
  updateCollection,
  updateInstruction,
} from './direct-debit.repository.ts';
import {
  claimTakeover,
  inFlightCollections,
  replacementsToTakeOver,
  setTakeover,
} from './bank-details-change.repository.ts';

/** The old mandate's problems, which the new one puts right. */
const mandateProblems = ['mandate_failed', 'mandate_cancelled', 'mandate_expired'] as const;
/** Collections not yet with the provider: they simply move to the new instruction. */
const unrequested = new Set(['scheduled', 'held', 'skipped']);

/**
 * New bank details taking over once their mandate exists: the old instruction's future
 * collections moved to the new one (a payment already requested but not yet submitted is
 * cancelled and made again on the new mandate, with its own advance notice), then the old mandate
 * cancelled once, when nothing of it is still with the bank. Each step is claimed first.
 */
export function replacementTakeover(ctx: DirectDebitContext) {
  async function moveCollections(replacement: InstructionRow) {
    await ctx.db.transaction(async (tx) => {
      if (!(await claimTakeover(tx, replacement.id, 'waiting', 'moved'))) return;
      // A member whose old Direct Debit ended at the bank has a working one again.
      await setWorkingInstructionFlag(tx, replacement.customerId, true);
      const memberships = new Set<number>();
      for (const collection of await collectionsOfInstruction(tx, replacement.replacesInstructionId!)) {
        memberships.add(collection.customerMembershipId);
        if (collection.paymentId === null && unrequested.has(collection.status)) {
          await updateCollection(tx, collection.id, { instructionId: replacement.id });
        } else if (collection.status === 'pending_submission') {
          // Cancelled at the provider by the settle job, then this one is requested (collection-schedule.ts).
          await updateCollection(tx, collection.id, { status: 'cancelling' });
          await insertCollection(tx, {
            instructionId: replacement.id,
            customerMembershipId: collection.customerMembershipId,
            description: collection.description,
            amountPence: collection.amountPence,
            billingDate: collection.billingDate,
            status: 'held',
          });
        }
      }
      for (const membershipId of memberships)
        for (const problem of mandateProblems)
          await ctx.memberships.clearPaymentProblem(tx, membershipId, problem);
    });
  }

  async function cancelOldMandate(replacement: InstructionRow) {
    const old = (await findInstruction(ctx.db, replacement.replacesInstructionId!))!;
    // A payment still with the bank (or being cancelled) needs its mandate until it settles.
    if ((await inFlightCollections(ctx.db, old.id)) > 0) return;
    if (!(await claimTakeover(ctx.db, replacement.id, 'moved', 'cancel_sent'))) return;
    if (!old.mandateId || endedMandate.has(old.status)) return setTakeover(ctx.db, replacement.id, 'done');
    // Our own cancellation: its webhook is no problem to tell the member about.
    await updateInstruction(ctx.db, old.id, { status: 'cancelling' });
    const client = ctx.requireClient();
    let status: string;
    try {
      status = (await client.cancelMandate(old.mandateId)).status ?? 'cancelled';
    } catch (error) {
      // Already inactive (ended at the bank meanwhile, or an earlier try's answer was lost).
      status = (await client.getMandate(old.mandateId)).status ?? 'cancelling';
      if (!endedMandate.has(status)) {
        await setTakeover(ctx.db, replacement.id, 'moved');
        throw error;
      }
    }
    await updateInstruction(ctx.db, old.id, { status });
    await setTakeover(ctx.db, replacement.id, 'done');
  }

  return {
    async takeOver() {
      for (const replacement of await replacementsToTakeOver(ctx.db)) {
        if (endedMandate.has(replacement.status)) continue;
        if (replacement.takeover === 'waiting') await moveCollections(replacement);
        await cancelOldMandate(replacement);
      }
    },
  };
}
