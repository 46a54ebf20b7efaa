import type { KindLines, LineKind } from '../line-kinds/index.ts';
import { packageItems } from './package-cart-view.ts';
import { type PackageLine, packageLinesOf } from './package-lines.repository.ts';
import { buyPackages } from './package-purchase.ts';

interface PackageLines extends KindLines {
  rows: PackageLine[];
}

/**
 * Packages bought through the basket (decision 0049; decision 0077's line kind for them): each
 * line becomes the attendee's package in the order's transaction, valid from the order's day.
 */
export function packageLineKind(): LineKind<PackageLines> {
  return {
    name: 'package',
    madeOnBookingsSite: true,

    // Only ever changed under the basket's lock, which completion holds.
    async linesOf(db, cartId) {
      const rows = await packageLinesOf(db, cartId);
      return {
        rows,
        count: rows.length,
        totalPence: rows.reduce((sum, { line }) => sum + line.pricePence, 0),
        venueId: rows[0]?.line.venueId ?? null,
      };
    },

    async view(db, { rows }, { format }) {
      return { items: await packageItems(db, rows, format) };
    },

    async fulfil(tx, { rows }, { order, today }) {
      return buyPackages(tx, { orderId: order.id, lines: rows, today });
    },
  };
}
