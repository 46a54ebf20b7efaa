import {
  customerSearchAnswerSchema,
  customerSearchQuerySchema,
  deskCustomerBodySchema,
  deskCustomerDetailSchema,
  deskCustomerSchema,
  staffCustomerParamsSchema,
} from '@lido/contracts/front-of-house';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { apiRoutes, created, ok } from '../../http/api-schema.ts';
import { parseInput } from '../../http/errors.ts';
import { staffGuard, type RouteServices } from '../../http/callers.ts';

/** The desk's customer search, a customer's card with their family, and creating one (decision 0055). */
export function deskCustomersRoutes(
  app: FastifyInstance,
  services: RouteServices<'customers'>,
  config: Config,
): void {
  const api = apiRoutes(app);
  const guard = staffGuard(services, config);

  api.get(
    '/api/staff/customers',
    { schema: { querystring: customerSearchQuerySchema, response: ok(customerSearchAnswerSchema) } },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply);
      const { q } = parseInput(customerSearchQuerySchema, request.query);
      return { data: await services.deskCustomers.search(staff.operatorId, q) };
    },
  );

  api.get(
    '/api/staff/customers/:customerId',
    { schema: { params: staffCustomerParamsSchema, response: ok(deskCustomerDetailSchema) } },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply);
      const { customerId } = parseInput(staffCustomerParamsSchema, request.params);
      return { data: await services.deskCustomers.detail(staff.operatorId, customerId) };
    },
  );

  api.post(
    '/api/staff/customers',
    { schema: { body: deskCustomerBodySchema, response: created(deskCustomerSchema) } },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply);
      const body = parseInput(deskCustomerBodySchema, request.body);
      const customer = await services.customers.createAtDesk(body, staff);
      return reply.status(201).send({ data: services.deskCustomers.deskView(customer) });
    },
  );
}
