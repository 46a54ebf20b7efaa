import type { MembershipCard } from '@lido/contracts/check-in';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiGet } from '../../lib/api/api-client.ts';

/** GET /api/my-account/membership-card (decision 0097): made the first time it is asked for. */
export const membershipCardQuery = queryOptions({
  queryKey: ['auth', 'membership-card'],
  queryFn: () => apiGet<MembershipCard>('my-account/membership-card'),
});

/** POST /api/my-account/membership-card/replace: the new card is shown at once; the old stops working. */
export function useReplaceCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiFetch<MembershipCard>('my-account/membership-card/replace', { method: 'POST', body: {} }))
        .data,
    meta: { inlineValidation: true },
    onSuccess: (card) => queryClient.setQueryData(membershipCardQuery.queryKey, card),
  });
}
