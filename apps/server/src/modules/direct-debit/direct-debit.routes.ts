import {
  bankCheckAnswerSchema,
  directDebitViewSchema,
  upcomingCollectionsSchema,
  directDebitWebhookAnswerSchema,
} from '@lido/contracts/direct-debit';
import { errorResponseSchema } from '@lido/contracts/common';
import { apiRoutes, type LidoTypeProvider, ok } from '../../http/api-schema.ts';
import { z } from 'zod';
import { bankCheckBodySchema, bankDetailsChangeBodySchema } from '@lido/contracts/bank-details';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { HttpError, parseInput } from '../../http/errors.ts';
import { requireCustomer, requireCustomerInPerson, type RouteServices } from '../../http/callers.ts';

/** Where GoCardless (and the sandbox) post their webhooks (payments-reference.md §6.1). */
const goCardlessWebhookPath = '/api/webhooks/gocardless';

export function directDebitRoutes(
  app: FastifyInstance,
  services: RouteServices<'directDebit'>,
  config: Config,
): void {
  const api = apiRoutes(app);
  // The joining page's check before Continue: the provider's lookup, answered masked, nothing kept.
  api.post(
    '/api/memberships/online-joining/bank-details',
    { schema: { body: bankCheckBodySchema, response: ok(bankCheckAnswerSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      const body = parseInput(bankCheckBodySchema, request.body);
      return { data: await services.directDebit.check(customer, body) };
    },
  );

  api.get(
    '/api/my-account/direct-debit',
    { schema: { response: ok(directDebitViewSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      return { data: await services.directDebit.forCustomer(customer) };
    },
  );

  // The member's recent and next collections, from the engine's own records and rule (issue 33).
  api.get(
    '/api/my-account/direct-debit/upcoming-collections',
    { schema: { response: ok(upcomingCollectionsSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomer(request, reply, services, config);
      return { data: await services.directDebit.upcomingForCustomer(customer) };
    },
  );

  // New bank details for the member's own Direct Debit: a new mandate, the old one cancelled.
  api.post(
    '/api/my-account/direct-debit/bank-details',
    { schema: { body: bankDetailsChangeBodySchema, response: ok(directDebitViewSchema) } },
    async (request, reply) => {
      const { customer } = await requireCustomerInPerson(request, reply, services, config);
      const body = parseInput(bankDetailsChangeBodySchema, request.body);
      await services.directDebit.replaceBankDetails(customer, body);
      return { data: await services.directDebit.forCustomer(customer) };
    },
  );

  // Server to server: no cookie, no Origin; the signature over the raw bytes is the only proof.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 512 * 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.withTypeProvider<LidoTypeProvider>().post(
      goCardlessWebhookPath,
      {
        schema: {
          body: z.unknown().describe("GoCardless's signed events, kept as bytes until verified"),
          response: { 200: directDebitWebhookAnswerSchema, '4xx': errorResponseSchema },
        },
        config: { csrf: 'exempt' },
      },
      async (request, reply) => {
        if (!services.directDebit.available()) throw new HttpError(404, 'Not found.');
        if (!Buffer.isBuffer(request.body)) throw new HttpError(400, 'The webhook body must be JSON.');
        const signature = request.headers['webhook-signature'];
        let events;
        try {
          events = services.directDebit.verifyWebhook(
            request.body,
            typeof signature === 'string' ? signature : undefined,
          );
        } catch {
          throw new HttpError(400, 'The webhook body must be JSON.');
        }
        // GoCardless's own answer for a signature that does not match.
        if (!events) {
          request.log.warn('gocardless webhook refused: signature did not verify');
          return reply.code(498).send({ message: 'The webhook signature is not valid.' });
        }
        const results = await services.directDebit.applyWebhook(events);
        return reply.code(200).send({ results });
      },
    );
  });
}
