import type { Cart } from '@lido/contracts/cart';
import type { CheckoutSource } from './checkout-source.ts';
import { checkoutWords } from './words.ts';

/**
 * An order's confirmation page, keeping kiosk mode (joining spec §4): /order-confirmed/{id} for
 * online-joining, /booking-confirmed/{id} for other sources (platform spec §2 "After payment").
 */
export const confirmationPath = (
  orderId: number,
  kiosk: boolean,
  source: CheckoutSource = 'online-joining',
) =>
  // A card taken at the desk ends on the till's receipt (decision 0058).
  source === 'front-of-house'
    ? `/orders/${orderId}/receipt`
    : `/${source === 'online-joining' ? 'order' : 'booking'}-confirmed/${orderId}${kiosk ? '?kiosk=true' : ''}`;

export type CheckoutExit =
  { kind: 'stay' } | { kind: 'leaving' } | { kind: 'redirect'; to: string } | { kind: 'empty'; to: '/' };

/** Why an empty basket's checkout went to / (issue 21 item 8: not silently), read when shown. */
export const emptyBasketMessage = () => checkoutWords('nothingToCheckOut');

/**
 * What /checkout does with the basket it has (issue 15): a completed order always wins over the
 * empty-basket redirect, which only fires for a basket that is empty and was never paid for.
 */
export function checkoutExit(
  cart: Pick<Cart, 'items' | 'completeOrderId'>,
  /** the order this page has just made, from its completion until the page has left /checkout */
  leavingFor: number | null,
  kiosk: boolean,
  source: CheckoutSource = 'online-joining',
): CheckoutExit {
  if (cart.items.length > 0) return { kind: 'stay' };
  // The page's own way to the confirmation is under way: the basket is empty because it was paid.
  if (leavingFor !== null) return { kind: 'leaving' };
  // The basket has just become an order (the server says which): its confirmation.
  if (cart.completeOrderId !== null)
    return { kind: 'redirect', to: confirmationPath(cart.completeOrderId, kiosk, source) };
  // An empty basket has nothing to check out (joining spec, section 4): it goes to /, saying why.
  return { kind: 'empty', to: '/' };
}

/**
 * What kind of checkout a basket needs (issue 34 item 7, decision 0084), decided by what it holds,
 * never by the site it is paid on: a membership being chosen is a joining checkout ("Cancel
 * selection and start over", and a warning before leaving); anything else (bookings, packages, a
 * balance owed) is a plain one, whose way back is the basket.
 */
export type CheckoutKind = 'joining' | 'plain';

const membershipLines = new Set(['membership', 'membership_renewal', 'membership_change']);

export function checkoutKind(items: Pick<Cart['items'][number], 'type'>[]): CheckoutKind {
  return items.some((item) => membershipLines.has(item.type)) ? 'joining' : 'plain';
}
