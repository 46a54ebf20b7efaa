import {
  addToCartBodySchema,
  cartItemParamsSchema,
  cartQuerySchema,
  cartTermsQuerySchema,
  checkoutServiceBase,
  changeMembershipBodySchema,
  clearCartBodySchema,
  joiningMembershipBodySchema,
  removeFromCartBodySchema,
  removeFromCartQuerySchema,
  removeUsageQuerySchema,
  updateCartItemBodySchema,
} from '@lido/contracts/cart';
import { heldMembershipParamsSchema } from '@lido/contracts/membership';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { promotionBrowserKey } from '../../http/cookies.ts';
import { parseInput } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';
import { requireCustomer } from '../auth/auth.routes.ts';

/** The basket on the checkout service base, plus the two calls that read or fill it from elsewhere. */
export function cartRoutes(app: FastifyInstance, services: AppServices, config: Config): void {
  const { cart } = services;
  const base = checkoutServiceBase;
  /** Who applies a promotion by id: it must be one this customer or browser checked. */
  const promotionClient = (request: FastifyRequest) => ({
    clientAddress: request.ip,
    browserKey: promotionBrowserKey(request, config),
  });

  app.get(base, async (request, reply) => {
    const { customer } = await requireCustomer(request, reply, services, config);
    const { selectedUserId } = parseInput(cartQuerySchema, request.query);
    return { data: await cart.load(customer, selectedUserId) };
  });
  app.delete(base, async (request, reply) => {
    const { customer } = await requireCustomer(request, reply, services, config);
    const { selectedUserId } = parseInput(cartQuerySchema, request.query);
    return { data: await cart.discard(customer, selectedUserId) };
  });
  app.post(`${base}/add`, async (request, reply) => {
    const { customer } = await requireCustomer(request, reply, services, config);
    const body = parseInput(addToCartBodySchema, request.body);
    const lines = body.items.map((item) => ({
      typeId: item.id,
      optionId: item.pricingOptionId,
      options: item.options,
      purchasedForUserId: item.purchasedForUserId,
    }));
    return { data: await cart.addMemberships(customer, lines, body, promotionClient(request)) };
  });
  app.post(`${base}/remove`, async (request, reply) => {
    const { customer } = await requireCustomer(request, reply, services, config);
    const who = parseInput(removeFromCartQuerySchema, request.query);
    const { cartItemIds } = parseInput(removeFromCartBodySchema, request.body);
    return { data: await cart.removeItems(customer, cartItemIds, who) };
  });
  app.put(`${base}/:cartItemId`, async (request, reply) => {
    const { customer } = await requireCustomer(request, reply, services, config);
    const { cartItemId } = parseInput(cartItemParamsSchema, request.params);
    const { options, selectedUserId } = parseInput(updateCartItemBodySchema, request.body);
    return {
      data: await cart.updateItem(customer, cartItemId, options, promotionClient(request), selectedUserId),
    };
  });

  for (const kind of ['benefit', 'package'] as const)
    app.delete(`/api/activities/${kind}/remove/:cartItemId`, async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      const { cartItemId } = parseInput(cartItemParamsSchema, request.params);
      const { selectedUserId } = parseInput(removeUsageQuerySchema, request.query);
      return { data: await cart.removeUsage(customer, cartItemId, kind, selectedUserId) };
    });

  // The joining page's membership: stored into the basket, read back, or cleared.
  app.post('/api/memberships/online-joining/store', async (request, reply) => {
    const { customer } = await requireCustomer(request, reply, services, config);
    const body = parseInput(joiningMembershipBodySchema, request.body);
    return reply
      .status(201)
      .send({ data: await cart.storeJoiningMembership(customer, body, promotionClient(request)) });
  });
  app.get('/api/memberships/online-joining', async (request, reply) => {
    const { customer } = await requireCustomer(request, reply, services, config);
    return { data: await cart.joiningLine(customer) };
  });
  app.delete('/api/cart/clear', async (request, reply) => {
    const { customer } = await requireCustomer(request, reply, services, config);
    parseInput(clearCartBodySchema, request.body);
    return { data: await cart.clearJoining(customer) };
  });

  // Changing a held monthly membership puts what is due now in the basket.
  app.post('/api/memberships/:membershipId/change', async (request, reply) => {
    const { customer } = await requireCustomer(request, reply, services, config);
    const { membershipId } = parseInput(heldMembershipParamsSchema, request.params);
    const choice = parseInput(changeMembershipBodySchema, request.body);
    return reply.status(201).send({ data: await cart.addChange(customer, membershipId, choice) });
  });

  // Renewing a single payment membership puts its next term in the basket.
  app.post('/api/memberships/:membershipId/renew', async (request, reply) => {
    const { customer } = await requireCustomer(request, reply, services, config);
    const { membershipId } = parseInput(heldMembershipParamsSchema, request.params);
    return reply.status(201).send({ data: await cart.addRenewal(customer, membershipId) });
  });
  // The terms checkout asks for, read by the browser from data.data (joining spec, section 7).
  app.get('/api/terms', async (request, reply) => {
    const { customer } = await requireCustomer(request, reply, services, config);
    const { cartId } = parseInput(cartTermsQuerySchema, request.query);
    return { data: { data: await cart.terms(customer, cartId) } };
  });
}
