import type { DirectDebitView, UpcomingCollections } from '@lido/contracts/direct-debit';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';

export type { DirectDebitView } from '@lido/contracts/direct-debit';

/** GET my-account/direct-debit: the instruction (masked), its collections and any problem notices. */
export const myDirectDebitQuery = queryOptions({
  queryKey: ['auth', 'direct-debit'],
  queryFn: () => apiGet<DirectDebitView>('my-account/direct-debit'),
});

/** GET my-account/direct-debit/upcoming-collections: the recent and next collections (issue 33). */
export const myUpcomingCollectionsQuery = queryOptions({
  queryKey: ['auth', 'direct-debit', 'upcoming-collections'],
  queryFn: () => apiGet<UpcomingCollections>('my-account/direct-debit/upcoming-collections'),
});
