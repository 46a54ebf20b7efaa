import type { Booking } from '@lido/contracts/account';
import { accountWords } from './words.ts';

/** "Studio 1, Castlefield Leisure Centre", or the centre alone for a booking without a location. */
export const bookingPlace = (booking: Pick<Booking, 'locationName' | 'venueName'>): string =>
  [booking.locationName, booking.venueName].filter(Boolean).join(', ');

/**
 * A booking's name in a list of them: what and when ("Yoga, Tue 24 Nov 2026, 18:00 to 18:45"). Five
 * cards headed "Yoga" told a screen reader's list of headings nothing (issue 34 item 4).
 */
export const bookingTitle = (
  booking: Pick<Booking, 'activityName' | 'when' | 'prettyStartsAt' | 'guestName'>,
): string =>
  accountWords('bookingTitle', {
    activity: booking.activityName,
    when: booking.when || booking.prettyStartsAt,
    withGuest: booking.guestName ? 'yes' : 'no',
    guest: booking.guestName,
  });

/** "1 place", "3 places". */
export const placesText = (quantity: number): string => accountWords('placeCount', { count: quantity });
