/**
 * Place search shaped like the maps service the spec calls: a GeoJSON FeatureCollection whose
 * features carry `geometry.coordinates` as [longitude, latitude], restricted to Great Britain.
 */
export interface PlaceFeature {
  type: 'Feature';
  id: string;
  place_name: string;
  text: string;
  center: [number, number];
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: { kind: 'place' | 'postcode'; region: string };
}

export interface PlaceSearchResult {
  type: 'FeatureCollection';
  query: string[];
  features: PlaceFeature[];
}

export interface GeocodingProvider {
  search(term: string, limit: number): Promise<PlaceSearchResult>;
}
