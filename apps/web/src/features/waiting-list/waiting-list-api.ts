import type {
  JoinWaitingList,
  LeftWaitingList,
  SessionWaitingList,
  WaitingListEntry,
} from '@lido/contracts/waiting-list';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiGet } from '../../lib/api/api-client.ts';

/** Under 'auth': a customer's own entries, dropped when they log out. */
const keys = { all: ['auth', 'waiting-lists'] as const };

/** GET /api/activities/sessions/{sessionId}/waiting-list: the customer's entry on a session. */
export const sessionWaitingListQuery = (sessionId: number) =>
  queryOptions({
    queryKey: [...keys.all, 'session', sessionId],
    queryFn: () => apiGet<SessionWaitingList>(`activities/sessions/${sessionId}/waiting-list`),
  });

/** GET /api/my-account/waiting-lists */
export const myWaitingListsQuery = queryOptions({
  queryKey: [...keys.all, 'mine'],
  queryFn: () => apiGet<WaitingListEntry[]>('my-account/waiting-lists'),
});

/** POST …/waiting-list: the answer is the customer's entry, shown at once. */
export function useJoinWaitingList(sessionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (choice: JoinWaitingList) =>
      (
        await apiFetch<WaitingListEntry>(`activities/sessions/${sessionId}/waiting-list`, {
          method: 'POST',
          body: choice satisfies JoinWaitingList,
        })
      ).data,
    // The panel shows the server's reason (places left, already booked) itself.
    meta: { inlineValidation: true },
    onSuccess: async (entry) => {
      queryClient.setQueryData(sessionWaitingListQuery(sessionId).queryKey, (before) =>
        before ? { ...before, entry } : before,
      );
      await queryClient.invalidateQueries({ queryKey: myWaitingListsQuery.queryKey });
    },
  });
}

/** DELETE /api/my-account/waiting-lists/{entryId}: every waiting list read is read again. */
export function useLeaveWaitingList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (entryId: number) =>
      (await apiFetch<LeftWaitingList>(`my-account/waiting-lists/${entryId}`, { method: 'DELETE' })).data,
    meta: { inlineValidation: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
