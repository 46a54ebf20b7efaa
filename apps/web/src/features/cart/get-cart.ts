import type { Cart } from '@lido/contracts/cart';
import { checkoutServiceBase } from '@lido/contracts/cart-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';
import { useAuthState } from '../../app/session/session-store.ts';
import { cartKeys } from './keys.ts';

/** GET {checkout}: the logged-in customer's basket (a guest has none). */
export const cartQuery = (loggedIn: boolean) =>
  queryOptions({
    queryKey: cartKeys.cart,
    queryFn: ({ signal }) => apiGet<Cart>(checkoutServiceBase, undefined, signal),
    enabled: loggedIn,
    staleTime: 10_000,
  });

export function useCart() {
  const { loggedIn } = useAuthState();
  return useQuery(cartQuery(loggedIn));
}

/** The basket's item count for the header badge: 0 for a guest or while it loads. */
export function useBasketCount(): number {
  return useCart().data?.totals.itemCount ?? 0;
}
