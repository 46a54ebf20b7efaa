import type { MessageAnswer } from '@lido/contracts/auth';
import type { ForgottenPasswordBody, ResetPasswordBody } from '@lido/contracts/customer';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api/api-client.ts';

/** POST auth/customer/forgotten-password: the answer's message, which may begin "Multiple" (spec). */
export function useForgottenPassword() {
  return useMutation({
    mutationFn: async (emailOrReference: string) =>
      (
        await apiFetch<MessageAnswer>('auth/customer/forgotten-password', {
          method: 'POST',
          body: { emailOrReference } satisfies ForgottenPasswordBody,
          handleUnauthorized: false,
        })
      ).data.message,
    meta: { inlineValidation: true },
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (input: ResetPasswordBody) =>
      (
        await apiFetch<MessageAnswer>('auth/customer/reset-password', {
          method: 'POST',
          body: input satisfies ResetPasswordBody,
          handleUnauthorized: false,
        })
      ).data.message,
    meta: { inlineValidation: true },
  });
}
