import {
  changeSeriesBodySchema,
  newSeriesBodySchema,
  oneOffSessionBodySchema,
  oneOffSessionSavedSchema,
  retireSeriesBodySchema,
  seriesKeyParamsSchema,
  seriesSavedSchema,
  staffTimetableSchema,
} from '@lido/contracts/timetable';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { apiRoutes, created, ok } from '../../http/api-schema.ts';
import { parseInput } from '../../http/errors.ts';
import { staffGuard, type RouteServices } from '../../http/callers.ts';

/** The manager's timetable on the staff site (issue 35 item 2, decision 0092). */
export function timetableRoutes(
  app: FastifyInstance,
  services: RouteServices<'timetable'>,
  config: Config,
): void {
  const api = apiRoutes(app);
  const guard = staffGuard(services, config);

  api.get(
    '/api/staff/timetable',
    { schema: { response: ok(staffTimetableSchema) } },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply);
      return { data: await services.timetable.timetable(staff) };
    },
  );

  api.post(
    '/api/staff/timetable/series',
    { schema: { body: newSeriesBodySchema, response: created(seriesSavedSchema) } },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply);
      const body = parseInput(newSeriesBodySchema, request.body);
      return reply.status(201).send({ data: await services.timetable.create(staff, body.series) });
    },
  );

  api.put(
    '/api/staff/timetable/series/:key',
    {
      schema: {
        params: seriesKeyParamsSchema,
        body: changeSeriesBodySchema,
        response: ok(seriesSavedSchema),
      },
    },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply);
      const { key } = parseInput(seriesKeyParamsSchema, request.params);
      const body = parseInput(changeSeriesBodySchema, request.body);
      return { data: await services.timetable.change(staff, key, body) };
    },
  );

  api.post(
    '/api/staff/timetable/series/:key/retire',
    {
      schema: {
        params: seriesKeyParamsSchema,
        body: retireSeriesBodySchema,
        response: ok(seriesSavedSchema),
      },
    },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply);
      const { key } = parseInput(seriesKeyParamsSchema, request.params);
      const body = parseInput(retireSeriesBodySchema, request.body);
      return { data: await services.timetable.retire(staff, key, body.version) };
    },
  );

  api.post(
    '/api/staff/timetable/sessions',
    { schema: { body: oneOffSessionBodySchema, response: created(oneOffSessionSavedSchema) } },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply);
      const body = parseInput(oneOffSessionBodySchema, request.body);
      return reply.status(201).send({ data: await services.timetable.oneOff(staff, body) });
    },
  );
}
