import { ApiError } from '../../../lib/api/api-client.ts';
import { genericErrorLine } from '../../../lib/api/generic-error.ts';

/** A till page's read that failed: the generic line for its status (platform spec §8). */
export function LoadFailed({ error }: { error: unknown }) {
  return <p className="error-line">{genericErrorLine(error instanceof ApiError ? error.status : null)}</p>;
}
