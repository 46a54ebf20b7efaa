import type {
  CancelMembershipBody,
  MembershipExit,
  MembershipTimeline,
} from '@lido/contracts/membership-exit';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiGet } from '../../lib/api/api-client.ts';
import { userQueryKey } from '../../app/session/get-user.ts';
import { myUpcomingCollectionsQuery } from './get-direct-debit.ts';
import { myMembershipsQuery } from './get-memberships.ts';

/** GET my-account/memberships/{id}/cancellation: what cancelling now does (or did). */
export const membershipExitQuery = (membershipId: string) =>
  queryOptions({
    queryKey: ['auth', 'memberships', membershipId, 'cancellation'],
    queryFn: () => apiGet<MembershipExit>(`my-account/memberships/${membershipId}/cancellation`),
    retry: false,
  });

/** GET my-account/memberships/{id}/timeline: the membership's history, oldest first. */
export const membershipTimelineQuery = (membershipId: string) =>
  queryOptions({
    queryKey: ['auth', 'memberships', membershipId, 'timeline'],
    queryFn: () => apiGet<MembershipTimeline>(`my-account/memberships/${membershipId}/timeline`),
    retry: false,
  });

/**
 * POST my-account/memberships/{id}/cancel: the answer is what was confirmed, shown at once; the
 * memberships, the account credit (a refund may add to it) and the history are then read again.
 * The page shows a refusal itself, so no global toast (inlineValidation).
 */
export function useCancelMembership(membershipId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CancelMembershipBody) =>
      (
        await apiFetch<MembershipExit>(`my-account/memberships/${membershipId}/cancel`, {
          method: 'POST',
          body: body satisfies CancelMembershipBody,
        })
      ).data,
    meta: { inlineValidation: true },
    onSuccess: async (exit) => {
      queryClient.setQueryData(membershipExitQuery(membershipId).queryKey, exit);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: myMembershipsQuery.queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: userQueryKey }),
        queryClient.invalidateQueries({ queryKey: membershipTimelineQuery(membershipId).queryKey }),
        // The collections it stopped (issue 33): the Payments page reads them again.
        queryClient.invalidateQueries({ queryKey: myUpcomingCollectionsQuery.queryKey }),
      ]);
    },
  });
}
