import {
  customerStrikesParamsSchema,
  customerStrikesSchema,
  markBodySchema,
  markedSchema,
  markParamsSchema,
  myBookingBlockSchema,
  registerListQuerySchema,
  registerListSchema,
  registerParamsSchema,
  registerSchema,
  removeStrikeBodySchema,
  strikeParamsSchema,
} from '@lido/contracts/registers';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { apiRoutes, ok } from '../../http/api-schema.ts';
import { parseInput } from '../../http/errors.ts';
import { requireCustomer, staffGuard, type RouteServices } from '../../http/callers.ts';

/** The staff site's registers and strikes (issue 35 items 4 and 6, decision 0096). */
export function registersRoutes(
  app: FastifyInstance,
  services: RouteServices<'registers'>,
  config: Config,
): void {
  const api = apiRoutes(app);
  const guard = staffGuard(services, config);

  // The customer's own: My account says why online booking is stopped and until when, as the
  // session pages do, rather than only that it is.
  api.get(
    '/api/my-account/booking-block',
    { schema: { response: ok(myBookingBlockSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      return { data: { blocked: await services.registers.bookingBlockOf(customer.id) } };
    },
  );

  api.get(
    '/api/staff/registers',
    { schema: { querystring: registerListQuerySchema, response: ok(registerListSchema) } },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply);
      const query = parseInput(registerListQuerySchema, request.query);
      return { data: await services.registers.list(staff, query) };
    },
  );

  api.get(
    '/api/staff/registers/:sessionId',
    { schema: { params: registerParamsSchema, response: ok(registerSchema) } },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply);
      const { sessionId } = parseInput(registerParamsSchema, request.params);
      return { data: await services.registers.register(staff, sessionId) };
    },
  );

  api.post(
    '/api/staff/registers/:sessionId/bookings/:bookingId',
    { schema: { params: markParamsSchema, body: markBodySchema, response: ok(markedSchema) } },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply);
      const { sessionId, bookingId } = parseInput(markParamsSchema, request.params);
      const { status } = parseInput(markBodySchema, request.body);
      return { data: await services.registers.mark(staff, sessionId, bookingId, status) };
    },
  );

  api.get(
    '/api/staff/customers/:customerId/strikes',
    { schema: { params: customerStrikesParamsSchema, response: ok(customerStrikesSchema) } },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply);
      const { customerId } = parseInput(customerStrikesParamsSchema, request.params);
      return { data: await services.registers.customerStrikes(staff, customerId) };
    },
  );

  api.post(
    '/api/staff/strikes/:strikeId/remove',
    {
      schema: {
        params: strikeParamsSchema,
        body: removeStrikeBodySchema,
        response: ok(z.object({ removed: z.literal(true) })),
      },
    },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply);
      const { strikeId } = parseInput(strikeParamsSchema, request.params);
      const { reason } = parseInput(removeStrikeBodySchema, request.body);
      await services.registers.removeStrike(staff, strikeId, reason);
      return { data: { removed: true as const } };
    },
  );
}
