import { sessionParamsSchema, timetableParamsSchema, timetableQuerySchema } from '@lido/contracts/activities';
import { sessionDetailsSchema, timetableSchema } from '@lido/contracts/activity-answers';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { apiRoutes, ok } from '../../http/api-schema.ts';
import { parseInput } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';
import { presentedToken } from '../auth/auth.routes.ts';

/**
 * The bookings site's timetable and session page (issue 17 item 2). Both answer a visitor and a
 * logged-in customer: an absent or expired session is a visitor, never a 401, so the timetable
 * stays readable while a customer's login lapses.
 */
export function activitiesRoutes(app: FastifyInstance, services: AppServices, config: Config): void {
  const api = apiRoutes(app);
  const customerOf = async (request: FastifyRequest) =>
    (await services.auth.authenticate(presentedToken(request, config)))?.customer ?? null;

  api.get(
    '/api/activities/venues/:slug/timetable',
    {
      schema: {
        params: timetableParamsSchema,
        querystring: timetableQuerySchema,
        response: ok(timetableSchema),
      },
    },
    async (request) => {
      const { slug } = parseInput(timetableParamsSchema, request.params);
      const query = parseInput(timetableQuerySchema, request.query);
      return { data: await services.activities.timetable(slug, query, await customerOf(request)) };
    },
  );

  api.get(
    '/api/activities/sessions/:sessionId',
    { schema: { params: sessionParamsSchema, response: ok(sessionDetailsSchema) } },
    async (request) => {
      const { sessionId } = parseInput(sessionParamsSchema, request.params);
      return { data: await services.activities.session(sessionId, await customerOf(request)) };
    },
  );
}
