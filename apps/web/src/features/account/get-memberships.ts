import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';

export interface HeldMembership {
  id: number;
  name: string;
  slug: string;
  categories: string[];
  status: 'pending' | 'pending_eligibility' | 'active' | 'ended' | 'cancelled';
  statusLabel: string;
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

/** "£30.00 per month" or "£60.00 for 3 months". */
export function priceLabel(
  membership: Pick<HeldMembership, 'paymentType' | 'price' | 'fixedDuration' | 'fixedPeriod'>,
): string {
  if (membership.paymentType === 'recurring') return `${membership.price.formatted} per month`;
  const count = membership.fixedDuration ?? 1;
  return `${membership.price.formatted} for ${count} ${membership.fixedPeriod ?? 'month'}${count === 1 ? '' : 's'}`;
}
