import type { GuestPasses } from '@lido/contracts/guest-passes';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';

/** GET /api/my-account/guest-passes (decision 0050). */
export const myGuestPassesQuery = queryOptions({
  queryKey: ['auth', 'guest-passes'],
  queryFn: () => apiGet<GuestPasses>('my-account/guest-passes'),
});
