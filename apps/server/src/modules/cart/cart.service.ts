import { createBasketService } from './basket.service.ts';
import { createBookingBasket } from './booking-basket.service.ts';
import type { CartDeps } from './cart-deps.ts';
import { createCartView } from './cart-view.ts';
import { createChangeAndRenewalLines } from './change-and-renewal-lines.ts';
import { createJoiningLines } from './joining-lines.ts';
import { createMembershipLines } from './membership-lines.ts';
import { createPackageBasket } from './package-basket.service.ts';
import { createKeepPlaces } from './keep-places.ts';
import { createOutstandingBalanceLines } from './outstanding-balance-lines.ts';

export { completedOrderShownForSeconds } from './basket.service.ts';
export type { CartDeps } from './cart-deps.ts';
export { alreadyInBasket, type MembershipLine } from './membership-lines.ts';
export { extendHolds } from './booking-lines.repository.ts';

/**
 * The basket (platform spec, "Cart"): what the customer is about to pay for, priced by the server
 * from the same rules as the costs call. One service over four concerns, each in its own file: the
 * basket's own calls, the joining page's line, change and renewal lines, a failed collection's
 * line, and the answer they share.
 */
export function createCartService(deps: CartDeps) {
  const view = createCartView(deps);
  const lines = createMembershipLines(deps);
  const bookings = createBookingBasket(deps, view);
  const basket = createBasketService(deps, view, lines, bookings);
  const packages = createPackageBasket(deps, view);
  return {
    ...basket,
    ...bookings,
    addPackages: packages.addPackages,
    /** A booking line's package usage is taken off by the packages' module (decision 0049). */
    async removeUsage(...args: Parameters<typeof basket.removeUsage>) {
      const [customer, itemId, kind, selectedUserId] = args;
      if (kind === 'package' && (await bookings.isBookingLine(customer, itemId)))
        return packages.removePackageUsage(customer, itemId, selectedUserId);
      return basket.removeUsage(...args);
    },
    ...createJoiningLines(deps, view, lines),
    ...createChangeAndRenewalLines(deps, view, lines),
    ...createOutstandingBalanceLines(deps, view),
    ...createKeepPlaces(deps, view, bookings.settleHolds),
  };
}
