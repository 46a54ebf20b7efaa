import type { MessageAnswer } from '@lido/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api/api-client.ts';

/** POST auth/customer/forgotten-password: the answer's message, which may begin "Multiple" (spec). */
export function useForgottenPassword() {
  return useMutation({
    mutationFn: async (emailOrReference: string) =>
      (
        await apiFetch<MessageAnswer>('auth/customer/forgotten-password', {
          method: 'POST',
          body: { emailOrReference },
          handleUnauthorized: false,
        })
      ).data.message,
    meta: { inlineValidation: true },
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (input: { token: string; password: string; passwordConfirmation: string }) =>
      (
        await apiFetch<MessageAnswer>('auth/customer/reset-password', {
          method: 'POST',
          body: input,
          handleUnauthorized: false,
        })
      ).data.message,
    meta: { inlineValidation: true },
  });
}
