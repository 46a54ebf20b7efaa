import { cartSchema } from '@lido/contracts/cart-answers';
import { addGuestSchema, guestPassesSchema, guestPassOfferSchema } from '@lido/contracts/guest-passes';
import { positiveId } from '@lido/contracts/common';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { apiRoutes, ok } from '../../http/api-schema.ts';
import { parseInput, ValidationError } from '../../http/errors.ts';
import { requireCustomer, type RouteServices } from '../../http/callers.ts';

const sessionParamsSchema = z.object({ sessionId: positiveId('The session') });

/**
 * Guest passes (issue 18 item 3, decision 0050). Every call is the logged-in customer's own and
 * answers 403 while the operator's online guest passes setting is off.
 */
export function guestPassesRoutes(
  app: FastifyInstance,
  services: RouteServices<'guestPasses' | 'registers'>,
  config: Config,
): void {
  const api = apiRoutes(app);
  api.get(
    '/api/my-account/guest-passes',
    { schema: { response: ok(guestPassesSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      return { data: await services.guestPasses.mine(customer) };
    },
  );

  api.get(
    '/api/activities/sessions/:sessionId/guest-pass',
    { schema: { params: sessionParamsSchema, response: ok(guestPassOfferSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      const { sessionId } = parseInput(sessionParamsSchema, request.params);
      return { data: await services.guestPasses.offer(customer, sessionId) };
    },
  );

  api.post(
    '/api/activities/guest-pass/add',
    { schema: { body: addGuestSchema, response: ok(cartSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      // Strikes stop online booking, a guest's place too; the desk may still book (decision 0096).
      const blocked =
        request.site === 'front-of-house' ? null : await services.registers.bookingBlockOf(customer.id);
      if (blocked) throw new ValidationError({ customer: [blocked] });
      return {
        data: await services.guestPasses.addGuest(customer, parseInput(addGuestSchema, request.body)),
      };
    },
  );
}
