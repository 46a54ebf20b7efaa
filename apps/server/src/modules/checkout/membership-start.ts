import { addDays, type CalendarDate } from '@lido/pricing/calendar-date';
import type { Tx } from '../../db/client.ts';
import { recordMembershipEvent } from '../memberships/membership-events.repository.ts';
import type { CartLine } from './checkout.repository.ts';

/** The membership's timeline starts: joined, renewed or changed (on both memberships of a change). */
export async function recordStart(
  tx: Tx,
  line: CartLine,
  membershipId: number,
  orderId: number,
  today: CalendarDate,
) {
  const kind =
    line.itemType === 'membership_change'
      ? 'changed'
      : line.itemType === 'membership_renewal'
        ? 'renewed'
        : 'joined';
  await recordMembershipEvent(tx, {
    customerMembershipId: membershipId,
    kind,
    amountPence: line.amountPence,
    // The contract's day in the operator's calendar: the cooling-off period counts from it.
    detail: {
      orderId,
      contractDate: today,
      startDate: line.startDate,
      fromMembershipId: line.changesMembershipId,
    },
    dedupeKey: `membership:${membershipId}:${kind}`,
  });
  if (line.changesMembershipId !== null)
    await recordMembershipEvent(tx, {
      customerMembershipId: line.changesMembershipId,
      kind: 'changed',
      detail: { orderId, endDate: addDays(line.startDate, -1), toMembershipId: membershipId },
      dedupeKey: `membership:${line.changesMembershipId}:changed-to:${membershipId}`,
    });
}
