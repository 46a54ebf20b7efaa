import type { MembershipReads, OperatorReads } from './cached-catalogue-reads.ts';

/** The ids behind a joining page's slugs: the centre, and the membership it names if sold there. */
interface JoiningPageIds {
  venueId: number;
  membershipTypeId: number | undefined;
}

export type FindJoiningPageIds = (
  centreSlug: string,
  membershipSlug: string | undefined,
) => Promise<JoiningPageIds | undefined>;

/**
 * Looks a joining page's slugs up in the cached catalogue, so its HTML can preload the reads the
 * page would otherwise make one after another once its code had loaded (http/first-calls.ts). The
 * membership is found among the centre's types, as the page finds it in the list it reads.
 */
export function joiningPageIdsFinder(
  operators: OperatorReads,
  memberships: MembershipReads,
): FindJoiningPageIds {
  return async (centreSlug, membershipSlug) => {
    const operator = await operators.current();
    if (!operator) return undefined;
    const venue = await operators.venueBySlug(operator.id, centreSlug);
    if (!venue) return undefined;
    const types = membershipSlug ? await memberships.typesAtVenue(operator.id, venue.id) : [];
    return {
      venueId: venue.id,
      membershipTypeId: types.find((details) => details.type.slug === membershipSlug)?.type.id,
    };
  };
}
