import { type CalendarDate, prettyDate } from '@lido/pricing/calendar-date';
import { formatPence } from '@lido/pricing/money';
import type { Executor } from '../../db/client.ts';
import type { DoorState } from '../../db/schema.ts';
import { failedCollectionsOf } from '../direct-debit/index.ts';
import { type MembershipAtTheDoor, membershipsAtTheDoor } from './door-state.repository.ts';

/** Whether a customer's membership lets them in today, and why (issue 35 item 5, decision 0097). */
export interface DoorAnswer {
  door: DoorState;
  membershipId: number | null;
  membershipName: string | null;
  /** one sentence for the desk: "Gym Anytime is frozen until 15 Feb 2027." */
  reason: string;
}

const runsOn = (membership: MembershipAtTheDoor, today: CalendarDate) =>
  membership.status === 'active' &&
  membership.startDate <= today &&
  (membership.endDate === null || membership.endDate >= today);

/**
 * The membership that decides the door, best first: one running today and not frozen (overdue if
 * a Direct Debit collection of the customer's failed and is still owed), then a frozen one, then
 * the latest that ended. A membership that starts later says so; none at all is `none`.
 */
export async function membershipDoorState(
  db: Executor,
  customerId: number,
  today: CalendarDate,
  currencySymbol: string,
): Promise<DoorAnswer> {
  const memberships = await membershipsAtTheDoor(db, customerId, today);
  const running = memberships.filter((membership) => runsOn(membership, today));
  const open = running.find((membership) => membership.frozenUntil === null);
  if (open) {
    const owed = await failedCollectionsOf(db, customerId);
    if (owed.length > 0) {
      const total = owed.reduce((sum, collection) => sum + collection.amountPence, 0);
      return {
        door: 'overdue',
        membershipId: open.id,
        membershipName: open.name,
        reason: `${formatPence(total, currencySymbol)} is overdue on ${owed[0]!.membershipName}: a Direct Debit payment failed. Take the payment at the desk before they come in.`,
      };
    }
    const until = open.endDate ? ` until ${prettyDate(open.endDate)}` : '';
    return {
      door: 'valid',
      membershipId: open.id,
      membershipName: open.name,
      reason: `${open.name} is valid${until}.`,
    };
  }
  const frozen = running[0];
  if (frozen?.frozenUntil)
    return {
      door: 'frozen',
      membershipId: frozen.id,
      membershipName: frozen.name,
      reason: `${frozen.name} is frozen until ${prettyDate(frozen.frozenUntil)}.`,
    };
  const later = memberships.find(
    (membership) => membership.status === 'active' && membership.startDate > today,
  );
  if (later)
    return {
      door: 'none',
      membershipId: later.id,
      membershipName: later.name,
      reason: `${later.name} starts on ${prettyDate(later.startDate)}.`,
    };
  const ended = memberships[0];
  if (ended)
    return {
      door: 'ended',
      membershipId: ended.id,
      membershipName: ended.name,
      reason: ended.endDate
        ? `${ended.name} ended on ${prettyDate(ended.endDate < today ? ended.endDate : today)}.`
        : `${ended.name} has ended.`,
    };
  return { door: 'none', membershipId: null, membershipName: null, reason: 'No membership.' };
}
