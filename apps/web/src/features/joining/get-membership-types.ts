import type { MembershipType } from '@lido/contracts/membership';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';
import { useAuthState } from '../../app/session/session-store.ts';
import { joiningKeys } from './keys.ts';

/** GET memberships/types?venue_id: a logged-in customer's list carries their eligibility. */
export const membershipTypesQuery = (
  venueId: number,
  loggedIn: boolean,
  memberUserId: number | null = null,
) =>
  queryOptions({
    queryKey: joiningKeys.membershipTypes(venueId, loggedIn, memberUserId),
    // For a family member the list carries their eligibility (selected_user_id).
    queryFn: ({ signal }) =>
      apiGet<MembershipType[]>(
        'memberships/types',
        memberUserId === null ? { venueId } : { venueId, selectedUserId: memberUserId },
        signal,
      ),
    staleTime: 60_000,
  });

export function useMembershipTypes(venueId: number | undefined, memberUserId: number | null = null) {
  const { loggedIn } = useAuthState();
  // Logging in reloads the list with the customer's eligibility; the guest list stays shown meanwhile,
  // so the page (and a form that just logged the customer in) is not swapped for a spinner.
  return useQuery({
    ...membershipTypesQuery(venueId ?? 0, loggedIn, loggedIn ? memberUserId : null),
    enabled: venueId !== undefined,
    // Only the same centre's list stands in: another centre's would show the wrong memberships.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === venueId ? keepPreviousData(previous) : undefined,
  });
}
