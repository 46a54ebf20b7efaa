import type { LoginBody, SessionToken } from '@lido/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../lib/api/api-client.ts';
import { getSiteMode } from '../site-mode/site-mode.ts';
import { noteAuthState } from './session-store.ts';
import { userQueryKey } from './get-user.ts';

export const loginRetryDelayMs = 250;

async function postLogin(credentials: { username: string; password: string }): Promise<string> {
  const response = await apiFetch<SessionToken>('auth/customer/login', {
    method: 'POST',
    // At a centre's kiosk the server gives a short session.
    body: { ...credentials, kiosk: getSiteMode().kiosk } satisfies LoginBody,
    handleUnauthorized: false,
  });
  return response.data.token;
}

/**
 * Logs in, retrying once after 250 ms (platform spec, section 4) when the call itself failed; a
 * refusal (wrong password, too many attempts) is final.
 */
export async function login(credentials: { username: string; password: string }): Promise<string> {
  try {
    return await postLogin(credentials);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) throw error;
    await new Promise((resolve) => setTimeout(resolve, loginRetryDelayMs));
    return postLogin(credentials);
  }
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    meta: { inlineValidation: true },
    onSuccess: async (state) => {
      noteAuthState(state);
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch('auth/logout', { method: 'POST', body: {} }),
    onSettled: () => {
      noteAuthState(null);
      // Logout resets the user, basket and payments: everything cached belongs to the old session.
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== 'client-settings' && query.queryKey[0] !== 'theme',
      });
    },
  });
}
