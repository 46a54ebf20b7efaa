import type { Venue } from '@lido/contracts/venue';
import { centreFinderWords } from './words.ts';

/** A mile in metres (joining spec, section 9). */
export const metresPerMile = 1609.344;
const earthRadiusMetres = 6_371_008.8;

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in miles (haversine). */
export function distanceInMiles(from: Coordinates, to: Coordinates): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(to.latitude - from.latitude);
  const dLng = rad(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(from.latitude)) * Math.cos(rad(to.latitude)) * Math.sin(dLng / 2) ** 2;
  return (2 * earthRadiusMetres * Math.asin(Math.min(1, Math.sqrt(a)))) / metresPerMile;
}

export interface VenueWithDistance extends Venue {
  distance: number;
}

/** The centres within the radius of a point, nearest first. */
export function venuesWithin(venues: Venue[], point: Coordinates, radiusMiles: number): VenueWithDistance[] {
  return venues
    .map((venue) => ({
      ...venue,
      distance: distanceInMiles(point, { latitude: venue.lat, longitude: venue.lng }),
    }))
    .filter((venue) => venue.distance <= radiusMiles)
    .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name));
}

/**
 * When a search finds no centre within the radius (issue 34 item 7, decision 0084): the smallest
 * wider radius the slider offers that finds one (null when even its largest finds none), and the
 * nearest centres with their distances, so the customer always has somewhere to go.
 */
export function noneWithin(
  venues: Venue[],
  point: Coordinates,
  radius: number,
  largestRadius: number,
  nearestCount = 3,
): { widerRadius: number | null; nearest: VenueWithDistance[] } {
  const byDistance = venuesWithin(venues, point, Number.POSITIVE_INFINITY);
  const nearestMiles = byDistance[0]?.distance;
  const widerRadius =
    nearestMiles !== undefined && nearestMiles <= largestRadius
      ? Math.max(Math.ceil(nearestMiles), Math.floor(radius) + 1)
      : null;
  return { widerRadius, nearest: byDistance.slice(0, nearestCount) };
}

/** "0.4 miles", "1 mile", "12.3 miles". */
export function formatMiles(miles: number): string {
  const rounded = Math.round(miles * 10) / 10;
  return centreFinderWords('miles', { miles: rounded });
}
