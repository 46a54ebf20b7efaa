import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';

export interface HeldMembership {
  id: number;
  name: string;
  slug: string;
  categories: string[];
  status: 'pending' | 'pending_eligibility' | 'active' | 'ended' | 'cancelled';
  statusLabel: string;
  /** a failed Direct Debit mandate or collection for this membership */
  paymentProblem: { code: string; label: string } | null;
  startDate: string;
  prettyStartDate: string;
  endDate: string | null;
  prettyEndDate: string | null;
  billingDay: number | null;
  paymentType: 'recurring' | 'fixed';
  fixedDuration: number | null;
  fixedPeriod: string | null;
  price: { formatted: string };
  homeVenue: { name: string; slug: string };
}

export const myMembershipsQuery = queryOptions({
  queryKey: ['auth', 'memberships'],
  queryFn: () => apiGet<HeldMembership[]>('my-account/memberships'),
  staleTime: 30_000,
});
