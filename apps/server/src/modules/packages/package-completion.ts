import type { Executor, Tx } from '../../db/client.ts';
import type { BookingsToBuy } from '../bookings/index.ts';
import type { BasketChanged } from '../line-kinds/index.ts';
import { packagesOfUses, retakePackageUse, spendHeldUses } from './package-uses.repository.ts';

export const packageGoneMessage =
  'A package use in your basket is no longer available, so the payment was cancelled and you have not been charged.';

/** What a card payment records of each line's package: the package whose use pays for it. */
export async function paidPackages(db: Executor, lines: { packageUseId: number | null }[]) {
  return packagesOfUses(
    db,
    lines.flatMap((line) => (line.packageUseId === null ? [] : [line.packageUseId])),
  );
}

/**
 * Inside the order's transaction, once the bookings exist (decision 0049): each held line's use is
 * spent on its booking. A paid line whose hold lapsed gave its use back; it takes one again from
 * the same package, or the order is refused and the card payment given back.
 * `bookingIds` are in `buyBookings` order: the held lines, then the released ones.
 */
export async function spendPackageUses(
  tx: Tx,
  toBuy: Pick<BookingsToBuy, 'held' | 'released'>,
  bookingIds: number[],
  input: { timeZone: string; changed: BasketChanged },
) {
  const held = toBuy.held.flatMap(({ line }, index) =>
    line.packageUseId === null ? [] : [{ useId: line.packageUseId, bookingId: bookingIds[index]! }],
  );
  if (!(await spendHeldUses(tx, held))) throw input.changed(packageGoneMessage);
  for (const [index, line] of toBuy.released.entries()) {
    if (!line.packageId) continue;
    const retaken = await retakePackageUse(tx, {
      packageId: line.packageId,
      sessionId: line.sessionId,
      uses: line.quantity,
      bookingId: bookingIds[toBuy.held.length + index]!,
      timeZone: input.timeZone,
    });
    if (!retaken) throw input.changed(packageGoneMessage);
  }
}
