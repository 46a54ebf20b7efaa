import type { FreezeAnswer, FreezeBody, FreezeOffer } from '@lido/contracts/membership-freeze';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiGet } from '../../lib/api/api-client.ts';
import { myUpcomingCollectionsQuery } from './get-direct-debit.ts';
import { myMembershipsQuery } from './get-memberships.ts';

export const freezeOfferQuery = (membershipId: number) =>
  queryOptions({
    queryKey: ['auth', 'memberships', membershipId, 'freeze'],
    queryFn: () => apiGet<FreezeOffer>(`my-account/memberships/${membershipId}/freeze`),
  });

/**
 * POST …/freeze (a body) or …/freeze/end (none): the page shows a refusal itself (inlineValidation);
 * on success the memberships and the offer are read again.
 */
export function useFreezeChange(membershipId: number, action: 'freeze' | 'end') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: FreezeBody | undefined) =>
      (
        await apiFetch<FreezeAnswer>(
          `my-account/memberships/${membershipId}/freeze${action === 'end' ? '/end' : ''}`,
          // Ending a freeze takes no fields: it sends the empty body.
          { method: 'POST', body: (body satisfies FreezeBody | undefined) ?? {} },
        )
      ).data,
    meta: { inlineValidation: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myMembershipsQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: freezeOfferQuery(membershipId).queryKey }),
        // The frozen months' collections (issue 33): the Payments page reads them again.
        queryClient.invalidateQueries({ queryKey: myUpcomingCollectionsQuery.queryKey }),
      ]),
  });
}
