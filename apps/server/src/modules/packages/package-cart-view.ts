import type { CartBookingItem } from '@lido/contracts/activity-answers';
import type { CartPackageItem } from '@lido/contracts/packages';
import type { Executor } from '../../db/client.ts';
import type { MoneyFormat } from '@lido/pricing/money';
import { coverNames } from './package-catalogue.repository.ts';
import type { PackageLine } from './package-lines.repository.ts';
import { packagesPayingUses } from './package-uses.repository.ts';
import { coversText, packageSummary } from './package-words.ts';

/** The basket's package lines as it shows them, with when each was added (for the basket's order). */
export async function packageItems(
  db: Executor,
  lines: PackageLine[],
  format: MoneyFormat,
): Promise<(CartPackageItem & { created: Date })[]> {
  if (lines.length === 0) return [];
  const names = await coverNames(
    db,
    lines.map((row) => row.type.covers),
  );
  return lines.map(({ line, type, venueName }) => ({
    id: line.id,
    type: 'package',
    objectId: type.id,
    purchasedForUserId: line.purchasedForCustomerId,
    name: type.name,
    description: packageSummary({
      uses: type.totalUses,
      validMonths: type.validMonths,
      covers: coversText(type.covers, names),
    }),
    venue: { id: line.venueId, name: venueName },
    categories: [],
    options: { venueId: line.venueId },
    uses: type.totalUses,
    validMonths: type.validMonths,
    price: format.money(line.pricePence),
    sortBy: 0,
    enablePrintReceipt: true,
    created: line.createdAt,
  }));
}

/** Which package pays for each booking line (by line id), with its uses left after this one. */
export async function packageUsagesOf(
  db: Executor,
  bookings: { line: { id: number; packageUseId: number | null } }[],
): Promise<Map<number, NonNullable<CartBookingItem['packageUsage']>>> {
  const paying = await packagesPayingUses(
    db,
    bookings.flatMap(({ line }) => (line.packageUseId === null ? [] : [line.packageUseId])),
  );
  const usages = new Map<number, NonNullable<CartBookingItem['packageUsage']>>();
  for (const { line } of bookings) {
    const found = line.packageUseId === null ? undefined : paying.get(line.packageUseId);
    if (found)
      usages.set(line.id, { customerPackageId: found.packageId, name: found.name, usesLeft: found.usesLeft });
  }
  return usages;
}
