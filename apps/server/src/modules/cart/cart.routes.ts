import { cartItemSchema, cartSchema, cartTermsAnswerSchema } from '@lido/contracts/cart-answers';
import { apiRoutes, created, ok } from '../../http/api-schema.ts';
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
  updateBookingItemBodySchema,
  updateCartItemBodySchema,
} from '@lido/contracts/cart';
import { heldMembershipParamsSchema } from '@lido/contracts/membership';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { promotionBrowserKey } from '../../http/cookies.ts';
import { HttpError, parseInput, ValidationError } from '../../http/errors.ts';
import { requireCustomer, type RouteServices } from '../../http/callers.ts';

const bookingOptionsOnly = 'A booking can only change its number of places (quantity).';
const membershipHasNoQuantity = 'A membership has no number of places to change.';

/** The basket on the checkout service base, plus the two calls that read or fill it from elsewhere. */
export function cartRoutes(
  app: FastifyInstance,
  services: RouteServices<'cart' | 'family' | 'registers'>,
  config: Config,
): void {
  const { cart } = services;
  const api = apiRoutes(app);
  const base = checkoutServiceBase;
  /** Who applies a promotion by id: it must be one this customer or browser checked. */
  const promotionClient = (request: FastifyRequest) => ({
    clientAddress: request.ip,
    browserKey: promotionBrowserKey(request, config),
  });

  api.get(
    base,
    { schema: { querystring: cartQuerySchema, response: ok(cartSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      const { selectedUserId } = parseInput(cartQuerySchema, request.query);
      return { data: await cart.load(customer, selectedUserId) };
    },
  );
  api.delete(
    base,
    { schema: { querystring: cartQuerySchema, response: ok(cartSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      const { selectedUserId } = parseInput(cartQuerySchema, request.query);
      return { data: await cart.discard(customer, selectedUserId) };
    },
  );
  api.post(
    `${base}/add`,
    { schema: { body: addToCartBodySchema, response: ok(cartSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      const body = parseInput(addToCartBodySchema, request.body);
      const memberships = body.items.flatMap((item) => (item.type === 'membership' ? [item] : []));
      const bookings = body.items.flatMap((item) => (item.type === 'booking' ? [item] : []));
      const packages = body.items.flatMap((item) => (item.type === 'package' ? [item] : []));
      if (memberships.length > 0 && bookings.length > 0)
        throw new HttpError(422, 'Add memberships and bookings to the basket in separate calls.');
      if (packages.length > 0 && packages.length < body.items.length)
        throw new HttpError(422, 'Add packages to the basket in a call of their own.');
      if (packages.length > 0) {
        await services.family.checkFamily(customer, body.membershipUserId);
        const items = packages.map((item) => ({
          packageId: item.id,
          venueId: item.options.venueId,
          purchasedForUserId: item.purchasedForUserId,
        }));
        return { data: await cart.addPackages(customer, items, body.selectedUserId) };
      }
      if (bookings.length > 0) {
        const items = bookings.map((item) => ({
          sessionId: item.id,
          priceId: item.pricingOptionId,
          purchasedForUserId: item.purchasedForUserId,
          quantity: item.options.quantity ?? 1,
          note: item.options.note,
        }));
        await services.family.checkFamily(customer, body.membershipUserId);
        // Strikes stop online booking for a while; the desk may still book (decision 0096).
        const blocked =
          request.site === 'front-of-house' ? null : await services.registers.bookingBlockOf(customer.id);
        if (blocked) throw new ValidationError({ customer: [blocked] });
        return {
          data: await cart.addBookings(customer, items, body.selectedUserId, {
            atDesk: request.site === 'front-of-house',
          }),
        };
      }
      const lines = memberships.map((item) => ({
        typeId: item.id,
        optionId: item.pricingOptionId,
        options: item.options,
        purchasedForUserId: item.purchasedForUserId,
      }));
      return { data: await cart.addMemberships(customer, lines, body, promotionClient(request)) };
    },
  );
  api.post(
    `${base}/remove`,
    {
      schema: {
        querystring: removeFromCartQuerySchema,
        body: removeFromCartBodySchema,
        response: ok(cartSchema),
      },
    },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      const who = parseInput(removeFromCartQuerySchema, request.query);
      const { cartItemIds } = parseInput(removeFromCartBodySchema, request.body);
      return { data: await cart.removeItems(customer, cartItemIds, who) };
    },
  );
  // Ours (decision 0090): more time for the places the basket holds, asked for when warned.
  api.post(
    `${base}/keep-places`,
    { schema: { querystring: cartQuerySchema, response: ok(cartSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      const { selectedUserId } = parseInput(cartQuerySchema, request.query);
      return { data: await cart.keepPlaces(customer, selectedUserId) };
    },
  );
  api.put(
    `${base}/:cartItemId`,
    { schema: { params: cartItemParamsSchema, body: updateCartItemBodySchema, response: ok(cartSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      const { cartItemId } = parseInput(cartItemParamsSchema, request.params);
      // A booking line's one option is its number of places; a membership line has none.
      if (await cart.isBookingLine(customer, cartItemId)) {
        // Membership options sent for a booking are named as such, before the number is read.
        const sent = (request.body as { options?: unknown } | undefined)?.options;
        if (typeof sent === 'object' && sent !== null && Object.keys(sent).some((key) => key !== 'quantity'))
          throw new ValidationError({ options: [bookingOptionsOnly] });
        const { options, selectedUserId } = parseInput(updateBookingItemBodySchema, request.body);
        return { data: await cart.updateQuantity(customer, cartItemId, options.quantity, selectedUserId) };
      }
      const { options, selectedUserId } = parseInput(updateCartItemBodySchema, request.body);
      if ('quantity' in options) throw new ValidationError({ options: [membershipHasNoQuantity] });
      const membershipOptions = options as Exclude<typeof options, { quantity?: number }>;
      return {
        data: await cart.updateItem(
          customer,
          cartItemId,
          membershipOptions,
          promotionClient(request),
          selectedUserId,
        ),
      };
    },
  );

  for (const kind of ['benefit', 'package'] as const)
    api.delete(
      `/api/activities/${kind}/remove/:cartItemId`,
      {
        schema: {
          params: cartItemParamsSchema,
          querystring: removeUsageQuerySchema,
          response: ok(cartSchema),
        },
      },
      async (request, reply) => {
        const { customer } = await requireCustomer(request, reply, services, config);
        const { cartItemId } = parseInput(cartItemParamsSchema, request.params);
        const { selectedUserId } = parseInput(removeUsageQuerySchema, request.query);
        return { data: await cart.removeUsage(customer, cartItemId, kind, selectedUserId) };
      },
    );

  // The joining page's membership: stored into the basket, read back, or cleared.
  api.post(
    '/api/memberships/online-joining/store',
    { schema: { body: joiningMembershipBodySchema, response: created(cartSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      const body = parseInput(joiningMembershipBodySchema, request.body);
      return reply
        .status(201)
        .send({ data: await cart.storeJoiningMembership(customer, body, promotionClient(request)) });
    },
  );
  api.get(
    '/api/memberships/online-joining',
    { schema: { response: ok(cartItemSchema.nullable()) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      return { data: await cart.joiningLine(customer) };
    },
  );
  api.delete(
    '/api/cart/clear',
    { schema: { body: clearCartBodySchema, response: ok(cartSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      parseInput(clearCartBodySchema, request.body);
      return { data: await cart.clearJoining(customer) };
    },
  );

  // Changing a held monthly membership puts what is due now in the basket.
  api.post(
    '/api/memberships/:membershipId/change',
    {
      schema: {
        params: heldMembershipParamsSchema,
        body: changeMembershipBodySchema,
        response: created(cartSchema),
      },
    },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      const { membershipId } = parseInput(heldMembershipParamsSchema, request.params);
      const choice = parseInput(changeMembershipBodySchema, request.body);
      return reply.status(201).send({ data: await cart.addChange(customer, membershipId, choice) });
    },
  );

  // Renewing a single payment membership puts its next term in the basket.
  api.post(
    '/api/memberships/:membershipId/renew',
    { schema: { params: heldMembershipParamsSchema, response: created(cartSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      const { membershipId } = parseInput(heldMembershipParamsSchema, request.params);
      return reply.status(201).send({ data: await cart.addRenewal(customer, membershipId) });
    },
  );
  // The terms checkout asks for, read by the browser from data.data (joining spec, section 7).
  api.get(
    '/api/terms',
    {
      schema: {
        querystring: cartTermsQuerySchema,
        response: ok(cartTermsAnswerSchema),
      },
    },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      const { cartId } = parseInput(cartTermsQuerySchema, request.query);
      return { data: { data: await cart.terms(customer, cartId) } };
    },
  );
}
