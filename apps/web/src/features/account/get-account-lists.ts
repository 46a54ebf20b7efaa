import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';

export interface HeldPackage {
  id: number;
  name: string;
  venueName: string;
  totalUses: number;
  remainingUses: number;
  prettyExpiresOn: string;
  expired: boolean;
}

export interface Booking {
  id: number;
  activityName: string;
  venueName: string;
  prettyStartsAt: string;
  status: 'booked' | 'cancelled' | 'attended' | 'missed';
  price: { formatted: string; raw: { amount: number } };
}

export interface GuestPass {
  id: number;
  venueName: string;
  prettyValidTo: string;
  status: 'available' | 'used' | 'expired';
}

export const myPackagesQuery = queryOptions({
  queryKey: ['auth', 'packages'],
  queryFn: () => apiGet<HeldPackage[]>('my-account/packages'),
});

export const myBookingsQuery = queryOptions({
  queryKey: ['auth', 'bookings'],
  queryFn: () => apiGet<{ upcoming: Booking[]; past: Booking[] }>('my-account/bookings'),
});

export const myGuestPassesQuery = queryOptions({
  queryKey: ['auth', 'guest-passes'],
  queryFn: () => apiGet<GuestPass[]>('my-account/guest-passes'),
});
