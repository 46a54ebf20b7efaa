import { bookingSchema, bookingsSchema } from '@lido/contracts/account';
import { bookingParamsSchema } from '@lido/contracts/activities';
import { orderParamsSchema } from '@lido/contracts/cart';
import { errorResponseSchema } from '@lido/contracts/common';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { apiRoutes, ok } from '../../http/api-schema.ts';
import { HttpError, parseInput } from '../../http/errors.ts';
import { requireCustomer, requireCustomerInPerson, type RouteServices } from '../../http/callers.ts';
import { itemNotFoundMessage } from '../operator/index.ts';

/** My account → Bookings and an order's calendar file (issue 17 items 4 and 5). */
export function bookingsRoutes(
  app: FastifyInstance,
  services: RouteServices<'bookings'>,
  config: Config,
): void {
  const api = apiRoutes(app);
  api.get(
    '/api/my-account/bookings',
    { schema: { response: ok(bookingsSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      return { data: await services.bookings.list(customer) };
    },
  );

  api.get(
    '/api/my-account/bookings/:bookingId',
    { schema: { params: bookingParamsSchema, response: ok(bookingSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      const { bookingId } = parseInput(bookingParamsSchema, request.params);
      return { data: await services.bookings.one(customer, bookingId) };
    },
  );

  api.post(
    '/api/my-account/bookings/:bookingId/cancel',
    { schema: { params: bookingParamsSchema, response: ok(bookingSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomerInPerson(request, reply, services, config);
      const { bookingId } = parseInput(bookingParamsSchema, request.params);
      return { data: await services.bookings.cancel(customer, bookingId) };
    },
  );

  api.get(
    '/api/orders/:orderId/calendar.ics',
    {
      schema: {
        params: orderParamsSchema,
        produces: ['text/calendar'],
        response: {
          200: z.string().describe("The order's bookings as an iCalendar file (RFC 5545)"),
          '4xx': errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      const { orderId } = parseInput(orderParamsSchema, request.params);
      const file = await services.bookings.orderCalendar(customer, orderId);
      // Another customer's order, or one without bookings, is simply not found (quality.md S17).
      if (file === undefined) throw new HttpError(404, itemNotFoundMessage);
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="booking-${orderId}.ics"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );
}
