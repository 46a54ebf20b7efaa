import type { SessionWithUser } from '@lido/contracts/auth';
import type { UserUpdateBody } from '@lido/contracts/customer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api/api-client.ts';
import { userQueryKey } from '../../app/session/get-user.ts';
import { noteAuthState } from '../../app/session/session-store.ts';

/** PUT my-account/user/update: only non-empty fields are sent; the returned token is kept and the user reloaded. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: UserUpdateBody) => {
      // Every field is optional: a subset of the fields is still the body the server reads.
      const body = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== ''),
      ) as UserUpdateBody;
      return (
        await apiFetch<SessionWithUser>('my-account/user/update', {
          method: 'PUT',
          query: { onboardingType: 'membership_purchase' },
          body: body satisfies UserUpdateBody,
        })
      ).data;
    },
    meta: { inlineValidation: true },
    onSuccess: async ({ token }) => {
      noteAuthState(token);
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['data-fields'] });
    },
  });
}
