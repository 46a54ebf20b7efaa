import type { ChangeCosts, MembershipType } from '@lido/contracts/membership';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';

export type { ChangeCosts } from '@lido/contracts/membership';

/** GET /memberships/{id}/change: what a held monthly membership can change to (monthly only). */
export const changeOptionsQuery = (membershipId: number) =>
  queryOptions({
    queryKey: ['auth', 'change-options', membershipId],
    queryFn: ({ signal }) =>
      apiGet<MembershipType[]>(`memberships/${membershipId}/change`, undefined, signal),
    staleTime: 60_000,
  });

export function useChangeOptions(membershipId: number | null) {
  return useQuery({ ...changeOptionsQuery(membershipId ?? 0), enabled: membershipId !== null });
}

/** GET memberships/{id}/change/{optionId}?startsAt: the change window, the difference and what is due now. */
export function useChangeCosts(params: { membershipId: number; optionId: number; startsAt: string } | null) {
  return useQuery({
    queryKey: ['auth', 'change-costs', params],
    queryFn: ({ signal }) =>
      apiGet<ChangeCosts>(
        `memberships/${params!.membershipId}/change/${params!.optionId}`,
        { startsAt: params!.startsAt },
        signal,
      ),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
