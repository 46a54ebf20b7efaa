import type { CartItem } from '@lido/contracts/cart';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';

export const basketMembershipKey = ['memberships', 'online-joining'] as const;

/**
 * GET memberships/online-joining: the membership this customer's basket holds from the joining page
 * (another tab or device may have put it there), or null. Only a logged-in customer has a basket.
 */
export function useBasketMembership(enabled: boolean) {
  return useQuery({
    queryKey: basketMembershipKey,
    queryFn: ({ signal }) => apiGet<CartItem | null>('memberships/online-joining', undefined, signal),
    enabled,
    // What another tab or device did since: always asked again when the page opens.
    refetchOnMount: 'always',
  });
}
