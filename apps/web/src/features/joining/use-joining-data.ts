import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { dataFieldsQuery } from '../data-fields/index.ts';
import { venueQuery } from '../venues/index.ts';
import { useChangeOptions } from './get-change-options.ts';
import { useMembershipTypes } from './get-membership-types.ts';
import { useQuestions } from './get-questions.ts';
import { enterCentre, type JoiningState } from './joining-store.ts';
import type { JoiningRoute } from './use-joining-route.ts';

/**
 * What the joining page reads from the server: the centre, the memberships on offer (to join, or
 * to change to), the chosen membership's questions, and the account form's fields for a guest.
 * Opening a centre (or a change) starts or carries on its journey in the store.
 */
export function useJoiningData(route: JoiningRoute, state: JoiningState, loggedIn: boolean) {
  const { centreSlug, changing } = route;
  const venue = useQuery(venueQuery('online-joining', centreSlug));
  const joinTypes = useMembershipTypes(changing === null ? venue.data?.id : undefined, state.memberUserId);
  const changeTypes = useChangeOptions(changing);
  const types = changing === null ? joinTypes : changeTypes;
  const questions = useQuestions(state.membershipTypeId);
  // A guest will need the account form: its fields load alongside the memberships, not after them.
  useQuery({ ...dataFieldsQuery('customer_account_online'), enabled: !loggedIn });

  useEffect(() => {
    if (venue.data) enterCentre(venue.data.slug, changing);
  }, [venue.data, changing]);

  const membership = types.data?.find((type) => type.id === state.membershipTypeId);
  const option = membership?.paymentOptions.find((candidate) => candidate.id === state.paymentOptionId);
  const recurring = option?.paymentType === 'recurring';
  const allQuestions = questions.data?.flatMap((group) => group.questions) ?? [];
  return { venue, types, questions, membership, option, recurring, allQuestions };
}

export type JoiningData = ReturnType<typeof useJoiningData>;
