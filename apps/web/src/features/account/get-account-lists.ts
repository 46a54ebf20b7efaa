import type { Bookings, HeldPackage } from '@lido/contracts/account';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';

export type { Booking, HeldPackage } from '@lido/contracts/account';

export const myPackagesQuery = queryOptions({
  queryKey: ['auth', 'packages'],
  queryFn: () => apiGet<HeldPackage[]>('my-account/packages'),
});

export const myBookingsQuery = queryOptions({
  queryKey: ['auth', 'bookings'],
  queryFn: () => apiGet<Bookings>('my-account/bookings'),
});
