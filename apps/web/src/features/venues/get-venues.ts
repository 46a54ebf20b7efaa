import type { Venue } from '@lido/contracts/venue';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/api-client.ts';

export type VenueSource = 'online-joining' | 'activities';

const basePath = (source: VenueSource) =>
  source === 'online-joining' ? 'venues/online-joining' : 'activities/venues';

/** Venues whose coordinates cannot be placed on a map are ignored (platform spec section 5). */
export function hasUsableCoordinates(venue: Pick<Venue, 'lat' | 'lng'>): boolean {
  return (
    typeof venue.lat === 'number' &&
    typeof venue.lng === 'number' &&
    Number.isFinite(venue.lat) &&
    Number.isFinite(venue.lng) &&
    venue.lat >= -90 &&
    venue.lat <= 90
  );
}

export const venuesQuery = (source: VenueSource) =>
  queryOptions({
    queryKey: ['venues', source],
    queryFn: async () => (await apiGet<Venue[]>(basePath(source))).filter(hasUsableCoordinates),
    staleTime: 5 * 60_000,
  });

export const venueQuery = (source: VenueSource, slug: string) =>
  queryOptions({
    queryKey: ['venues', source, slug],
    queryFn: () => apiGet<Venue>(`${basePath(source)}/${encodeURIComponent(slug)}`),
    staleTime: 5 * 60_000,
    retry: false,
  });
