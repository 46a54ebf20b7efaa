import {
  freezeAnswerSchema,
  freezeBodySchema,
  freezeOfferSchema,
  freezeParamsSchema,
} from '@lido/contracts/membership-freeze';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { apiRoutes, ok } from '../../http/api-schema.ts';
import { parseInput } from '../../http/errors.ts';
import { requireCustomer, requireCustomerInPerson, type RouteServices } from '../../http/callers.ts';

/** Freezing a monthly membership: the member's own only (another customer's id answers 404). */
export function membershipFreezeRoutes(
  app: FastifyInstance,
  services: RouteServices<'membershipFreeze'>,
  config: Config,
): void {
  const api = apiRoutes(app);
  const path = '/api/my-account/memberships/:membershipId/freeze';
  api.get(
    path,
    { schema: { params: freezeParamsSchema, response: ok(freezeOfferSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      const { membershipId } = parseInput(freezeParamsSchema, request.params);
      return { data: await services.membershipFreeze.offer(customer, membershipId) };
    },
  );
  api.post(
    path,
    { schema: { params: freezeParamsSchema, body: freezeBodySchema, response: ok(freezeAnswerSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomerInPerson(request, reply, services, config);
      const { membershipId } = parseInput(freezeParamsSchema, request.params);
      const body = parseInput(freezeBodySchema, request.body);
      return { data: await services.membershipFreeze.freeze(customer, membershipId, body) };
    },
  );
  api.post(
    `${path}/end`,
    { schema: { params: freezeParamsSchema, response: ok(freezeAnswerSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomerInPerson(request, reply, services, config);
      const { membershipId } = parseInput(freezeParamsSchema, request.params);
      return { data: await services.membershipFreeze.endEarly(customer, membershipId) };
    },
  );
}
