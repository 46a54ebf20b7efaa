import type { HeldMembership } from '@lido/contracts/account';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';

export type { HeldMembership } from '@lido/contracts/account';

export const myMembershipsQuery = queryOptions({
  queryKey: ['auth', 'memberships'],
  queryFn: () => apiGet<HeldMembership[]>('my-account/memberships'),
  staleTime: 30_000,
});

/** A single payment membership can be renewed: its next term goes into the basket. */
export function canRenew(membership: HeldMembership): boolean {
  return (
    membership.paymentType === 'fixed' && (membership.status === 'active' || membership.status === 'ended')
  );
}

/** A membership the member may still cancel: running, and not cancelled already. */
export function canCancel(membership: HeldMembership): boolean {
  return (
    membership.cancelKind === null &&
    ['pending', 'pending_eligibility', 'active'].includes(membership.status) &&
    (membership.paymentType === 'recurring' || membership.endDate !== null)
  );
}

/** An active monthly membership can be changed for another monthly one at the same centre. */
export function canChange(membership: HeldMembership): boolean {
  return membership.paymentType === 'recurring' && membership.status === 'active';
}
