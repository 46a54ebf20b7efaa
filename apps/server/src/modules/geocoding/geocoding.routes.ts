import { errorResponseSchema } from '@lido/contracts/common';
import { placeSearchResultSchema } from '@lido/contracts/geocoding';
import { wholeNumber } from '@lido/contracts/limits';
import { apiRoutes } from '../../http/api-schema.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../http/errors.ts';
import type { GeocodingProvider } from '../../providers/geocoding/geocoding-provider.ts';

const paramsSchema = z.object({
  query: z
    .string()
    .trim()
    .min(1, { error: 'Enter a place to search for.' })
    .max(100, { error: 'The place must be at most 100 characters.' })
    .transform((value) => value.replace(/\.json$/, '')),
});
const querySchema = z.object({
  country: z
    .literal('gb', { error: 'Only places in Great Britain (country=gb) can be searched.' })
    .optional(),
  limit: wholeNumber('The number of places', 1, 10).default(5),
});

/**
 * GET /api/geocoding/{query}.json?country=gb: the offline gazetteer, answering in the maps
 * service's shape so the browser can use either.
 */
export function geocodingRoutes(app: FastifyInstance, geocoder: GeocodingProvider): void {
  const api = apiRoutes(app);
  api.get(
    '/api/geocoding/:query',
    {
      schema: {
        params: paramsSchema,
        querystring: querySchema,
        response: { 200: placeSearchResultSchema, '4xx': errorResponseSchema },
      },
    },
    async (request) => {
      const { query } = parseInput(paramsSchema, request.params);
      const { limit } = parseInput(querySchema, request.query);
      return geocoder.search(query, limit);
    },
  );
}
