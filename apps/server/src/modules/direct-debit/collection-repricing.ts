import type { CalendarDate } from '@lido/pricing/calendar-date';
import type { Tx } from '../../db/client.ts';
import { insertCollection, liveCollectionsBetween, updateCollection } from './direct-debit.repository.ts';

/** Payments in these states can still be cancelled at the provider before they reach the bank. */
const cancellable = new Set(['pending_submission', 'pending_customer_approval']);

type Repricing = { ok: true } | { ok: false; lockedBillingDate: CalendarDate };

/**
 * In the caller's transaction: every collection of a membership with a billing date in
 * [from, to) now collects `amountPence` (nothing at 0). One not yet requested is changed in place;
 * one requested is marked `cancelling` (the settle job cancels it at the provider, once) and a
 * new one for its date waits, `held`, until it is. A payment already with the bank cannot change:
 * nothing is changed and its billing date is answered.
 */
export async function repriceCollections(
  tx: Tx,
  input: { membershipId: number; from: CalendarDate; to: CalendarDate; amountPence: number },
): Promise<Repricing> {
  const rows = await liveCollectionsBetween(tx, input.membershipId, input.from, input.to);
  const locked = rows.find((row) => row.paymentId !== null && !cancellable.has(row.status));
  if (locked) return { ok: false, lockedBillingDate: locked.billingDate };
  const nothing = input.amountPence === 0;
  for (const row of rows) {
    if (row.amountPence === input.amountPence) continue;
    if (row.paymentId === null) {
      await updateCollection(tx, row.id, {
        amountPence: input.amountPence,
        status: nothing ? 'skipped' : 'scheduled',
      });
      continue;
    }
    await updateCollection(tx, row.id, { status: 'cancelling' });
    await insertCollection(tx, {
      instructionId: row.instructionId,
      customerMembershipId: row.customerMembershipId,
      description: row.description,
      amountPence: input.amountPence,
      billingDate: row.billingDate,
      status: nothing ? 'skipped' : 'held',
    });
  }
  return { ok: true };
}
