import type { MembershipType } from '@lido/contracts/membership';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';
import { useAuthState } from '../session/session-store.ts';
import { joiningKeys } from './keys.ts';

/** GET memberships/types?venue_id: a logged-in customer's list carries their eligibility. */
export const membershipTypesQuery = (venueId: number, loggedIn: boolean) =>
  queryOptions({
    queryKey: joiningKeys.membershipTypes(venueId, loggedIn),
    queryFn: ({ signal }) => apiGet<MembershipType[]>('memberships/types', { venueId }, signal),
    staleTime: 60_000,
  });

export function useMembershipTypes(venueId: number | undefined) {
  const { loggedIn } = useAuthState();
  return useQuery({ ...membershipTypesQuery(venueId ?? 0, loggedIn), enabled: venueId !== undefined });
}
