import { sessionParamsSchema } from '@lido/contracts/activities';
import {
  joinWaitingListSchema,
  leftWaitingListMessage,
  leftWaitingListSchema,
  sessionWaitingListSchema,
  staffCannotUseSavedCardMessage,
  waitingListEntrySchema,
  waitingListParamsSchema,
  waitingListsSchema,
} from '@lido/contracts/waiting-list';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { apiRoutes, ok } from '../../http/api-schema.ts';
import { parseInput, ValidationError } from '../../http/errors.ts';
import { requireCustomer, type RouteServices } from '../../http/callers.ts';

/** A session's waiting list and My account → Waiting lists (issue 18 item 5, decision 0052). */
export function waitingListRoutes(
  app: FastifyInstance,
  services: RouteServices<'waitingList'>,
  config: Config,
): void {
  const api = apiRoutes(app);
  const { waitingList } = services;

  api.get(
    '/api/activities/sessions/:sessionId/waiting-list',
    { schema: { params: sessionParamsSchema, response: ok(sessionWaitingListSchema) } },
    async (request, reply) => {
      const { customer, staff } = await requireCustomer(request, reply, services, config);
      const { sessionId } = parseInput(sessionParamsSchema, request.params);
      const answer = await waitingList.forSession(customer, sessionId);
      // The desk is never offered the customer's saved card (decision 0058).
      return { data: staff ? { ...answer, savedCard: null } : answer };
    },
  );

  api.post(
    '/api/activities/sessions/:sessionId/waiting-list',
    {
      schema: {
        params: sessionParamsSchema,
        body: joinWaitingListSchema,
        response: ok(waitingListEntrySchema),
      },
    },
    async (request, reply) => {
      const { customer, staff } = await requireCustomer(request, reply, services, config);
      const { sessionId } = parseInput(sessionParamsSchema, request.params);
      const { autoBook, payWithSavedCard } = parseInput(joinWaitingListSchema, request.body ?? {});
      // Decision 0058: the desk never puts a customer's stored card to work; only they can agree to it.
      if (staff && payWithSavedCard)
        throw new ValidationError({ payWithSavedCard: [staffCannotUseSavedCardMessage] });
      return { data: await waitingList.join(customer, sessionId, { autoBook, payWithSavedCard }) };
    },
  );

  api.get(
    '/api/my-account/waiting-lists',
    { schema: { response: ok(waitingListsSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      return { data: await waitingList.list(customer) };
    },
  );

  api.delete(
    '/api/my-account/waiting-lists/:entryId',
    { schema: { params: waitingListParamsSchema, response: ok(leftWaitingListSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      const { entryId } = parseInput(waitingListParamsSchema, request.params);
      await waitingList.leave(customer, entryId);
      return { data: { message: leftWaitingListMessage } };
    },
  );
}
