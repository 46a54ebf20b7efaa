import type { MembershipCreditInput, MembershipCreditShare } from '../benefits/index.ts';
import { packagesCoveringLines } from './package-uses.repository.ts';

/**
 * Packages' share of the cart's `credits.membership` (issue 18 item 6, decision 0049): a line a
 * package pays for at its places' price; a line at its full price that no benefit or package pays
 * for, at that price when one of the attendee's packages could (each package's uses offered once).
 */
export async function packagesCredit(input: MembershipCreditInput): Promise<MembershipCreditShare> {
  let appliedPence = 0;
  const offeredByLine = new Map<number, number>();
  const unpaid = input.lines.filter(
    ({ line }) =>
      line.packageUseId === null &&
      line.benefitUseId === null &&
      !line.guestName &&
      line.amountPence > 0 &&
      line.amountPence === line.unitPricePence * line.quantity,
  );
  for (const { line } of input.lines)
    if (line.packageUseId !== null) appliedPence += line.unitPricePence * line.quantity;
  const covering = await packagesCoveringLines(
    input.db,
    unpaid.map(({ line }) => line.id),
    input.timeZone,
  );
  const usesLeft = new Map(covering.map((row) => [row.packageId, row.remainingUses]));
  for (const { line } of unpaid) {
    const found = covering.find(
      (row) => row.lineId === line.id && (usesLeft.get(row.packageId) ?? 0) >= line.quantity,
    );
    if (!found) continue;
    usesLeft.set(found.packageId, usesLeft.get(found.packageId)! - line.quantity);
    offeredByLine.set(line.id, line.amountPence);
  }
  const offeredPence = [...offeredByLine.values()].reduce((sum, pence) => sum + pence, 0);
  return { appliedPence, offeredPence, offeredByLine };
}
