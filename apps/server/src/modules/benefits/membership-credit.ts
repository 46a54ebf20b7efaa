import type { CartCredit } from '@lido/contracts/cart';
import type { Executor } from '../../db/client.ts';
import type { BookingLine } from '../cart/index.ts';
import { packagesCredit } from '../packages/index.ts';
import { benefitCandidates } from './benefits-at-booking.ts';

/**
 * The cart's `credits.membership` (platform spec §3 Cart; issue 18 item 6, decision 0048): what
 * the attendees' memberships pay for in this basket. `maxApplicable` is what they take off it now
 * (benefits, and packages, applied to lines when they were added); `totalAvailable` adds what they
 * could still pay for: lines whose benefit was taken off, or that a benefit covers but did not pay
 * for. Each source answers its own share; the parts are added.
 */
export interface MembershipCreditShare {
  appliedPence: number;
  offeredPence: number;
  /** what is offered for each line (by line id): two sources offering for one line count once */
  offeredByLine: Map<number, number>;
}

export interface MembershipCreditInput {
  db: Executor;
  lines: BookingLine[];
  timeZone: string;
  /** what each applied benefit use takes off its line, by use id */
  benefitDiscounts: Map<number, number>;
}

/** Benefits: applied ones at what they take off; others at what the best candidate would. */
async function benefitsCredit(input: MembershipCreditInput): Promise<MembershipCreditShare> {
  let appliedPence = 0;
  let offeredPence = 0;
  const offeredByLine = new Map<number, number>();
  // Uses offered to one line are not offered again to the next.
  const offered = new Map<string, number>();
  for (const row of input.lines) {
    const { line } = row;
    if (line.benefitUseId !== null) {
      appliedPence += input.benefitDiscounts.get(line.benefitUseId) ?? 0;
      continue;
    }
    if (line.amountPence <= 0) continue;
    const candidates = await benefitCandidates(
      input.db,
      {
        attendeeId: line.purchasedForCustomerId,
        activityId: row.activityId,
        startsAt: row.sessionStartsAt,
        unitPricePence: line.unitPricePence,
      },
      input.timeZone,
    );
    const usable = candidates.find((candidate) => {
      if (candidate.usesLeft === null) return true;
      const key = `${candidate.membershipId}:${candidate.benefit.id}:${candidate.periodStart}`;
      const taken = offered.get(key) ?? 0;
      if (taken >= candidate.usesLeft) return false;
      offered.set(key, taken + 1);
      return true;
    });
    if (usable) {
      offeredPence += usable.discountPence;
      offeredByLine.set(line.id, usable.discountPence);
    }
  }
  return { appliedPence, offeredPence, offeredByLine };
}

/**
 * Where each allowance adds its share: benefits, and packages (package uses applied to lines, and
 * packages that could pay for lines without one; decision 0049).
 */
const membershipCreditSources: ((input: MembershipCreditInput) => Promise<MembershipCreditShare>)[] = [
  benefitsCredit,
  packagesCredit,
];

export async function membershipCredit(input: MembershipCreditInput): Promise<CartCredit> {
  const shares = await Promise.all(membershipCreditSources.map((source) => source(input)));
  const applied = shares.reduce((sum, share) => sum + share.appliedPence, 0);
  // A line both a benefit and a package could pay for is offered once, at the larger amount.
  const byLine = new Map<number, number>();
  for (const share of shares)
    for (const [lineId, pence] of share.offeredByLine)
      byLine.set(lineId, Math.max(byLine.get(lineId) ?? 0, pence));
  const offered = [...byLine.values()].reduce((sum, pence) => sum + pence, 0);
  return { type: 'membership', totalAvailable: applied + offered, maxApplicable: applied };
}
