import { cartSchema } from '@lido/contracts/cart-answers';
import {
  customerPenaltyFeesSchema,
  myPenaltyFeesSchema,
  penaltyFeeParamsSchema,
  waivePenaltyFeeBodySchema,
} from '@lido/contracts/penalty-fees';
import { customerStrikesParamsSchema } from '@lido/contracts/registers';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { apiRoutes, created, ok } from '../../http/api-schema.ts';
import { requireCustomer, staffGuard, type RouteServices } from '../../http/callers.ts';
import { parseInput } from '../../http/errors.ts';

/**
 * Fees owed on the account (issue 35 item 6, decision 0101): the customer's own, and "Pay now",
 * which puts them in the basket for the ordinary checkout; at the desk, a customer's fees and a
 * manager's waiver with a reason.
 */
export function penaltyFeesRoutes(
  app: FastifyInstance,
  services: RouteServices<'penaltyFees'>,
  config: Config,
): void {
  const api = apiRoutes(app);
  const guard = staffGuard(services, config);
  const path = '/api/my-account/penalty-fees';

  api.get(path, { schema: { response: ok(myPenaltyFeesSchema) } }, async (request, reply) => {
    const { customer } = await requireCustomer(request, reply, services, config);
    return { data: await services.penaltyFees.mine(customer) };
  });

  api.post(`${path}/pay`, { schema: { response: created(cartSchema) } }, async (request, reply) => {
    const { customer } = await requireCustomer(request, reply, services, config);
    return reply.status(201).send({ data: await services.penaltyFees.addToBasket(customer) });
  });

  api.get(
    '/api/staff/customers/:customerId/penalty-fees',
    { schema: { params: customerStrikesParamsSchema, response: ok(customerPenaltyFeesSchema) } },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply);
      const { customerId } = parseInput(customerStrikesParamsSchema, request.params);
      return { data: await services.penaltyFees.ofCustomer(staff, customerId) };
    },
  );

  api.post(
    '/api/staff/penalty-fees/:feeId/waive',
    {
      schema: {
        params: penaltyFeeParamsSchema,
        body: waivePenaltyFeeBodySchema,
        response: ok(z.object({ waived: z.literal(true) })),
      },
    },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply);
      const { feeId } = parseInput(penaltyFeeParamsSchema, request.params);
      const { reason } = parseInput(waivePenaltyFeeBodySchema, request.body);
      await services.penaltyFees.waive(staff, feeId, reason);
      return { data: { waived: true as const } };
    },
  );
}
