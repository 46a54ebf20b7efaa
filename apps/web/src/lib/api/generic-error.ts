/** A form sent after its page's session or token went stale (joining spec §8 "Forms"). */
export const reloadAndTryAgain = 'Something has gone wrong, please reload and try again.';

/** The platform spec's generic error line for a failed request's status. */
export function genericErrorLine(status: number | null | undefined): string {
  if (status === 419) return reloadAndTryAgain;
  if (status === 404) return 'Unable to complete request, item not found.';
  if (status === 403) return 'Unauthorised.';
  return 'Something has gone wrong, please try again.';
}
