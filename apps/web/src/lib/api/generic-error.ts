import { requestWords } from './words.ts';

/** A form sent after its page's session or token went stale (joining spec §8 "Forms"). */
export const reloadAndTryAgain = (): string => requestWords('reloadAndTryAgain');

/** The platform spec's generic error line for a failed request's status. */
export function genericErrorLine(status: number | null | undefined): string {
  if (status === 419) return reloadAndTryAgain();
  if (status === 404) return requestWords('notFound');
  if (status === 403) return requestWords('unauthorised');
  return requestWords('somethingWrong');
}
