import { HttpError, ValidationError } from '../../http/errors.ts';
import type { CustomerRow } from '../auth/index.ts';
import { bookingLineRows } from './booking-lines.repository.ts';
import { type CartDeps, checkSelectedUser, requireOpen } from './cart-deps.ts';
import type { CartView } from './cart-view.ts';
import { itemNotFoundMessage } from '../operator/index.ts';
import { packageOnSale } from '../packages/index.ts';
import { insertPackageLine } from '../packages/index.ts';
import { takePackageOffLine } from './line-payments.ts';

/** A package to add, as POST {checkout}/add names it. */
export interface PackageToAdd {
  packageId: number;
  venueId: number;
  purchasedForUserId?: number | undefined;
}

const notOnSaleMessage = 'This package is not on sale at this centre.';
const noPackageUsage = 'This item has no package usage applied.';

/**
 * Packages in the basket (issue 18 item 2, decision 0049): buying one adds a line at its price;
 * taking a package's use off a booking line gives the use back and the line costs its price.
 */
export function createPackageBasket(deps: Pick<CartDeps, 'carts' | 'db' | 'family'>, view: CartView) {
  const { carts, db } = deps;
  return {
    /** POST {checkout}/add with packages: each must be on sale at the centre named; all or none. */
    async addPackages(customer: CustomerRow, items: PackageToAdd[], selectedUserId?: number) {
      await checkSelectedUser(
        deps,
        customer,
        selectedUserId,
        ...items.map((item) => item.purchasedForUserId),
      );
      const priced: Parameters<typeof insertPackageLine>[2][] = [];
      for (const item of items) {
        const onSale = await packageOnSale(db, item.packageId, item.venueId);
        if (!onSale) throw new ValidationError({ items: [notOnSaleMessage] });
        priced.push({
          packageTypeId: onSale.type.id,
          venueId: item.venueId,
          // Whom the package is for: the payer, or one of their family (checked above).
          purchasedForCustomerId: item.purchasedForUserId ?? customer.id,
          pricePence: onSale.type.pricePence,
        });
      }
      const cart = await carts.withLockedCart(customer.id, true, async (tx, locked) => {
        requireOpen(locked);
        for (const line of priced) await insertPackageLine(tx, locked.id, line);
        await carts.touch(tx, locked.id);
        return locked;
      });
      return view(customer, cart);
    },

    /** DELETE /api/activities/package/remove/{cartItemId}: the line pays its price instead. */
    async removePackageUsage(customer: CustomerRow, itemId: number, selectedUserId?: number) {
      await checkSelectedUser(deps, customer, selectedUserId);
      const cart = await carts.withLockedCart(customer.id, false, async (tx, locked) => {
        requireOpen(locked);
        const line = (await bookingLineRows(tx, locked.id)).find((row) => row.id === itemId);
        if (!line) return undefined;
        if (!(await takePackageOffLine(tx, line.id)))
          throw new ValidationError({ cartItemId: [noPackageUsage] });
        await carts.touch(tx, locked.id);
        return locked;
      });
      if (!cart) throw new HttpError(404, itemNotFoundMessage);
      return view(customer, cart);
    },
  };
}
