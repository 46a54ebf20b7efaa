import {
  membershipSlugParamsSchema,
  saveMembershipPricesBodySchema,
  savePackageBodySchema,
  savePromotionBodySchema,
  staffPricesSchema,
} from '@lido/contracts/prices-offers';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { apiRoutes, ok } from '../../http/api-schema.ts';
import { staffGuard, type RouteServices } from '../../http/callers.ts';
import { parseInput } from '../../http/errors.ts';

/** A manager's prices and offers on the staff site (issue 37 item 3, decision 0103). */
export function pricesOffersRoutes(
  app: FastifyInstance,
  services: RouteServices<'pricesOffers'>,
  config: Config,
): void {
  const api = apiRoutes(app);
  const guard = staffGuard(services, config);
  const { pricesOffers } = services;

  api.get('/api/staff/prices', { schema: { response: ok(staffPricesSchema) } }, async (request, reply) => {
    const { staff } = await guard.requireStaff(request, reply);
    reply.header('cache-control', 'no-store');
    return { data: await pricesOffers.list(staff) };
  });

  api.put(
    '/api/staff/prices/packages',
    { schema: { body: savePackageBodySchema, response: ok(staffPricesSchema) } },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply);
      const body = parseInput(savePackageBodySchema, request.body);
      return { data: await pricesOffers.savePackage(staff, body.package) };
    },
  );

  api.put(
    '/api/staff/prices/promotions',
    { schema: { body: savePromotionBodySchema, response: ok(staffPricesSchema) } },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply);
      const body = parseInput(savePromotionBodySchema, request.body);
      return { data: await pricesOffers.savePromotion(staff, body.promotion) };
    },
  );

  api.put(
    '/api/staff/prices/memberships/:slug',
    {
      schema: {
        params: membershipSlugParamsSchema,
        body: saveMembershipPricesBodySchema,
        response: ok(staffPricesSchema),
      },
    },
    async (request, reply) => {
      const { staff } = await guard.requireStaff(request, reply);
      const { slug } = parseInput(membershipSlugParamsSchema, request.params);
      const body = parseInput(saveMembershipPricesBodySchema, request.body);
      return { data: await pricesOffers.saveMembershipPrices(staff, slug, body) };
    },
  );
}
