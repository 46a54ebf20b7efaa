import { type KindLines, type LineKind, kindLines } from '../line-kinds/index.ts';
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
      return kindLines(
        await packageLinesOf(db, cartId),
        ({ line }) => line.pricePence,
        ({ line }) => line.venueId,
      );
    },

    async view(db, { rows }, { format }) {
      return { items: await packageItems(db, rows, format) };
    },

    async fulfil(tx, { rows }, { order, today }) {
      return buyPackages(tx, { orderId: order.id, lines: rows, today });
    },
  };
}
