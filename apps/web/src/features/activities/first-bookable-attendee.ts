import type { SessionDetails } from '@lido/contracts/activities';
import { useQueries } from '@tanstack/react-query';
import { useFamilyMemberIds } from '../family/index.ts';
import { sessionQuery } from './get-timetable.ts';
import { cheapestAvailable } from './session-text.ts';

/** Whether anyone may book the session at a price open to them, as the session's answer for them says. */
export const openToThem = (session: SessionDetails | undefined): boolean =>
  session !== undefined && cheapestAvailable(session.prices) !== undefined;

/**
 * Who a booking is for when the customer has not said (issue 34 item 7, decision 0084): the
 * customer, when a price is open to them; otherwise the first of their family it is open to (a
 * children's lesson opens on a child who can book, not on a disabled "Add to basket" for
 * "Myself"). Asked only when `needed`: each family member's prices are the server's answer for them.
 * Answers the member's id, `null` when no one in the family can book it, or `undefined` while unknown.
 */
export function useFirstBookableAttendee(
  sessionId: string,
  authState: string | null,
  loggedIn: boolean,
  needed: boolean,
): number | null | undefined {
  const members = useFamilyMemberIds(loggedIn && needed);
  const answers = useQueries({
    queries: (members ?? []).map((id) => ({ ...sessionQuery(sessionId, authState, id), enabled: needed })),
  });
  if (!needed || members === undefined) return undefined;
  for (const [index, answer] of answers.entries()) {
    // In the family's order: an earlier member still loading decides before a later one.
    if (answer.isPending) return undefined;
    if (openToThem(answer.data)) return members[index] ?? null;
  }
  return null;
}
