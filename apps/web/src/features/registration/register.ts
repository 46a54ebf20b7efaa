import type { SessionWithUser } from '@lido/contracts/auth';
import type { RegisterBody } from '@lido/contracts/customer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api/api-client.ts';
import { userQueryKey } from '../../app/session/get-user.ts';
import { noteAuthState } from '../../app/session/session-store.ts';

/** POST auth/customer/register?onboarding_type=customer_account_online; a 201 logs the new customer in. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RegisterBody) =>
      (
        await apiFetch<SessionWithUser>('auth/customer/register', {
          method: 'POST',
          query: { onboardingType: 'customer_account_online' },
          body: body satisfies RegisterBody,
          handleUnauthorized: false,
        })
      ).data,
    meta: { inlineValidation: true },
    onSuccess: async ({ token }) => {
      noteAuthState(token);
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}
