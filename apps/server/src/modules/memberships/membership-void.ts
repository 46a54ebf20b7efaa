import type { Executor, Tx } from '../../db/client.ts';
import { recordMembershipEvent } from './membership-events.repository.ts';
import { recordCoolingOff, runningMembershipsOfOrder } from './membership-exit.repository.ts';
import { stopCollections } from '../direct-debit/index.ts';
import type { CancellationDetail } from './membership-exit.service.ts';

/**
 * A voided desk order's memberships end as a cooling-off cancellation would end them, with nothing
 * refunded by card or credit: the desk hands the money back (decision 0056). Their collections stop
 * here; the minute job cancels those already at the provider. Answers how many were cancelled.
 */
export async function cancelMembershipsOfVoidedOrder(
  tx: Tx,
  input: { orderId: number; reason: string; at: Date },
): Promise<number> {
  const running = await runningMembershipsOfOrder(tx, input.orderId);
  for (const membership of running) {
    const moved = await recordCoolingOff(tx, membership.id, {
      endDate: membership.startDate,
      reason: input.reason,
      at: input.at,
      refundPence: 0,
      cardRefundPence: 0,
    });
    if (!moved) continue;
    await stopCollections(tx, membership.id, null);
    await recordMembershipEvent(tx, {
      customerMembershipId: membership.id,
      kind: 'cooled_off',
      occurredAt: input.at,
      amountPence: 0,
      detail: {
        lastDay: membership.startDate,
        lastCollectionDate: null,
        paidPence: 0,
        daysUsed: 0,
        usedPence: 0,
        toCardPence: 0,
        toCreditPence: 0,
        reason: input.reason,
      } satisfies CancellationDetail,
      dedupeKey: `membership:${membership.id}:cooled_off`,
    });
  }
  return running.length;
}

/** How many of an order's memberships a void would end now (for what the supervisor is shown). */
export async function membershipsAVoidWouldEnd(db: Executor, orderId: number): Promise<number> {
  return (await runningMembershipsOfOrder(db, orderId)).length;
}
