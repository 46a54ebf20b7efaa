import type { Bookings, GuestPass, HeldPackage } from '@lido/contracts/account';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';

export type { Booking, GuestPass, HeldPackage } from '@lido/contracts/account';

export const myPackagesQuery = queryOptions({
  queryKey: ['auth', 'packages'],
  queryFn: () => apiGet<HeldPackage[]>('my-account/packages'),
});

export const myBookingsQuery = queryOptions({
  queryKey: ['auth', 'bookings'],
  queryFn: () => apiGet<Bookings>('my-account/bookings'),
});

export const myGuestPassesQuery = queryOptions({
  queryKey: ['auth', 'guest-passes'],
  queryFn: () => apiGet<GuestPass[]>('my-account/guest-passes'),
});
