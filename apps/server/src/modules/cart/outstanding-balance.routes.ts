import { cartSchema } from '@lido/contracts/cart-answers';
import { outstandingBalanceSchema } from '@lido/contracts/outstanding-balance';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { apiRoutes, created, ok } from '../../http/api-schema.ts';
import { requireCustomer, type RouteServices } from '../../http/callers.ts';

/**
 * A member's failed Direct Debit collections (issue 22 item 4): what is owed, and "Pay now", which
 * puts it in the basket for the usual card checkout. Always the logged-in customer's own.
 */
export function outstandingBalanceRoutes(
  app: FastifyInstance,
  services: RouteServices<'cart'>,
  config: Config,
): void {
  const api = apiRoutes(app);
  const path = '/api/my-account/outstanding-balance';
  api.get(path, { schema: { response: ok(outstandingBalanceSchema) } }, async (request, reply) => {
    const { customer } = await requireCustomer(request, reply, services, config);
    return { data: await services.cart.outstandingBalance(customer) };
  });
  api.post(`${path}/pay`, { schema: { response: created(cartSchema) } }, async (request, reply) => {
    const { customer } = await requireCustomer(request, reply, services, config);
    return reply.status(201).send({ data: await services.cart.addOutstandingBalance(customer) });
  });
}
