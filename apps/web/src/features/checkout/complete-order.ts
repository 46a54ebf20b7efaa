import type { CompleteCheckoutBody } from '@lido/contracts/cart';
import type { CompletedCheckout } from '@lido/contracts/order';
import type { OfflinePayment } from '@lido/contracts/offline-payments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api/api-client.ts';
import { userQueryKey } from '../../app/session/get-user.ts';
import { cartTermsQuery } from './cart-terms-query.ts';
import type { CheckoutExtras } from './checkout-source.ts';

/** The basket's terms (see cartTermsQuery). */
export function useCartTerms(cartId: number | null) {
  return useQuery(cartTermsQuery(cartId));
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
          body: {
            terms,
            payments,
            completedWaivers: extras.completedWaivers,
            source: extras.source,
          } satisfies CompleteCheckoutBody,
        })
      ).data,
    meta: { inlineValidation: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['auth', 'memberships'] });
    },
  });
}
