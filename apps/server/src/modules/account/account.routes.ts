import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { AppServices } from '../../services.ts';
import { requireCustomer } from '../auth/auth.routes.ts';

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
}
