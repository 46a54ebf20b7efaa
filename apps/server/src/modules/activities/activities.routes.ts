import {
  sessionParamsSchema,
  sessionQuerySchema,
  timetableParamsSchema,
  timetableQuerySchema,
} from '@lido/contracts/activities';
import { sessionDetailsSchema, timetableSchema } from '@lido/contracts/activity-answers';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { apiRoutes, ok, sendJson } from '../../http/api-schema.ts';
import { parseInput } from '../../http/errors.ts';
import { customerIfAny, type RouteServices } from '../../http/callers.ts';

/**
 * The bookings site's timetable and session page (issue 17 item 2). Both answer a visitor and a
 * logged-in customer: an absent or expired session is a visitor, never a 401, so the timetable
 * stays readable while a customer's login lapses.
 */
export function activitiesRoutes(
  app: FastifyInstance,
  services: RouteServices<'activities' | 'family' | 'registers'>,
  config: Config,
): void {
  const api = apiRoutes(app);
  const customerOf = (request: FastifyRequest, reply: FastifyReply) =>
    customerIfAny(request, reply, services, config);
  /**
   * Strikes stop online booking for a while (decision 0096): the page says why and until when. The
   * desk may still book for the customer, so the staff site is not told.
   */
  const withStrikeBlock = async <T extends { bookingBlocked: string | null }>(
    request: FastifyRequest,
    customerId: number,
    answer: T,
  ): Promise<T> => {
    if (answer.bookingBlocked || request.site === 'front-of-house') return answer;
    const blocked = await services.registers.bookingBlockOf(customerId);
    return blocked ? { ...answer, bookingBlocked: blocked } : answer;
  };

  api.get(
    '/api/activities/venues/:slug/timetable',
    {
      schema: {
        params: timetableParamsSchema,
        querystring: timetableQuerySchema,
        response: ok(timetableSchema),
      },
    },
    async (request, reply) => {
      const { slug } = parseInput(timetableParamsSchema, request.params);
      const query = parseInput(timetableQuerySchema, request.query);
      const customer = await customerOf(request, reply);
      if (customer !== null)
        return {
          data: await withStrikeBlock(
            request,
            customer.id,
            await services.activities.timetable(slug, query, customer),
          ),
        };
      // A visitor's week is the same bytes for every visitor (decision 0061): sent as they are.
      return sendJson(reply, await services.activities.visitorTimetableJson(slug, query));
    },
  );

  api.get(
    '/api/activities/sessions/:sessionId',
    {
      schema: {
        params: sessionParamsSchema,
        querystring: sessionQuerySchema,
        response: ok(sessionDetailsSchema),
      },
    },
    async (request, reply) => {
      const { sessionId } = parseInput(sessionParamsSchema, request.params);
      const { selectedUserId } = parseInput(sessionQuerySchema, request.query);
      const customer = await customerOf(request, reply);
      if (customer === null) return { data: await services.activities.session(sessionId, customer) };
      if (selectedUserId === undefined)
        return {
          data: await withStrikeBlock(
            request,
            customer.id,
            await services.activities.session(sessionId, customer),
          ),
        };
      // The prices and age rules of the family member the booking is for; the payer's own block
      // (penalties) still applies. Anyone outside the family is not found.
      const attendee = await services.family.member(customer, selectedUserId);
      return {
        data: await withStrikeBlock(
          request,
          customer.id,
          await services.activities.session(
            sessionId,
            { ...attendee, hasOutstandingPenalties: customer.hasOutstandingPenalties },
            { familyMember: attendee.id !== customer.id },
          ),
        ),
      };
    },
  );
}
