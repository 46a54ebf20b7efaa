import type { Cart } from '@lido/contracts/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { showToast, toastDurations } from '../../app/toasts/toast-store.ts';
import { ApiError, apiFetch } from '../../lib/api/api-client.ts';
import { cartKeys } from './keys.ts';
import { cartWords } from './words.ts';

/**
 * DELETE /api/activities/benefit/remove/{cartItemId} (platform spec §7): the membership benefit
 * comes off a booking line, which then costs its price. Toasts are the spec's (§8).
 */
export function useRemoveBenefit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (cartItemId: number) =>
      (
        await apiFetch<Cart>(`/api/activities/benefit/remove/${cartItemId}`, {
          method: 'DELETE',
          query: { source: 'bookings' },
        })
      ).data,
    meta: { inlineValidation: true },
    onSuccess: (cart) => {
      queryClient.setQueryData(cartKeys.cart, cart);
      showToast({ content: cartWords('benefitRemoved'), type: 'success' });
    },
    onError: (error) => {
      showToast({
        content: error instanceof ApiError && error.message ? error.message : cartWords('somethingWentWrong'),
        type: 'danger',
        closeAfter: toastDurations.normal,
      });
      void queryClient.invalidateQueries({ queryKey: cartKeys.cart });
    },
  });
}
