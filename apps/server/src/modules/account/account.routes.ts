import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { z } from 'zod';
import { HttpError, parseInput } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';
import { itemNotFoundMessage } from '../operator/current-operator.ts';
import { requireCustomer } from '../auth/auth.routes.ts';

const orderParamsSchema = z.object({
  orderId: z.coerce.number({ error: 'The order must be a number.' }).int().positive(),
});

export function accountRoutes(app: FastifyInstance, services: AppServices, config: Config): void {
  app.get('/api/my-account/memberships', async (request, reply) => {
    const { customer } = await requireCustomer(request, reply, services, config);
    return { data: await services.account.memberships(customer) };
  });
  app.get('/api/my-account/packages', async (request, reply) => {
    const { customer } = await requireCustomer(request, reply, services, config);
    return { data: await services.account.packages(customer) };
  });
  app.get('/api/my-account/bookings', async (request, reply) => {
    const { customer } = await requireCustomer(request, reply, services, config);
    return { data: await services.account.bookings(customer) };
  });
  app.get('/api/my-account/guest-passes', async (request, reply) => {
    const { customer } = await requireCustomer(request, reply, services, config);
    return { data: await services.account.guestPasses(customer) };
  });
  app.get('/api/my-account/payments', async (request, reply) => {
    const { customer } = await requireCustomer(request, reply, services, config);
    return { data: await services.account.payments(customer) };
  });
  app.get('/api/my-account/payments/:orderId', async (request, reply) => {
    const { customer } = await requireCustomer(request, reply, services, config);
    const { orderId } = parseInput(orderParamsSchema, request.params);
    const [receipt] = await services.account.payments(customer, orderId);
    // Another customer's order looks exactly like one that does not exist (quality.md S17).
    if (!receipt) throw new HttpError(404, itemNotFoundMessage);
    return { data: receipt };
  });
}
