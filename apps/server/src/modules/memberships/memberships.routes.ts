import {
  costsParamsSchema,
  costsQuerySchema,
  membershipTypesQuerySchema,
  promotionValidateParamsSchema,
  typeIdParamsSchema,
} from '@lido/contracts/membership';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';

export function membershipsRoutes(app: FastifyInstance, services: AppServices): void {
  const { memberships } = services;
  app.get('/api/memberships/types', async (request) => {
    const { venueId } = parseInput(membershipTypesQuerySchema, request.query);
    return { data: await memberships.typesAtVenue(venueId) };
  });
  app.get('/api/memberships/types/:typeId/payment-options/:optionId', async (request) => {
    const { typeId, optionId } = parseInput(costsParamsSchema, request.params);
    return { data: await memberships.costs(typeId, optionId, parseInput(costsQuerySchema, request.query)) };
  });
  app.get('/api/v1/membership-promotions/validate/:code/:paymentOptionId', async (request) => {
    const { code, paymentOptionId } = parseInput(promotionValidateParamsSchema, request.params);
    return { data: await memberships.validatePromotion(code, paymentOptionId) };
  });
  app.get('/api/terms/direct-debit', async () => ({ data: await memberships.terms('direct_debit') }));
  app.get('/api/terms/membership/:typeId', async (request) => {
    const { typeId } = parseInput(typeIdParamsSchema, request.params);
    return { data: await memberships.terms('membership', typeId) };
  });
  app.get('/api/terms/membership/:typeId/health-commitment', async (request) => {
    const { typeId } = parseInput(typeIdParamsSchema, request.params);
    return { data: await memberships.terms('health_commitment', typeId) };
  });
  app.get('/api/custom-questions/memberships/:typeId', async (request) => {
    const { typeId } = parseInput(typeIdParamsSchema, request.params);
    return { data: await memberships.questions(typeId) };
  });
}
