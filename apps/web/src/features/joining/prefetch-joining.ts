import type { QueryClient } from '@tanstack/react-query';
import { isLoggedInState, readAuthState } from '../../app/session/auth-state.ts';
import { dataFieldsQuery } from '../data-fields/index.ts';
import { venueQuery } from '../venues/index.ts';
import { membershipTypesQuery } from './get-membership-types.ts';
import { questionsQuery } from './get-questions.ts';

/**
 * Starts the joining page's first calls (the centre, then its memberships and the chosen one's
 * questions; a guest's account form) while the page's own code is still loading, instead of after
 * it: the route's loader calls this and does not wait. The page renders its steps only once all of
 * these have answered.
 */
export function prefetchJoining(
  queryClient: QueryClient,
  centreSlug: string | undefined,
  membershipSlug?: string,
): null {
  if (!centreSlug) return null;
  const loggedIn = isLoggedInState(readAuthState());
  if (!loggedIn) void queryClient.prefetchQuery(dataFieldsQuery('customer_account_online'));
  void queryClient
    .fetchQuery(venueQuery('online-joining', centreSlug))
    .then((venue) => queryClient.fetchQuery(membershipTypesQuery(venue.id, loggedIn)))
    .then((types) => {
      const chosen = membershipSlug ? types.find((type) => type.slug === membershipSlug) : undefined;
      if (chosen) return queryClient.prefetchQuery(questionsQuery(chosen.id));
    })
    .catch(() => undefined); // the page shows any failure itself when it asks again
  return null;
}
