import type { PackageUse } from '@lido/contracts/packages';
import { sessionWhen } from '@lido/pricing/booking-rules';
import type { Executor } from '../../db/client.ts';
import type { PackageCovers } from '../../db/schema.ts';
import { coverNames } from './package-catalogue.repository.ts';
import { usesOfPackages } from './package-uses.repository.ts';
import { coversText } from './package-words.ts';

const statusTexts = {
  held: 'Held in your basket',
  spent: 'Used for this booking',
  returned: 'Booking cancelled: the use was given back',
  kept: 'Booking cancelled after the package expired: the use was not given back',
} as const;

/**
 * What My account → Packages shows besides each package's uses and expiry (decision 0049): what it
 * covers, and its history, the bookings that used it and the cancellations that gave uses back.
 * Uses a basket held and let go (taken off a line, or the hold ran out) are not history.
 */
export async function packagesDetails(
  db: Executor,
  packages: { id: number; covers: PackageCovers }[],
  timeZone: string,
) {
  const [names, uses] = await Promise.all([
    coverNames(
      db,
      packages.map((item) => item.covers),
    ),
    usesOfPackages(
      db,
      packages.map((item) => item.id),
    ),
  ]);
  const history = new Map<number, PackageUse[]>();
  for (const { use, activityName, startsAt, endsAt } of uses) {
    if (use.status === 'removed' || use.status === 'lapsed') continue;
    const list = history.get(use.customerPackageId) ?? [];
    list.push({
      id: use.id,
      activityName,
      startsAt: startsAt.toISOString(),
      when: sessionWhen(startsAt, endsAt, timeZone),
      uses: use.uses,
      status: use.status,
      statusText: statusTexts[use.status],
    });
    history.set(use.customerPackageId, list);
  }
  return new Map(
    packages.map((item) => [
      item.id,
      { covers: coversText(item.covers, names), history: history.get(item.id) ?? [] },
    ]),
  );
}
