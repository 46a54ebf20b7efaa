import type { ClientSettings } from '@lido/contracts/client-settings';
import type { Coordinates } from './geo.ts';

interface FeatureCollection {
  features?: { geometry?: { coordinates?: unknown } }[];
}

/**
 * The place a search term names, from the maps service: the offline gazetteer by default, Mapbox
 * when the operator configured a key. Restricted to Great Britain. Null when nothing was found.
 */
export async function geocodePlace(
  term: string,
  settings: Pick<ClientSettings, 'mapApiKey'>,
  signal?: AbortSignal,
): Promise<Coordinates | null> {
  const encoded = encodeURIComponent(term.trim());
  const url = settings.mapApiKey
    ? `https://api.mapbox.com/geocoding/v5/mapbox.places/${encoded}.json?country=gb&limit=1&access_token=${encodeURIComponent(settings.mapApiKey)}`
    : `/api/geocoding/${encoded}.json?country=gb&limit=1`;
  const response = await fetch(url, signal ? { signal } : {});
  if (!response.ok) return null;
  const body = (await response.json()) as FeatureCollection;
  const coordinates = body.features?.[0]?.geometry?.coordinates;
  if (!Array.isArray(coordinates) || typeof coordinates[0] !== 'number' || typeof coordinates[1] !== 'number')
    return null;
  return { longitude: coordinates[0], latitude: coordinates[1] };
}
