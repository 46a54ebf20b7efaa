import type { Cart, ClearCartBody } from '@lido/contracts/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api/api-client.ts';
import { cartKeys } from '../cart/index.ts';
import { userQueryKey } from '../../app/session/get-user.ts';

/** DELETE cart/clear (source online-joining): the joining membership leaves the basket. */
export function useClearJoiningCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await apiFetch<Cart>('cart/clear', {
          method: 'DELETE',
          body: { source: 'online-joining' } satisfies ClearCartBody,
        })
      ).data,
    onSuccess: async (cart) => {
      queryClient.setQueryData(cartKeys.cart, cart);
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}
