import type { CartTermsAnswer } from '@lido/contracts/cart';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';

/**
 * GET /api/terms?cart_id: the terms to accept for what is in the basket (read from data.data).
 * Fresh for half a minute: the checkout's form mounts after the page has read them (so nothing
 * moves under the pay button), and must not read them a second time as it does.
 */
export const cartTermsQuery = (cartId: number | null) =>
  queryOptions({
    queryKey: ['auth', 'cart-terms', cartId],
    queryFn: async ({ signal }) => (await apiGet<CartTermsAnswer>('terms', { cartId }, signal)).data,
    enabled: cartId !== null,
    staleTime: 30_000,
  });
