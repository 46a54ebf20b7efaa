import type { Executor } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import type { OperatorRow, VenueRow } from './operator.repository.ts';
import type { OperatorReads } from '../catalogue/index.ts';

export const itemNotFoundMessage = 'Unable to complete request, item not found.';

export async function requireOperator(
  repository: Pick<OperatorReads, 'current'>,
  executor?: Executor,
): Promise<OperatorRow> {
  const operator = await repository.current(executor);
  // An empty database is seeded at start-up, so this only happens when someone removed the operator.
  if (!operator) throw new HttpError(503, 'This site has not been set up yet.');
  return operator;
}

export async function requireVenue(
  repository: Pick<OperatorReads, 'venueBySlug'>,
  operatorId: number,
  slug: string,
): Promise<VenueRow> {
  const venue = await repository.venueBySlug(operatorId, slug);
  if (!venue) throw new HttpError(404, itemNotFoundMessage);
  return venue;
}
