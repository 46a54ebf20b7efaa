import type { QueryClient } from '@tanstack/react-query';
import { isLoggedInState, readAuthState } from '../../app/session/auth-state.ts';
import { venueQuery } from '../venues/index.ts';
import { membershipTypesQuery } from './get-membership-types.ts';

/**
 * Starts the joining page's first calls (the centre, then its memberships) while the page's own
 * code is still loading, instead of after it: the route's loader calls this and does not wait.
 */
export function prefetchJoining(queryClient: QueryClient, centreSlug: string | undefined): null {
  if (!centreSlug) return null;
  void queryClient
    .fetchQuery(venueQuery('online-joining', centreSlug))
    .then((venue) =>
      queryClient.prefetchQuery(membershipTypesQuery(venue.id, isLoggedInState(readAuthState()))),
    )
    .catch(() => undefined); // the page shows any failure itself when it asks again
  return null;
}
