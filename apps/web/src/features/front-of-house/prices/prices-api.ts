import type {
  SaveMembershipPricesBody,
  SavePackageBody,
  SavePromotionBody,
  StaffPrices,
} from '@lido/contracts/prices-offers';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiGet } from '../../../lib/api/api-client.ts';

/** GET /api/staff/prices: a manager's packages, promotions and membership prices. */
export const staffPricesQuery = queryOptions({
  queryKey: ['staff', 'prices'] as const,
  queryFn: ({ signal }) => apiGet<StaffPrices>('staff/prices', undefined, signal),
});

type Change =
  | { kind: 'package'; body: SavePackageBody }
  | { kind: 'promotion'; body: SavePromotionBody }
  | { kind: 'membership'; slug: string; body: SaveMembershipPricesBody };

const pathOf = (change: Change) =>
  change.kind === 'package'
    ? 'staff/prices/packages'
    : change.kind === 'promotion'
      ? 'staff/prices/promotions'
      : `staff/prices/memberships/${encodeURIComponent(change.slug)}`;

/** Saves one change, checked on the server by the catalogue file's schema; answers the new list. */
export function useSavePrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: Change) =>
      (
        await apiFetch<StaffPrices>(pathOf(change), {
          method: 'PUT',
          body: change.body satisfies SavePackageBody | SavePromotionBody | SaveMembershipPricesBody,
        })
      ).data,
    onSuccess: (prices) => queryClient.setQueryData(staffPricesQuery.queryKey, prices),
  });
}
