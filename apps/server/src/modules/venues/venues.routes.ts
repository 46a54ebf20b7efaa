import { footerQuerySchema, venueParamsSchema } from '@lido/contracts/venue';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';

export function venuesRoutes(app: FastifyInstance, services: AppServices): void {
  // The online-joining source and every other source read the same centres through their own paths.
  for (const base of ['/api/venues/online-joining', '/api/activities/venues']) {
    app.get(base, async () => ({ data: await services.venues.list() }));
    app.get(`${base}/:slug`, async (request) => {
      const { slug } = parseInput(venueParamsSchema, request.params);
      return { data: await services.venues.bySlug(slug) };
    });
  }
  app.get('/api/activities/footer', async (request) => {
    const { venue } = parseInput(footerQuerySchema, request.query);
    return { data: await services.venues.footer(venue) };
  });
}
