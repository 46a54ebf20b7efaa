import { z } from 'zod';

/**
 * GET /api/geocoding/{query}.json: a GeoJSON FeatureCollection shaped like the maps service the
 * spec calls (no `data` envelope, snake_case as that service answers), restricted to Great Britain.
 */
const position = z.tuple([z.number(), z.number()]);

export const placeFeatureSchema = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  place_name: z.string(),
  text: z.string(),
  /** [longitude, latitude] */
  center: position,
  geometry: z.object({ type: z.literal('Point'), coordinates: position }),
  properties: z.object({ kind: z.enum(['place', 'postcode']), region: z.string() }),
});
export type PlaceFeature = z.infer<typeof placeFeatureSchema>;

export const placeSearchResultSchema = z.object({
  type: z.literal('FeatureCollection'),
  query: z.array(z.string()),
  features: z.array(placeFeatureSchema),
});
export type PlaceSearchResult = z.infer<typeof placeSearchResultSchema>;
