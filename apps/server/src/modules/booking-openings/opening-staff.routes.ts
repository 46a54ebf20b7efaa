import {
  announceOpeningBodySchema,
  openingKeyParamsSchema,
  staffOpeningSchema,
  staffOpeningsSchema,
} from '@lido/contracts/booking-openings';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { apiRoutes, ok } from '../../http/api-schema.ts';
import { staffGuard, type RouteServices } from '../../http/callers.ts';
import { parseInput } from '../../http/errors.ts';

/** The manager's booking openings on the staff site (issue 39 item 1, decision 0098). */
export function openingStaffRoutes(
  app: FastifyInstance,
  services: RouteServices<'openingStaff'>,
  config: Config,
): void {
  const api = apiRoutes(app);
  const guard = staffGuard(services, config);

  api.get(
    '/api/staff/booking-openings',
    { schema: { response: ok(staffOpeningsSchema) } },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply);
      reply.header('cache-control', 'no-store');
      return { data: await services.openingStaff.list(staff) };
    },
  );

  api.post(
    '/api/staff/booking-openings',
    { schema: { body: announceOpeningBodySchema, response: ok(staffOpeningSchema) } },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply);
      const body = parseInput(announceOpeningBodySchema, request.body);
      return { data: await services.openingStaff.announce(staff, body.opening) };
    },
  );

  api.delete(
    '/api/staff/booking-openings/:key',
    { schema: { params: openingKeyParamsSchema, response: ok(staffOpeningsSchema) } },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply);
      const { key } = parseInput(openingKeyParamsSchema, request.params);
      await services.openingStaff.withdraw(staff, key);
      return { data: await services.openingStaff.list(staff) };
    },
  );
}
