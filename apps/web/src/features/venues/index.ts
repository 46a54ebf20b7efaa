// The venues' public surface: their queries and how an address is shown.
export { venueQuery, venuesQuery } from './get-venues.ts';
export { VenueAddress } from './venue-address.tsx';
