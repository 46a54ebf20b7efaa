import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api/api-client.ts';
import { cartKeys } from '../cart/index.ts';

/**
 * A 409 from completing says the basket changed on the server (a promotion ran out and was taken
 * off, say): the basket is read again so the page shows the new total beside the message.
 */
export function useRefreshChangedBasket() {
  const queryClient = useQueryClient();
  return (error: unknown) => {
    if (error instanceof ApiError && error.status === 409)
      void queryClient.invalidateQueries({ queryKey: cartKeys.cart });
  };
}
