import { themeQuerySchema, themeSchema } from '@lido/contracts/theme';
import { apiRoutes, ok } from '../../http/api-schema.ts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/errors.ts';
import type { RouteServices } from '../../http/callers.ts';

export function themeRoutes(app: FastifyInstance, services: RouteServices<'theme'>): void {
  const api = apiRoutes(app);
  api.get(
    '/api/frontend/theme',
    { schema: { querystring: themeQuerySchema, response: ok(themeSchema) } },
    async (request) => {
      const { venue } = parseInput(themeQuerySchema, request.query);
      return { data: await services.theme.theme(venue) };
    },
  );
}
