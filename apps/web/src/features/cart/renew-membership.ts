import type { Cart } from '@lido/contracts/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../lib/api/api-client.ts';
import { showToast, toastDurations } from '../../app/toasts/toast-store.ts';
import { cartKeys } from './keys.ts';
import { cartWords } from './words.ts';

/** POST /memberships/{id}/renew: the membership's next term goes into the basket. */
export function useRenewMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (membershipId: number) =>
      (await apiFetch<Cart>(`memberships/${membershipId}/renew`, { method: 'POST' })).data,
    // The server's reason (already in the basket, no longer sold…) is clearer than a list.
    meta: { inlineValidation: true },
    onSuccess: (cart) => {
      queryClient.setQueryData(cartKeys.cart, cart);
      showToast({
        content: cartWords('membershipAdded'),
        type: 'success',
        closeAfter: toastDurations.normal,
      });
    },
    onError: (error) => {
      showToast({
        content:
          error instanceof ApiError && error.status === 422 ? error.message : cartWords('somethingWentWrong'),
        type: 'danger',
        closeAfter: toastDurations.normal,
      });
    },
  });
}
