import type { GuestPassAllowance } from '@lido/contracts/guest-passes';
import { allowancePeriod, allowanceText, periodName } from '@lido/pricing/guest-pass-periods';
import type { Executor, Tx } from '../../db/client.ts';
import { type GuestPassMembership, lockMembership, passesSpent } from './guest-passes.repository.ts';

/** A membership's guest passes in the period of `date`: how many, spent and left. */
export async function allowanceOn(
  executor: Executor,
  membership: GuestPassMembership,
  date: string,
): Promise<GuestPassAllowance> {
  const frequency = membership.frequency!;
  const totalUses = membership.totalUses!;
  const period = allowancePeriod(date, frequency);
  const used = await passesSpent(executor, membership.membershipId, period.start, period.end);
  return {
    membershipId: membership.membershipId,
    membershipName: membership.membershipName,
    totalUses,
    frequency,
    allowanceText: allowanceText(totalUses, frequency),
    periodStart: period.start,
    periodEnd: period.end,
    periodName: periodName(period, frequency),
    used,
    left: Math.max(0, totalUses - used),
  };
}

/**
 * The membership that pays for a guest on `visitDate` (decision 0050), inside the transaction that
 * then inserts the held pass: each membership's row is locked in turn and its passes counted after
 * the lock, so whoever spends the same membership's passes (any basket) waits and then counts this
 * one. Answers the paying allowance, or the last one counted (none left) as `usedUp`.
 */
export async function claimGuestPass(
  tx: Tx,
  memberships: GuestPassMembership[],
  visitDate: string,
): Promise<{ paying: GuestPassAllowance } | { usedUp: GuestPassAllowance | undefined }> {
  let last: GuestPassAllowance | undefined;
  for (const membership of memberships) {
    await lockMembership(tx, membership.membershipId);
    last = await allowanceOn(tx, membership, visitDate);
    if (last.left > 0) return { paying: last };
  }
  return { usedUp: last };
}
