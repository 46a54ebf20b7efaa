import { createBasketService } from './basket.service.ts';
import { createBookingBasket } from './booking-basket.service.ts';
import type { CartDeps } from './cart-deps.ts';
import { createCartView } from './cart-view.ts';
import { createChangeAndRenewalLines } from './change-and-renewal-lines.ts';
import { createJoiningLines } from './joining-lines.ts';
import { createMembershipLines } from './membership-lines.ts';

export { completedOrderShownForSeconds } from './basket.service.ts';
export type { CartDeps } from './cart-deps.ts';
export { alreadyInBasket, type MembershipLine } from './membership-lines.ts';
export { extendHolds } from './booking-lines.repository.ts';

/**
 * The basket (platform spec, "Cart"): what the customer is about to pay for, priced by the server
 * from the same rules as the costs call. One service over four concerns, each in its own file: the
 * basket's own calls, the joining page's line, change and renewal lines, and the answer they share.
 */
export function createCartService(deps: CartDeps) {
  const view = createCartView(deps);
  const lines = createMembershipLines(deps);
  const bookings = createBookingBasket(deps, view);
  return {
    ...createBasketService(deps, view, lines, bookings),
    ...bookings,
    ...createJoiningLines(deps, view, lines),
    ...createChangeAndRenewalLines(deps, view, lines),
  };
}
