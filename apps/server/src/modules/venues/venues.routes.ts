import { footerQuerySchema, footerSchema, venueParamsSchema, venueSchema } from '@lido/contracts/venue';
import { z } from 'zod';
import { apiRoutes, ok } from '../../http/api-schema.ts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/errors.ts';
import type { RouteServices } from '../../http/callers.ts';

export function venuesRoutes(app: FastifyInstance, services: RouteServices<'venues'>): void {
  const api = apiRoutes(app);
  // The online-joining source and every other source read the same centres through their own paths.
  for (const base of ['/api/venues/online-joining', '/api/activities/venues']) {
    api.get(base, { schema: { response: ok(z.array(venueSchema)) } }, async () => ({
      data: await services.venues.list(),
    }));
    api.get(
      `${base}/:slug`,
      { schema: { params: venueParamsSchema, response: ok(venueSchema) } },
      async (request) => {
        const { slug } = parseInput(venueParamsSchema, request.params);
        return { data: await services.venues.bySlug(slug) };
      },
    );
  }
  api.get(
    '/api/activities/footer',
    { schema: { querystring: footerQuerySchema, response: ok(footerSchema) } },
    async (request) => {
      const { venue } = parseInput(footerQuerySchema, request.query);
      return { data: await services.venues.footer(venue) };
    },
  );
}
