import { heldMembershipSchema, heldPackageSchema, paymentSchema } from '@lido/contracts/account';
import { orderParamsSchema } from '@lido/contracts/cart';
import { apiRoutes, ok } from '../../http/api-schema.ts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { z } from 'zod';
import { HttpError, parseInput } from '../../http/errors.ts';
import { itemNotFoundMessage } from '../operator/index.ts';
import { requireCustomer, type RouteServices } from '../../http/callers.ts';

export function accountRoutes(
  app: FastifyInstance,
  services: RouteServices<'account'>,
  config: Config,
): void {
  const api = apiRoutes(app);
  api.get(
    '/api/my-account/memberships',
    { schema: { response: ok(z.array(heldMembershipSchema)) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      return { data: await services.account.memberships(customer) };
    },
  );
  api.get(
    '/api/my-account/packages',
    { schema: { response: ok(z.array(heldPackageSchema)) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      return { data: await services.account.packages(customer) };
    },
  );
  // GET /api/my-account/bookings is in modules/bookings (bookings.routes.ts).
  // GET /api/my-account/guest-passes is in modules/guest-passes (guest-passes.routes.ts).
  api.get(
    '/api/my-account/payments',
    { schema: { response: ok(z.array(paymentSchema)) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      return { data: await services.account.payments(customer) };
    },
  );
  api.get(
    '/api/my-account/payments/:orderId',
    { schema: { params: orderParamsSchema, response: ok(paymentSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      const { orderId } = parseInput(orderParamsSchema, request.params);
      const [receipt] = await services.account.payments(customer, orderId);
      // Another customer's order looks exactly like one that does not exist (quality.md S17).
      if (!receipt) throw new HttpError(404, itemNotFoundMessage);
      return { data: receipt };
    },
  );
}
