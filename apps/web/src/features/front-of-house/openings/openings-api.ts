import type { AnnounceOpeningBody, StaffOpening, StaffOpenings } from '@lido/contracts/booking-openings';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiGet } from '../../../lib/api/api-client.ts';

/** GET /api/staff/booking-openings: a manager's openings and what the form chooses from. */
export const staffOpeningsQuery = queryOptions({
  queryKey: ['staff', 'booking-openings'] as const,
  queryFn: ({ signal }) => apiGet<StaffOpenings>('staff/booking-openings', undefined, signal),
});

/** Announces an opening, or changes one (the same key), checked on the server by the file's schema. */
export function useAnnounceOpening() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (opening: Record<string, unknown>) =>
      (
        await apiFetch<StaffOpening>('staff/booking-openings', {
          method: 'POST',
          body: { opening } satisfies AnnounceOpeningBody,
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffOpeningsQuery.queryKey }),
  });
}

/** Withdraws an opening before its waiting room opens. */
export function useWithdrawOpening() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (key: string) =>
      (
        await apiFetch<StaffOpenings>(`staff/booking-openings/${encodeURIComponent(key)}`, {
          method: 'DELETE',
        })
      ).data,
    onSuccess: (openings) => queryClient.setQueryData(staffOpeningsQuery.queryKey, openings),
  });
}
