import type { Cart, RemoveFromCartBody, UpdateBookingItemBody } from '@lido/contracts/cart';
import { checkoutServiceBase } from '@lido/contracts/cart-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../lib/api/api-client.ts';
import { showToast, toastDurations } from '../../app/toasts/toast-store.ts';
import { cartKeys } from './keys.ts';
import { cartWords } from './words.ts';

/** Cart toasts (platform spec, section 8): the server's message on failure, or the generic line. */
export function showCartFailure(error: Error) {
  showToast({
    content: error instanceof ApiError && error.message ? error.message : cartWords('somethingWentWrong'),
    type: 'danger',
    closeAfter: toastDurations.normal,
  });
}

/** POST {checkout}/remove: one line out of the basket. */
export function useRemoveFromCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (cartItemId: number) =>
      (
        await apiFetch<Cart>(`${checkoutServiceBase}/remove`, {
          method: 'POST',
          body: { cartItemIds: [cartItemId] } satisfies RemoveFromCartBody,
        })
      ).data,
    meta: { inlineValidation: true },
    onSuccess: (cart) => {
      queryClient.setQueryData(cartKeys.cart, cart);
      showToast({ content: cartWords('itemRemoved'), type: 'success' });
    },
    onError: showCartFailure,
  });
}

/** DELETE {checkout}: everything out of the basket. */
export function useDiscardCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiFetch<Cart>(checkoutServiceBase, { method: 'DELETE' })).data,
    meta: { inlineValidation: true },
    onSuccess: (cart) => {
      queryClient.setQueryData(cartKeys.cart, cart);
      showToast({ content: cartWords('basketCleared'), type: 'success' });
    },
    onError: showCartFailure,
  });
}

/** PUT {checkout}/{cartItemId}: a booking line's number of places (the server re-prices and re-holds). */
export function useUpdateBookingQuantity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ cartItemId, quantity }: { cartItemId: number; quantity: number }) =>
      (
        await apiFetch<Cart>(`${checkoutServiceBase}/${cartItemId}`, {
          method: 'PUT',
          body: { options: { quantity } } satisfies UpdateBookingItemBody,
        })
      ).data,
    meta: { inlineValidation: true },
    onSuccess: (cart) => {
      queryClient.setQueryData(cartKeys.cart, cart);
      showToast({ content: cartWords('itemUpdated'), type: 'success' });
    },
    onError: (error) => {
      showCartFailure(error);
      // The line shows the quantity the server still holds.
      void queryClient.invalidateQueries({ queryKey: cartKeys.cart });
    },
  });
}
