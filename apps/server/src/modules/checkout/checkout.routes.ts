import {
  authoriseResponseSchema,
  earlierPaymentSchema,
  prepareResponseSchema,
  scaCompletionAnswerSchema,
} from '@lido/contracts/payment-answers';
import { apiRoutes, type LidoTypeProvider, ok } from '../../http/api-schema.ts';
import { completedCheckoutSchema, orderSchema } from '@lido/contracts/order';
import { dataEnvelope, errorResponseSchema } from '@lido/contracts/common';
import { z } from 'zod';
import { completeCheckoutBodySchema, orderParamsSchema } from '@lido/contracts/cart';
import {
  authoriseBodySchema,
  scaCompletionBodySchema,
  scaCompletionParamsSchema,
  type AuthoriseResponse,
  type ScaCompletedMessage,
} from '@lido/contracts/payments';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { WebhookSignatureError } from '../../providers/card/card-provider.ts';
import { HttpError, parseInput } from '../../http/errors.ts';
import { escapeHtml } from '../../http/escape-html.ts';
import { requireCustomer, type RouteServices } from '../../http/callers.ts';
import { refuseStoredCardsAtDesk } from '../desk-payments/index.ts';

const scaCompletionPath = '/api/payment-providers/sca-completion/';
const webhookPathPrefix = '/api/payment-providers/';
const paymentPath = { pool: 'payment' } as const;

/** The card issuer's answer, form-posted from the issuer's page (accepted only for a payment waiting on it). */
const isIssuerForm = (request: FastifyRequest) =>
  String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

function requestFacts(request: FastifyRequest) {
  return {
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
    acceptHeader: String(request.headers.accept ?? '*/*'),
    // The CSRF guard has already checked this is one of our sites.
    appOrigin: String(request.headers.origin),
  };
}

function scaMessage(result: AuthoriseResponse): ScaCompletedMessage {
  return {
    type: 'sca_completed',
    transaction_uuid: result.transactionUuid,
    transaction_status: result.transactionStatus,
    ...(result.error ? { error: result.error } : {}),
  };
}

/** The page the issuer's answer lands on inside the challenge frame: it tells the checkout page. */
function scaCompletedPage(message: ScaCompletedMessage): string {
  const json = JSON.stringify(message).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Payment check complete</title></head>
<body>
<p>${escapeHtml(message.transaction_status === 'authorised' ? 'Payment confirmed. Returning to checkout…' : 'Returning to checkout…')}</p>
<script type="application/json" id="sca-result">${json}</script>
<script src="/api/payment-providers/sca-completed.js"></script>
</body>
</html>`;
}

export function checkoutRoutes(
  app: FastifyInstance,
  services: RouteServices<'cardProvider' | 'checkout'>,
  config: Config,
): void {
  const api = apiRoutes(app);
  // Every call here is on the payment path, its session check first in line for a connection
  // (decision 0067): each route says so with `config: paymentPath`.
  const payer = (request: FastifyRequest, reply: FastifyReply) =>
    requireCustomer(request, reply, services, config);
  api.get(
    '/api/checkout/prepare',
    { schema: { response: ok(prepareResponseSchema) }, config: paymentPath },
    async (request, reply) => {
      const { customer, staff } = await payer(request, reply);
      const prepared = await services.checkout.card.prepare(customer);
      // At the desk the customer pays with the card in their hand: no stored card is offered.
      return { data: staff ? { ...prepared, savedCard: null } : prepared };
    },
  );

  // Ours (decision 0090): a payment whose answer was lost, looked up at once when checkout opens.
  api.get(
    '/api/checkout/earlier-payment',
    { schema: { response: ok(earlierPaymentSchema) }, config: paymentPath },
    async (request, reply) => {
      const { customer } = await payer(request, reply);
      return { data: await services.checkout.card.earlierPayment(customer) };
    },
  );

  api.post(
    '/api/checkout/authorise',
    { schema: { body: authoriseBodySchema, response: ok(authoriseResponseSchema) }, config: paymentPath },
    async (request, reply) => {
      const { customer, staff } = await payer(request, reply);
      const body = parseInput(authoriseBodySchema, request.body);
      if (staff) refuseStoredCardsAtDesk(body);
      return { data: await services.checkout.card.authorise(customer, body, requestFacts(request)) };
    },
  );

  // Completing the basket: with a card transaction, or (nothing to pay) with the accepted terms.
  api.post(
    '/api/checkout/complete',
    {
      schema: { body: completeCheckoutBodySchema, response: ok(completedCheckoutSchema) },
      config: paymentPath,
    },
    async (request, reply) => {
      const { customer, staff } = await payer(request, reply);
      const body = parseInput(completeCheckoutBodySchema, request.body);
      return {
        data: await services.checkout.complete(
          customer,
          {
            terms: body.terms,
            transactionUuid: body.transactionUuid,
            payments: body.payments,
            completedWaivers: body.completedWaivers,
          },
          staff && { id: staff.id, username: staff.username },
        ),
      };
    },
  );

  api.get(
    '/api/payment-providers/sca-completed.js',
    {
      schema: {
        produces: ['text/javascript'],
        response: { 200: z.string().describe('The script the 3-D Secure page runs') },
      },
    },
    async (_request, reply) =>
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(
          '// Hands the 3-D Secure result to the checkout page that holds this frame (same origin only).\n' +
            "window.parent.postMessage(JSON.parse(document.getElementById('sca-result').textContent), window.location.origin);\n",
        ),
  );

  // The notification URL is dual-mode (payments-reference.md §5.7): the issuer's frame form-posts
  // `cres` here (a cross-site post without our cookie, so the attempt is found from the path and
  // checked against threeDSSessionData), and our page may post JSON with the customer's session.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.withTypeProvider<LidoTypeProvider>().post(
      `${scaCompletionPath}:transactionId`,
      {
        schema: {
          params: scaCompletionParamsSchema,
          body: scaCompletionBodySchema,
          response: {
            ...ok(scaCompletionAnswerSchema),
            200: z.union([
              dataEnvelope(scaCompletionAnswerSchema),
              z
                .string()
                .describe(
                  'The page that hands the result to the checkout page (a form post from the issuer)',
                ),
            ]),
          },
        },
        // The issuer's form post is cross-site by design; only that form skips the cross-site guard.
        config: { ...paymentPath, csrf: { exemptWhen: isIssuerForm } },
      },
      async (request, reply) => {
        const { transactionId } = parseInput(scaCompletionParamsSchema, request.params);
        if (isIssuerForm(request)) {
          const form = (request.body ?? {}) as Record<string, string | undefined>;
          const session = Buffer.from(form.threeDSSessionData ?? '', 'base64url').toString('utf8');
          if (session !== transactionId || !form.cres)
            throw new HttpError(400, 'This 3D Secure answer does not match the payment.');
          const result = await services.checkout.card.scaCompletion(transactionId, { cres: form.cres });
          return reply.type('text/html; charset=utf-8').send(scaCompletedPage(scaMessage(result)));
        }
        const { customer } = await payer(request, reply);
        const body = parseInput(scaCompletionBodySchema, request.body);
        if (body.transactionUuid !== transactionId)
          throw new HttpError(422, 'The transaction does not match.');
        const result = await services.checkout.card.scaCompletion(transactionId, {
          cres: body.scaResult,
          customerId: customer.id,
        });
        return { data: { transactionId, status: result.transactionStatus, ...scaMessage(result) } };
      },
    );
  });

  // Provider webhooks are server-to-server: no cookie, no Origin; the signature on the raw bytes is
  // the only authentication, so the body is kept unparsed until it has been verified.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 512 * 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.withTypeProvider<LidoTypeProvider>().post(
      `${webhookPathPrefix}:provider/webhook`,
      {
        schema: {
          params: z.object({ provider: z.string() }),
          body: z.unknown().describe("The provider's signed event, kept as bytes until verified"),
          response: {
            200: z.object({ received: z.literal(true), result: z.unknown() }),
            '4xx': errorResponseSchema,
          },
        },
        config: { csrf: 'exempt' },
      },
      async (request, reply) => {
        const { provider } = request.params as { provider: string };
        const card = services.cardProvider;
        if (!card?.verifyWebhook || card.name !== provider) throw new HttpError(404, 'Not found.');
        if (!Buffer.isBuffer(request.body)) throw new HttpError(400, 'The webhook body must be JSON.');
        let event;
        try {
          event = card.verifyWebhook(request.body, request.headers);
        } catch (error) {
          if (error instanceof WebhookSignatureError) {
            request.log.warn({ provider }, 'webhook refused: signature did not verify');
            throw new HttpError(400, 'The webhook signature is not valid.');
          }
          throw error;
        }
        const result = await services.checkout.applyWebhook(event);
        return reply.status(200).send({ received: true, result });
      },
    );
  });

  api.get(
    '/api/orders/:orderId',
    { schema: { params: orderParamsSchema, response: ok(orderSchema) }, config: paymentPath },
    async (request, reply) => {
      const { customer } = await payer(request, reply);
      const { orderId } = parseInput(orderParamsSchema, request.params);
      return { data: await services.checkout.order(customer, orderId) };
    },
  );
}
