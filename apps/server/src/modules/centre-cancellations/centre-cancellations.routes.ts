import {
  cancellationParamsSchema,
  cancellationPreviewSchema,
  cancellationResultSchema,
  cancellationScopeSchema,
  cancelSessionsBodySchema,
} from '@lido/contracts/centre-cancellations';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { apiRoutes, ok } from '../../http/api-schema.ts';
import { parseInput } from '../../http/errors.ts';
import { staffGuard, type RouteServices } from '../../http/callers.ts';

/** Sessions cancelled by the centre, on the staff site (issue 35 item 3, decision 0095). */
export function centreCancellationsRoutes(
  app: FastifyInstance,
  services: RouteServices<'centreCancellations'>,
  config: Config,
): void {
  const api = apiRoutes(app);
  const guard = staffGuard(services, config);

  api.post(
    '/api/staff/cancellations/preview',
    { schema: { body: cancellationScopeSchema, response: ok(cancellationPreviewSchema) } },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply);
      const scope = parseInput(cancellationScopeSchema, request.body);
      return { data: await services.centreCancellations.preview(staff, scope) };
    },
  );

  api.post(
    '/api/staff/cancellations',
    { schema: { body: cancelSessionsBodySchema, response: ok(cancellationResultSchema) } },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply);
      const body = parseInput(cancelSessionsBodySchema, request.body);
      return { data: await services.centreCancellations.cancel(staff, body) };
    },
  );

  api.get(
    '/api/staff/cancellations/:id',
    { schema: { params: cancellationParamsSchema, response: ok(cancellationResultSchema) } },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply);
      const { id } = parseInput(cancellationParamsSchema, request.params);
      return { data: await services.centreCancellations.one(staff, id) };
    },
  );
}
