import type { Tx } from '../../db/client.ts';
import { type BenefitCandidate, coverLine } from '../benefits/index.ts';
import { endHeldUses, takePackageUseFor } from '../packages/index.ts';
import { clearPackageUse, putBenefitOnLine, putPackageOnLine } from './line-payments.repository.ts';

/**
 * A held line's cover, in the transaction holding the basket: the first benefit whose use can
 * still be taken pays for one place. Answers the benefit's name, or undefined when none could.
 */
export async function coverWithBenefit(
  tx: Tx,
  line: { id: number; unitPricePence: number; quantity: number },
  candidates: BenefitCandidate[],
): Promise<string | undefined> {
  const cover = await coverLine(tx, line, candidates);
  if (!cover) return undefined;
  await putBenefitOnLine(tx, line.id, cover.useId, cover.amountPence);
  return cover.name;
}

/** Pays a line with the attendee's covering package, when one has uses for all its places. */
export async function payLineWithPackage(tx: Tx, lineId: number, timeZone: string) {
  const useId = await takePackageUseFor(tx, lineId, timeZone);
  if (useId !== undefined) await putPackageOnLine(tx, lineId, useId);
  return useId;
}

/** Takes a line's package use off: the use goes back and the line costs its price again. */
export async function takePackageOffLine(tx: Tx, lineId: number): Promise<boolean> {
  const useId = await clearPackageUse(tx, lineId);
  return useId !== undefined && (await endHeldUses(tx, [useId], 'removed')) === 1;
}
