import type { AddToCartBody, Cart } from '@lido/contracts/cart';
import { checkoutServiceBase } from '@lido/contracts/cart-paths';
import type { PackageForSale } from '@lido/contracts/packages';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { showToast, toastDurations } from '../../app/toasts/toast-store.ts';
import { ApiError, apiFetch, apiGet } from '../../lib/api/api-client.ts';
import { cartKeys } from '../cart/index.ts';

export type { PackageForSale } from '@lido/contracts/packages';

/** The packages a centre sells (decision 0049): public, like its timetable. */
export const packagesForSaleQuery = (venueSlug: string) =>
  queryOptions({
    queryKey: ['packages', 'for-sale', venueSlug],
    queryFn: ({ signal }) =>
      apiGet<PackageForSale[]>(
        `activities/venues/${encodeURIComponent(venueSlug)}/packages`,
        undefined,
        signal,
      ),
    staleTime: 60_000,
  });

function failed(error: Error) {
  showToast({
    content:
      error instanceof ApiError && error.message ? error.message : 'Something went wrong, please try again.',
    type: 'danger',
    closeAfter: toastDurations.normal,
  });
}

/** POST {checkout}/add with a package, bought for the customer at the centre (platform spec §8 toasts). */
export function useAddPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ packageId, venueId }: { packageId: number; venueId: number }) =>
      (
        await apiFetch<Cart>(`${checkoutServiceBase}/add`, {
          method: 'POST',
          body: { items: [{ id: packageId, type: 'package', options: { venueId } }] } satisfies AddToCartBody,
        })
      ).data,
    meta: { inlineValidation: true },
    onSuccess: (cart) => {
      queryClient.setQueryData(cartKeys.cart, cart);
      showToast({ content: 'Successfully added item to the basket.', type: 'success' });
    },
    onError: failed,
  });
}

/** DELETE /api/activities/package/remove/{cartItemId}: the line pays its price instead. */
export function useRemovePackageUsage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (cartItemId: number) =>
      (await apiFetch<Cart>(`/api/activities/package/remove/${cartItemId}`, { method: 'DELETE' })).data,
    meta: { inlineValidation: true },
    onSuccess: (cart) => {
      queryClient.setQueryData(cartKeys.cart, cart);
      showToast({ content: 'Successfully removed package usage.', type: 'success' });
    },
    onError: failed,
  });
}
