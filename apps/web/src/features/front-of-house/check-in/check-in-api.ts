import type { CheckIn, CheckInBody } from '@lido/contracts/check-in';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api/api-client.ts';

/**
 * POST /api/staff/check-ins (decision 0097): one read of a card or one typed customer ID, each with
 * its own scan id, so a retried call is recorded once. The page shows refusals itself.
 */
export function useCheckIn() {
  return useMutation({
    mutationFn: async (body: Omit<CheckInBody, 'scanId'>) =>
      (
        await apiFetch<CheckIn>('staff/check-ins', {
          method: 'POST',
          body: { scanId: crypto.randomUUID(), ...body } satisfies CheckInBody,
        })
      ).data,
    meta: { inlineValidation: true },
  });
}
