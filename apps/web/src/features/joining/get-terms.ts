import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';
import type { Terms } from '../../ui/terms-dialog.tsx';
import { joiningKeys } from './keys.ts';

export type TermsKind = 'health-commitment' | 'membership' | 'direct-debit';

const termsPath = (kind: TermsKind, typeId: number | null) =>
  kind === 'direct-debit'
    ? 'terms/direct-debit'
    : kind === 'membership'
      ? `terms/membership/${typeId}`
      : `terms/membership/${typeId}/health-commitment`;

/** GET terms/direct-debit, terms/membership/{typeId} and terms/membership/{typeId}/health-commitment. */
export const termsQuery = (kind: TermsKind, typeId: number | null) =>
  queryOptions({
    queryKey: joiningKeys.terms(kind, typeId),
    queryFn: ({ signal }) => apiGet<Terms>(termsPath(kind, typeId), undefined, signal),
    staleTime: 5 * 60_000,
  });

export function useTerms(kind: TermsKind, typeId: number | null) {
  return useQuery({ ...termsQuery(kind, typeId), enabled: kind === 'direct-debit' || typeId !== null });
}
