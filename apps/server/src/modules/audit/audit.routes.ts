import { staffAuditAnswerSchema, staffAuditQuerySchema } from '@lido/contracts/staff-audit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { apiRoutes, ok } from '../../http/api-schema.ts';
import { HttpError, parseInput } from '../../http/errors.ts';
import { staffOnSite, type RouteServices } from '../../http/callers.ts';

export const supervisorAuditOnly = 'Only a supervisor can see the audit log.';

/** GET /api/staff/audit: the supervisor's audit page (issue 32 item 6, decision 0074). */
export function staffAuditRoutes(
  app: FastifyInstance,
  services: RouteServices<'staffAudit'>,
  config: Config,
): void {
  const api = apiRoutes(app);
  api.get(
    '/api/staff/audit',
    { schema: { querystring: staffAuditQuerySchema, response: ok(staffAuditAnswerSchema) } },
    async (request, reply) => {
      const { staff } = await staffOnSite(request, reply, services, config);
      if (staff.role !== 'supervisor') throw new HttpError(403, supervisorAuditOnly);
      return { data: await services.staffAudit.page(parseInput(staffAuditQuerySchema, request.query)) };
    },
  );
}
