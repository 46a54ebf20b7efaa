import { ValidationError } from '../../http/errors.ts';
import { bookingLineRows } from './booking-lines.repository.ts';
import { requireOpen } from './cart-deps.ts';
import type { CartRepository, CartRow } from './cart.repository.ts';
import { takeBenefitOffLine } from './line-payments.repository.ts';

export const noBenefitApplied = 'This item has no benefit applied.';

/**
 * DELETE /api/activities/benefit/remove/{cartItemId} (platform spec §7): the benefit comes off a
 * booking line of the customer's own open basket, which then costs its price, and the use goes
 * back to its period (migration 0038's trigger), under the basket's lock. Answers undefined when
 * the item is no booking line of this basket (the caller answers as for any other item).
 */
export async function removeBenefit(
  carts: CartRepository,
  customerId: number,
  itemId: number,
): Promise<CartRow | undefined> {
  return carts.withLockedCart(customerId, false, async (tx, locked) => {
    if (!locked) return undefined;
    const line = (await bookingLineRows(tx, locked.id)).find((row) => row.id === itemId);
    if (!line) return undefined;
    requireOpen(locked);
    if (!(await takeBenefitOffLine(tx, line.id)))
      throw new ValidationError({ cartItemId: [noBenefitApplied] });
    await carts.touch(tx, locked.id);
    return locked;
  });
}
