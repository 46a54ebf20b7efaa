import type { CompletedCheckout } from '@lido/contracts/order';
import type { CartTermsAnswer } from '@lido/contracts/cart';
import type { OfflinePayment } from '@lido/contracts/offline-payments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiGet } from '../../lib/api/api-client.ts';
import { userQueryKey } from '../../app/session/get-user.ts';
import type { CheckoutExtras } from './checkout-source.ts';

/** GET /api/terms?cart_id: the terms to accept for what is in the basket (read from data.data). */
export function useCartTerms(cartId: number | null) {
  return useQuery({
    queryKey: ['auth', 'cart-terms', cartId],
    queryFn: async ({ signal }) => (await apiGet<CartTermsAnswer>('terms', { cartId }, signal)).data,
    enabled: cartId !== null,
  });
}

/**
 * POST /api/checkout/complete for a basket with nothing to pay: the accepted terms ids are sent.
 * The caller finishes the order (finish-order.ts), which drops the basket from the cache.
 */
export function useCompleteFreeOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      terms,
      payments,
      extras,
    }: {
      terms: number[];
      payments: OfflinePayment[];
      extras: CheckoutExtras;
    }) =>
      (
        await apiFetch<CompletedCheckout>('checkout/complete', {
          method: 'POST',
          body: { terms, payments, completedWaivers: extras.completedWaivers, source: extras.source },
        })
      ).data,
    meta: { inlineValidation: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['auth', 'memberships'] });
    },
  });
}
