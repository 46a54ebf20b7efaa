import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api/api-client.ts';
import { showValidationErrors } from './toasts/toast-store.ts';

/**
 * Server validation messages are shown as the spec's "Validation errors" toast, unless the
 * mutation shows them itself next to its fields (`meta: { inlineValidation: true }`).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
    mutationCache: new MutationCache({
      onError(error, _variables, _context, mutation) {
        if (mutation.meta?.inlineValidation) return;
        if (error instanceof ApiError && error.validationMessages)
          showValidationErrors(error.validationMessages);
      },
    }),
  });
}
