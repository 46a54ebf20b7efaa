import { cartSchema } from '@lido/contracts/cart-answers';
import {
  courseDetailSchema,
  enrolBodySchema,
  courseListSchema,
  courseParamsSchema,
  coursePupilsSchema,
  coursesParamsSchema,
  coursesQuerySchema,
} from '@lido/contracts/courses';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { apiRoutes, created, ok } from '../../http/api-schema.ts';
import { parseInput } from '../../http/errors.ts';
import { requireCustomer, type RouteServices } from '../../http/callers.ts';

/**
 * The bookings site's courses (issue 36, decision 0105): public, like the timetable. A centre's
 * courses filtered by programme, level, day and age; one course with its lessons and today's price.
 */
export function coursesRoutes(
  app: FastifyInstance,
  services: RouteServices<'courses'>,
  config: Config,
): void {
  const api = apiRoutes(app);
  api.get(
    '/api/courses/venues/:slug',
    {
      schema: {
        params: coursesParamsSchema,
        querystring: coursesQuerySchema,
        response: ok(courseListSchema),
      },
    },
    async (request) => {
      const { slug } = parseInput(coursesParamsSchema, request.params);
      const query = parseInput(coursesQuerySchema, request.query);
      return { data: await services.courses.list(slug, query) };
    },
  );
  api.get(
    '/api/courses/:courseId',
    { schema: { params: courseParamsSchema, response: ok(courseDetailSchema) } },
    async (request) => {
      const { courseId } = parseInput(courseParamsSchema, request.params);
      return { data: await services.courses.detail(courseId) };
    },
  );
  // Who on the account can be enrolled, and why not, before anything is chosen (decision 0109).
  api.get(
    '/api/courses/:courseId/pupils',
    { schema: { params: courseParamsSchema, response: ok(coursePupilsSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      const { courseId } = parseInput(courseParamsSchema, request.params);
      return { data: await services.courses.pupils(customer, courseId) };
    },
  );
  // Enrolling (decision 0109): a place held in the basket for the customer or one of their family.
  api.post(
    '/api/courses/:courseId/enrol',
    { schema: { params: courseParamsSchema, body: enrolBodySchema, response: created(cartSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      const { courseId } = parseInput(courseParamsSchema, request.params);
      const body = parseInput(enrolBodySchema, request.body ?? {});
      return reply.status(201).send({ data: await services.courses.enrol(customer, courseId, body) });
    },
  );
}
