import {
  bookingOpeningParamsSchema,
  bookingOpeningsSchema,
  openingReminderSchema,
  queuePlaceSchema,
} from '@lido/contracts/booking-openings';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { apiRoutes, ok } from '../../http/api-schema.ts';
import { requireCustomerInPerson, type RouteServices } from '../../http/callers.ts';
import { parseInput } from '../../http/errors.ts';
import { openingStaffRoutes } from './opening-staff.routes.ts';

/**
 * Announced openings and the waiting room's queue (issue 39, decision 0094). Queuing is the
 * customer's own: the desk serves the person in front of it and never queues for them.
 */
export function bookingOpeningsRoutes(
  app: FastifyInstance,
  services: RouteServices<'bookingOpenings' | 'openingStaff'>,
  config: Config,
): void {
  openingStaffRoutes(app, services, config);
  const api = apiRoutes(app);
  const { bookingOpenings } = services;

  api.get('/api/booking-openings', { schema: { response: ok(bookingOpeningsSchema) } }, async () => ({
    data: await bookingOpenings.current(),
  }));

  api.post(
    '/api/booking-openings/:openingId/queue',
    { schema: { params: bookingOpeningParamsSchema, response: ok(queuePlaceSchema) } },
    async (request, reply) => {
      const arrivedAt = bookingOpenings.now();
      const { customer } = await requireCustomerInPerson(request, reply, services, config);
      const { openingId } = parseInput(bookingOpeningParamsSchema, request.params);
      return { data: await bookingOpenings.join(customer.id, openingId, arrivedAt) };
    },
  );

  api.get(
    '/api/booking-openings/:openingId/queue',
    { schema: { params: bookingOpeningParamsSchema, response: ok(queuePlaceSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomerInPerson(request, reply, services, config);
      const { openingId } = parseInput(bookingOpeningParamsSchema, request.params);
      reply.header('cache-control', 'no-store');
      return { data: await bookingOpenings.place(customer.id, openingId) };
    },
  );

  api.get(
    '/api/booking-openings/:openingId/reminder',
    { schema: { params: bookingOpeningParamsSchema, response: ok(openingReminderSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomerInPerson(request, reply, services, config);
      const { openingId } = parseInput(bookingOpeningParamsSchema, request.params);
      reply.header('cache-control', 'no-store');
      return { data: await bookingOpenings.reminding(customer.id, openingId) };
    },
  );

  api.post(
    '/api/booking-openings/:openingId/reminder',
    {
      schema: {
        params: bookingOpeningParamsSchema,
        body: openingReminderSchema,
        response: ok(openingReminderSchema),
      },
    },
    async (request, reply) => {
      const { customer } = await requireCustomerInPerson(request, reply, services, config);
      const { openingId } = parseInput(bookingOpeningParamsSchema, request.params);
      const { reminding } = parseInput(openingReminderSchema, request.body);
      return { data: await bookingOpenings.remind(customer.id, openingId, reminding) };
    },
  );
}
