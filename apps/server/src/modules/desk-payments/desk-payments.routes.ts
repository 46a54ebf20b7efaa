import {
  cashUpAnswerSchema,
  deskOrderParamsSchema,
  deskOrderSchema,
  deskOrdersAnswerSchema,
  deskOrdersQuerySchema,
  paidAtDeskSchema,
  payBodySchema,
  voidOrderBodySchema,
  voidPreviewSchema,
} from '@lido/contracts/front-of-house';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { apiRoutes, ok } from '../../http/api-schema.ts';
import { HttpError, parseInput } from '../../http/errors.ts';
import { deskCustomer, staffOnSite, type RouteServices } from '../../http/callers.ts';

const supervisorVoidsOnly = 'Only a supervisor can void an order.';

/** The day asked for; the contract's shared date rule already refuses one that is not real (2026-02-30). */
const dayAsked = (query: unknown) => parseInput(deskOrdersQuerySchema, query).date;

/** Taking payment at the desk, the day's desk orders, voiding one, and the cash-up (decision 0056). */
export function deskPaymentsRoutes(
  app: FastifyInstance,
  services: RouteServices<'checkout' | 'desk'>,
  config: Config,
): void {
  const api = apiRoutes(app);

  api.post(
    '/api/cart/pay',
    { schema: { body: payBodySchema, response: ok(paidAtDeskSchema) }, config: { staffSiteOnly: true } },
    async (request, reply) => {
      const body = parseInput(payBodySchema, request.body);
      const { staff, customer } = await deskCustomer(request, reply, services, config);
      return {
        data: await services.checkout.payAtDesk(customer, staff, {
          terms: body.terms,
          transactionUuid: body.transactionUuid,
          payments: body.payments,
          completedWaivers: body.completedWaivers,
        }),
      };
    },
  );

  api.get(
    '/api/staff/orders',
    { schema: { querystring: deskOrdersQuerySchema, response: ok(deskOrdersAnswerSchema) } },
    async (request, reply) => {
      await staffOnSite(request, reply, services, config);
      return { data: await services.desk.orders(dayAsked(request.query)) };
    },
  );

  api.post(
    '/api/staff/orders/:orderId/void',
    { schema: { params: deskOrderParamsSchema, body: voidOrderBodySchema, response: ok(deskOrderSchema) } },
    async (request, reply) => {
      const { staff } = await staffOnSite(request, reply, services, config);
      if (staff.role !== 'supervisor') throw new HttpError(403, supervisorVoidsOnly);
      const { orderId } = parseInput(deskOrderParamsSchema, request.params);
      const body = parseInput(voidOrderBodySchema, request.body);
      return { data: await services.desk.void(staff, orderId, body) };
    },
  );

  api.get(
    '/api/staff/orders/:orderId/void',
    { schema: { params: deskOrderParamsSchema, response: ok(voidPreviewSchema) } },
    async (request, reply) => {
      const { staff } = await staffOnSite(request, reply, services, config);
      if (staff.role !== 'supervisor') throw new HttpError(403, supervisorVoidsOnly);
      const { orderId } = parseInput(deskOrderParamsSchema, request.params);
      return { data: await services.desk.voidPreview(orderId) };
    },
  );

  api.get(
    '/api/staff/cash-up',
    { schema: { querystring: deskOrdersQuerySchema, response: ok(cashUpAnswerSchema) } },
    async (request, reply) => {
      await staffOnSite(request, reply, services, config, 'supervisor');
      return { data: await services.desk.cashUp(dayAsked(request.query)) };
    },
  );
}
