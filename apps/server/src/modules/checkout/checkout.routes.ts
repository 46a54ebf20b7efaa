import { completeCheckoutBodySchema, orderParamsSchema } from '@lido/contracts/cart';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { parseInput } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';
import { requireCustomer } from '../auth/auth.routes.ts';

export function checkoutRoutes(app: FastifyInstance, services: AppServices, config: Config): void {
  // Completing the basket. Without a card transaction only a basket with nothing to pay completes.
  app.post('/api/checkout/complete', async (request, reply) => {
    const { customer } = await requireCustomer(request, reply, services, config);
    const body = parseInput(completeCheckoutBodySchema, request.body);
    return { data: await services.checkout.completeFree(customer, body.terms) };
  });
  app.get('/api/orders/:orderId', async (request, reply) => {
    const { customer } = await requireCustomer(request, reply, services, config);
    const { orderId } = parseInput(orderParamsSchema, request.params);
    return { data: await services.checkout.order(customer, orderId) };
  });
}
