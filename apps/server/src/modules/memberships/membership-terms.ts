import { HttpError } from '../../http/errors.ts';
import type { TermsRow } from './memberships.repository.ts';

type TermsOf = (
  kind: TermsRow['kind'],
  typeId?: number,
) => Promise<{ id: number; title: string; html: string }>;

/**
 * A membership type's health commitment and membership terms, those it has: what checkout asks for
 * and what the joining page may say it accepted (issue 21 item 5).
 */
export async function termsForMembership(memberships: { terms: TermsOf }, typeId: number) {
  const found: { id: number; title: string; html: string; type: 'health_commitment' | 'membership' }[] = [];
  for (const kind of ['health_commitment', 'membership'] as const) {
    const terms = await memberships.terms(kind, typeId).catch((error: unknown) => {
      if (error instanceof HttpError && error.statusCode === 404) return null;
      throw error;
    });
    if (terms) found.push({ ...terms, type: kind });
  }
  return found;
}
