import type { QueryClient } from '@tanstack/react-query';
import { isLoggedInState, readAuthState } from '../../app/session/auth-state.ts';
import { cartQuery } from '../cart/index.ts';
import { cartTermsQuery } from './cart-terms-query.ts';

/**
 * Starts checkout's first reads (the basket, then its terms) while the page's own code is still
 * loading, instead of after it: the route's loader calls this and does not wait. A guest has no
 * basket to read; the page sends them on as before.
 */
export function prefetchCheckout(queryClient: QueryClient): null {
  if (!isLoggedInState(readAuthState())) return null;
  void queryClient
    .fetchQuery(cartQuery(true))
    .then((cart) =>
      cart.cartId === null ? undefined : queryClient.prefetchQuery(cartTermsQuery(cart.cartId)),
    )
    .catch(() => undefined); // the page shows any failure itself when it asks again
  return null;
}
