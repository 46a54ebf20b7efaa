import { apiRoutes, created, ok } from '../../http/api-schema.ts';
import { z } from 'zod';
import {
  answersBodySchema,
  changeCostsParamsSchema,
  changeCostsQuerySchema,
  changeCostsSchema,
  costsSchema,
  membershipTypeSchema,
  promotionSchema,
  questionGroupSchema,
  savedAnswersSchema,
  termsSchema,
  costsParamsSchema,
  heldMembershipParamsSchema,
  costsQuerySchema,
  membershipTypesQuerySchema,
  promotionValidateParamsSchema,
  typeIdParamsSchema,
} from '@lido/contracts/membership';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { ensurePromotionBrowser, promotionBrowserKey } from '../../http/cookies.ts';
import { parseInput } from '../../http/errors.ts';
import { customerIfAny, requireCustomer, type RouteServices } from '../../http/callers.ts';

export function membershipsRoutes(
  app: FastifyInstance,
  services: RouteServices<'change' | 'family' | 'memberships'>,
  config: Config,
): void {
  const { memberships } = services;
  const api = apiRoutes(app);
  // Anyone may list memberships; a logged-in customer's eligibility is evaluated for them.
  api.get(
    '/api/memberships/types',
    { schema: { querystring: membershipTypesQuerySchema, response: ok(z.array(membershipTypeSchema)) } },
    async (request, reply) => {
      const { venueId, selectedUserId } = parseInput(membershipTypesQuerySchema, request.query);
      const customer = await customerIfAny(request, reply, services, config);
      // A parent choosing for a child sees the child's eligibility; outside the family, 404.
      const member =
        customer && selectedUserId !== undefined
          ? await services.family.member(customer, selectedUserId)
          : (customer ?? undefined);
      return { data: await memberships.typesAtVenue(venueId, member) };
    },
  );
  api.get(
    '/api/memberships/types/:typeId/payment-options/:optionId',
    { schema: { params: costsParamsSchema, querystring: costsQuerySchema, response: ok(costsSchema) } },
    async (request, reply) => {
      const { typeId, optionId } = parseInput(costsParamsSchema, request.params);
      const query = parseInput(costsQuerySchema, request.query);
      // A promotion id counts only when this customer or browser checked its code.
      const customer =
        query.promotionCodeId === undefined ? null : await customerIfAny(request, reply, services, config);
      return {
        data: await memberships.costs(typeId, optionId, query, {
          clientAddress: request.ip,
          customerId: customer?.id,
          browserKey: promotionBrowserKey(request, config),
        }),
      };
    },
  );
  api.get(
    '/api/v1/membership-promotions/validate/:code/:paymentOptionId',
    { schema: { params: promotionValidateParamsSchema, response: ok(promotionSchema) } },
    async (request, reply) => {
      const { code, paymentOptionId } = parseInput(promotionValidateParamsSchema, request.params);
      const customer = await customerIfAny(request, reply, services, config);
      return {
        data: await memberships.validatePromotion(code, paymentOptionId, {
          clientAddress: request.ip,
          customerId: customer?.id,
          browserKey: ensurePromotionBrowser(request, reply, config),
        }),
      };
    },
  );
  api.get('/api/terms/direct-debit', { schema: { response: ok(termsSchema) } }, async () => ({
    data: await memberships.terms('direct_debit'),
  }));
  api.get(
    '/api/terms/membership/:typeId',
    { schema: { params: typeIdParamsSchema, response: ok(termsSchema) } },
    async (request) => {
      const { typeId } = parseInput(typeIdParamsSchema, request.params);
      return { data: await memberships.terms('membership', typeId) };
    },
  );
  api.get(
    '/api/terms/membership/:typeId/health-commitment',
    { schema: { params: typeIdParamsSchema, response: ok(termsSchema) } },
    async (request) => {
      const { typeId } = parseInput(typeIdParamsSchema, request.params);
      return { data: await memberships.terms('health_commitment', typeId) };
    },
  );
  api.get(
    '/api/custom-questions/memberships/:typeId',
    { schema: { params: typeIdParamsSchema, response: ok(z.array(questionGroupSchema)) } },
    async (request) => {
      const { typeId } = parseInput(typeIdParamsSchema, request.params);
      return { data: await memberships.questions(typeId) };
    },
  );
  // Answers are the logged-in customer's, for the membership type they are joining.
  api.post(
    '/api/custom-questions/memberships/:typeId',
    {
      schema: { params: typeIdParamsSchema, body: answersBodySchema, response: created(savedAnswersSchema) },
    },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      const { typeId } = parseInput(typeIdParamsSchema, request.params);
      const { answers } = parseInput(answersBodySchema, request.body);
      const saved = await memberships.saveAnswers(customer.id, typeId, answers);
      return reply.status(201).send({ data: { saved } });
    },
  );

  // Changing a held membership: the member's own only (another customer's id answers 404).
  api.get(
    '/api/memberships/:membershipId/change',
    { schema: { params: heldMembershipParamsSchema, response: ok(z.array(membershipTypeSchema)) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      const { membershipId } = parseInput(heldMembershipParamsSchema, request.params);
      return { data: await services.change.options(customer, membershipId) };
    },
  );
  api.get(
    '/api/memberships/:membershipId/change/:optionId',
    {
      schema: {
        params: changeCostsParamsSchema,
        querystring: changeCostsQuerySchema,
        response: ok(changeCostsSchema),
      },
    },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      const { membershipId, optionId } = parseInput(changeCostsParamsSchema, request.params);
      const { startsAt } = parseInput(changeCostsQuerySchema, request.query);
      return { data: await services.change.costs(customer, membershipId, optionId, startsAt) };
    },
  );
}
