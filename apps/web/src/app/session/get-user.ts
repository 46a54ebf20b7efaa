import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';

/** The spec's "Auth user", as GET /api/auth/user answers it. */
export interface AuthUser {
  id: number;
  reference: string;
  firstName: string;
  lastName: string;
  email: string;
  homeVenueSlug: string | null;
  hasOutstandingPenalties: boolean;
  membershipUser: { id: number; homeVenueId: number | null };
  credit: { balance: number };
  hasInstruction: boolean;
  hasBillingDate: boolean;
  billingDay: number | null;
  documentExpiry: { documentExpiringSoon: boolean; daysToExpiry: number }[];
  membershipDocumentUploadRequired: boolean;
  profilePhoto: string | null;
}

export const userQueryKey = ['auth', 'user'] as const;

export const userQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: userQueryKey,
    queryFn: () => apiGet<AuthUser>('auth/user'),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
