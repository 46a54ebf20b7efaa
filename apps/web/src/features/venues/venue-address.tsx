import type { Venue } from '@lido/contracts/venue';

export function VenueAddress({ venue }: { venue: Venue }) {
  return (
    <address className="venue-address">
      {[venue.address1, venue.address2, venue.town, venue.postcode].filter(Boolean).join(', ')}
    </address>
  );
}
