import {
  cancelMembershipBodySchema,
  membershipExitSchema,
  membershipParamsSchema,
  membershipTimelineSchema,
} from '@lido/contracts/membership-exit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { apiRoutes, ok } from '../../http/api-schema.ts';
import { parseInput } from '../../http/errors.ts';
import { requireCustomer, requireCustomerInPerson, type RouteServices } from '../../http/callers.ts';

/** My account → Memberships: cancelling (with notice or in the cooling-off period) and the history. */
export function membershipExitRoutes(
  app: FastifyInstance,
  services: RouteServices<'membershipExit' | 'membershipTimeline'>,
  config: Config,
): void {
  const api = apiRoutes(app);
  api.get(
    '/api/my-account/memberships/:membershipId/cancellation',
    { schema: { params: membershipParamsSchema, response: ok(membershipExitSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      const { membershipId } = parseInput(membershipParamsSchema, request.params);
      return { data: await services.membershipExit.preview(customer.id, membershipId) };
    },
  );

  api.post(
    '/api/my-account/memberships/:membershipId/cancel',
    {
      schema: {
        params: membershipParamsSchema,
        body: cancelMembershipBodySchema,
        response: ok(membershipExitSchema),
      },
    },
    async (request, reply) => {
      const { customer } = await requireCustomerInPerson(request, reply, services, config);
      const { membershipId } = parseInput(membershipParamsSchema, request.params);
      const body = parseInput(cancelMembershipBodySchema, request.body);
      return { data: await services.membershipExit.cancel(customer.id, membershipId, body) };
    },
  );

  api.get(
    '/api/my-account/memberships/:membershipId/timeline',
    { schema: { params: membershipParamsSchema, response: ok(membershipTimelineSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      const { membershipId } = parseInput(membershipParamsSchema, request.params);
      return { data: await services.membershipTimeline(customer.id, membershipId) };
    },
  );
}
