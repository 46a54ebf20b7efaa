import {
  dependantBodySchema,
  dependantParamsSchema,
  familyChangedSchema,
  familySchema,
} from '@lido/contracts/family';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { apiRoutes, created, ok } from '../../http/api-schema.ts';
import { parseInput } from '../../http/errors.ts';
import { requireCustomer, requireCustomerInPerson, type RouteServices } from '../../http/callers.ts';

/** My account → My details → Family (issue 18 item 4). */
export function familyRoutes(app: FastifyInstance, services: RouteServices<'family'>, config: Config): void {
  const api = apiRoutes(app);
  const base = '/api/my-account/family';
  api.get(base, { schema: { response: ok(familySchema) } }, async (request, reply) => {
    const { customer } = await requireCustomer(request, reply, services, config);
    return { data: await services.family.list(customer) };
  });
  api.post(
    base,
    { schema: { body: dependantBodySchema, response: created(familyChangedSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomerInPerson(request, reply, services, config);
      const body = parseInput(dependantBodySchema, request.body);
      return reply.status(201).send({ data: await services.family.add(customer, body) });
    },
  );
  api.put(
    `${base}/:dependantId`,
    {
      schema: { params: dependantParamsSchema, body: dependantBodySchema, response: ok(familyChangedSchema) },
    },
    async (request, reply) => {
      const { customer } = await requireCustomerInPerson(request, reply, services, config);
      const { dependantId } = parseInput(dependantParamsSchema, request.params);
      const body = parseInput(dependantBodySchema, request.body);
      return { data: await services.family.update(customer, dependantId, body) };
    },
  );
  api.delete(
    `${base}/:dependantId`,
    { schema: { params: dependantParamsSchema, response: ok(familyChangedSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomerInPerson(request, reply, services, config);
      const { dependantId } = parseInput(dependantParamsSchema, request.params);
      return { data: await services.family.remove(customer, dependantId) };
    },
  );
}
