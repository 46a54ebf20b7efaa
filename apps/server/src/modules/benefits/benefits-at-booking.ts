import {
  type BookingBenefit,
  benefitDiscount,
  benefitPeriodStart,
  benefitsInOrder,
  linePriceWithBenefit,
} from '@lido/pricing/benefits';
import { todayIn } from '@lido/pricing/calendar-date';
import type { Executor, Tx } from '../../db/client.ts';
import {
  type BenefitOnDate,
  benefitsOnDate,
  spendBenefitUses,
  takeBenefitUse,
} from './benefit-uses.repository.ts';

/**
 * Membership benefits paying for bookings as they are added to the basket (issue 18 item 1,
 * decision 0048). The attendee's benefits are read before the basket's lock (one read); a use is
 * taken under it, atomically, trying the best benefit first and the next when its uses are gone.
 */

/** A benefit that could pay for a line, with the period its use would count in. */
export interface BenefitCandidate {
  membershipId: number;
  benefit: BookingBenefit;
  periodStart: string;
  discountPence: number;
  /** uses left in the period when read; null for an unlimited benefit */
  usesLeft: number | null;
}

/** The session a line books, as choosing a benefit needs it. */
interface LineToCover {
  attendeeId: number;
  activityId: number;
  startsAt: Date;
  unitPricePence: number;
}

/**
 * The candidates in the order they are tried, from the rows `benefitsOnDate` read: covering
 * benefits only, those whose period's uses are already all taken left out (the take re-checks).
 */
function candidatesFrom(rows: BenefitOnDate[], sessionDate: string, unitPricePence: number) {
  const [first] = rows;
  if (!first) return [];
  const withMembership = rows.map((row) => ({ ...row.benefit, row }));
  const ordered = benefitsInOrder(
    withMembership,
    { key: first.activityKey, categoryKey: first.categoryKey },
    unitPricePence,
  );
  const candidates: BenefitCandidate[] = [];
  for (const { row, ...benefit } of ordered) {
    const periodStart = benefitPeriodStart(benefit.frequency, sessionDate, row.membershipStart);
    const used = row.counts.find((count) => count.periodStart === periodStart)?.used ?? 0;
    if (benefit.totalUses !== null && used >= benefit.totalUses) continue;
    candidates.push({
      membershipId: row.membershipId,
      benefit,
      periodStart,
      discountPence: benefitDiscount(unitPricePence, benefit.discountPercent),
      usesLeft: benefit.totalUses === null ? null : benefit.totalUses - used,
    });
  }
  return candidates;
}

/** The benefits that could pay for a line (one read; nothing taken). */
export async function benefitCandidates(db: Executor, line: LineToCover, timeZone: string) {
  if (line.unitPricePence <= 0) return [];
  const sessionDate = todayIn(timeZone, line.startsAt);
  const rows = await benefitsOnDate(db, {
    attendeeId: line.attendeeId,
    sessionDate,
    activityId: line.activityId,
  });
  return candidatesFrom(rows, sessionDate, line.unitPricePence);
}

/**
 * Inside the transaction that holds the line: the first candidate whose use can still be taken
 * pays for one place. Answers the benefit's name, its held use and the line's price with it (for
 * the basket to put on its line), or undefined when none could.
 */
export async function coverLine(
  tx: Tx,
  line: { unitPricePence: number; quantity: number },
  candidates: BenefitCandidate[],
): Promise<{ name: string; useId: number; amountPence: number } | undefined> {
  for (const candidate of candidates) {
    const useId = await takeBenefitUse(tx, {
      membershipId: candidate.membershipId,
      benefitId: candidate.benefit.id,
      periodStart: candidate.periodStart,
      totalUses: candidate.benefit.totalUses,
      discountPence: candidate.discountPence,
    });
    if (useId === undefined) continue;
    const amountPence = linePriceWithBenefit(line.unitPricePence, line.quantity, candidate.discountPence);
    return { name: candidate.benefit.name, useId, amountPence };
  }
  return undefined;
}

/**
 * A booking made with no basket (a waiting list's automatic booking): the first benefit that pays
 * the whole price has a use taken and spent at once, in the caller's transaction. Answers the use,
 * or undefined when no benefit pays all of it (the customer is then offered the place instead).
 */
export async function spendWholeBenefit(tx: Tx, line: LineToCover, timeZone: string) {
  const candidates = await benefitCandidates(tx, line, timeZone);
  for (const candidate of candidates.filter((c) => c.discountPence >= line.unitPricePence)) {
    const useId = await takeBenefitUse(tx, {
      membershipId: candidate.membershipId,
      benefitId: candidate.benefit.id,
      periodStart: candidate.periodStart,
      totalUses: candidate.benefit.totalUses,
      discountPence: candidate.discountPence,
    });
    if (useId === undefined) continue;
    await spendBenefitUses(tx, [useId]);
    return useId;
  }
  return undefined;
}
