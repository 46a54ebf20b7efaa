import type { Booking } from '@lido/contracts/account';

/** "Studio 1, Castlefield Leisure Centre", or the centre alone for a booking without a location. */
export const bookingPlace = (booking: Pick<Booking, 'locationName' | 'venueName'>): string =>
  [booking.locationName, booking.venueName].filter(Boolean).join(', ');

/** "1 place", "3 places". */
export const placesText = (quantity: number): string => `${quantity} ${quantity === 1 ? 'place' : 'places'}`;
