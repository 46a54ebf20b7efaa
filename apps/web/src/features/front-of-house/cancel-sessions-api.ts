import type {
  CancellationPreview,
  CancellationResult,
  CancellationScope,
  CancelSessionsBody,
} from '@lido/contracts/centre-cancellations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api/api-client.ts';

/**
 * POST /api/staff/cancellations/preview: the sessions a period covers and what cancelling them
 * touches (issue 35 item 3, decision 0095). A read, sent as a POST for its body.
 */
export function usePreviewCancellation() {
  return useMutation({
    mutationFn: async (scope: CancellationScope) =>
      (
        await apiFetch<CancellationPreview>('staff/cancellations/preview', {
          method: 'POST',
          body: scope satisfies CancellationScope,
        })
      ).data,
    meta: { inlineValidation: true },
  });
}

/** POST /api/staff/cancellations: cancels the sessions chosen, once per key (a second press answers the first). */
export function useCancelSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CancelSessionsBody) =>
      (
        await apiFetch<CancellationResult>('staff/cancellations', {
          method: 'POST',
          body: body satisfies CancelSessionsBody,
        })
      ).data,
    meta: { inlineValidation: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff', 'timetable'] }),
  });
}
