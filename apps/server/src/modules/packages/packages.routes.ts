import { timetableParamsSchema } from '@lido/contracts/activities';
import { packageForSaleSchema } from '@lido/contracts/packages';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { apiRoutes, ok } from '../../http/api-schema.ts';
import { parseInput } from '../../http/errors.ts';
import type { RouteServices } from '../../http/callers.ts';

/** The bookings site's packages for sale at a centre (issue 18 item 2): public, like its timetable. */
export function packagesRoutes(app: FastifyInstance, services: RouteServices<'packages'>): void {
  const api = apiRoutes(app);
  api.get(
    '/api/activities/venues/:slug/packages',
    { schema: { params: timetableParamsSchema, response: ok(z.array(packageForSaleSchema)) } },
    async (request) => {
      const { slug } = parseInput(timetableParamsSchema, request.params);
      return { data: await services.packages.onSaleAt(slug) };
    },
  );
}
