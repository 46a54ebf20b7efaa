import { checkInBodySchema, checkInSchema, membershipCardSchema } from '@lido/contracts/check-in';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { apiRoutes, ok } from '../../http/api-schema.ts';
import { parseInput } from '../../http/errors.ts';
import { requireCustomerInPerson, type RouteServices, staffGuard } from '../../http/callers.ts';

/** The membership card in My account and the desk's check-in (issue 35 item 5, decision 0097). */
export function checkInRoutes(
  app: FastifyInstance,
  services: RouteServices<'checkIn'>,
  config: Config,
): void {
  const api = apiRoutes(app);
  const guard = staffGuard(services, config);

  // The card is the customer's own: shown and replaced in My account, never by the desk.
  api.get(
    '/api/my-account/membership-card',
    { schema: { response: ok(membershipCardSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomerInPerson(request, reply, services, config);
      return { data: await services.checkIn.card(customer.id) };
    },
  );

  api.post(
    '/api/my-account/membership-card/replace',
    { schema: { response: ok(membershipCardSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomerInPerson(request, reply, services, config);
      return { data: await services.checkIn.replace(customer.id) };
    },
  );

  // Every member of staff checks people in (desk, supervisor, manager).
  api.post(
    '/api/staff/check-ins',
    { schema: { body: checkInBodySchema, response: ok(checkInSchema) } },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply);
      const body = parseInput(checkInBodySchema, request.body);
      return { data: await services.checkIn.checkIn(staff, body) };
    },
  );
}
