import type { AuthUser } from '@lido/contracts/auth';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';

export type { AuthUser } from '@lido/contracts/auth';

export const userQueryKey = ['auth', 'user'] as const;

export const userQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: userQueryKey,
    queryFn: () => apiGet<AuthUser>('auth/user'),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
