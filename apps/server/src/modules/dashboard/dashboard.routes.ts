import { errorResponseSchema } from '@lido/contracts/common';
import { dashboardQuerySchema, dashboardSchema } from '@lido/contracts/dashboard';
import { exportKinds, exportQuerySchema, tableDownloadSchema } from '@lido/contracts/staff-exports';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { apiRoutes, ok } from '../../http/api-schema.ts';
import { parseInput } from '../../http/errors.ts';
import { staffGuard, type RouteServices } from '../../http/callers.ts';

/** The manager's dashboard, its exports and the audit of its downloads (issue 37, decisions 0099, 0102). */
export function dashboardRoutes(
  app: FastifyInstance,
  services: RouteServices<'dashboard'>,
  config: Config,
): void {
  const api = apiRoutes(app);
  const guard = staffGuard(services, config);

  api.get(
    '/api/staff/dashboard',
    { schema: { querystring: dashboardQuerySchema, response: ok(dashboardSchema) } },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply);
      const query = parseInput(dashboardQuerySchema, request.query);
      return { data: await services.dashboard.dashboard(staff, query) };
    },
  );

  for (const kind of exportKinds)
    api.get(
      `/api/staff/exports/${kind}.csv`,
      {
        schema: {
          querystring: exportQuerySchema,
          produces: ['text/csv'],
          response: {
            200: z.string().describe(`The ${kind} of the range and centres as CSV (decision 0102)`),
            '4xx': errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const { staff } = await guard.requireStaff(request, reply);
        const query = parseInput(exportQuerySchema, request.query);
        const file = await services.dashboard.exportFile(staff, kind, query);
        return (
          reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${file.fileName}"`)
            .header('cache-control', 'no-store')
            .header('x-lido-rows', String(file.rows))
            // A stream of the documented CSV text, a page of rows at a time.
            .send(file.body as unknown as string)
        );
      },
    );

  api.post(
    '/api/staff/dashboard/downloads',
    { schema: { body: tableDownloadSchema, response: ok(z.object({ recorded: z.literal(true) })) } },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply);
      await services.dashboard.tableDownloaded(staff, parseInput(tableDownloadSchema, request.body));
      return { data: { recorded: true as const } };
    },
  );
}
