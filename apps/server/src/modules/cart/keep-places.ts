import { HttpError } from '../../http/errors.ts';
import type { CustomerRow } from '../auth/index.ts';
import { type BookingLineRow, keepHeldPlaces } from './booking-lines.repository.ts';
import { type CartDeps, checkSelectedUser, requireOpen } from './cart-deps.ts';
import type { CartView } from './cart-view.ts';
import type { CartRow } from './cart.repository.ts';

export const nothingHeldToKeep = 'There are no places held in your basket to keep.';

/**
 * POST {checkout}/keep-places (ours; the spec lists no such call, decision 0090): the basket warns
 * before its hold ends and the customer asks for more time (issue 33 item 7, WCAG 2.2.1). Holds
 * that have already lapsed are released first and named in the answer's `expiredItems`, so the
 * customer is told what happened; the rest are kept for another hold, up to the longest allowed.
 */
export function createKeepPlaces(
  deps: Pick<CartDeps, 'carts' | 'family'>,
  view: CartView,
  settleHolds: (customer: CustomerRow, cart?: CartRow) => Promise<BookingLineRow[]>,
) {
  return {
    async keepPlaces(customer: CustomerRow, selectedUserId?: number) {
      await checkSelectedUser(deps, customer, selectedUserId);
      const current = await deps.carts.currentCart(customer.id);
      const released = await settleHolds(customer, current);
      const cart = await deps.carts.withLockedCart(customer.id, false, async (tx, locked) => {
        if (!locked && released.length > 0) return undefined;
        requireOpen(locked);
        const kept = await keepHeldPlaces(tx, locked.id);
        if (kept === 0 && released.length === 0) throw new HttpError(422, nothingHeldToKeep);
        await deps.carts.touch(tx, locked.id);
        return locked;
      });
      return view(customer, cart, null, released);
    },
  };
}
