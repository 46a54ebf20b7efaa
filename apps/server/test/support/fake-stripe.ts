import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyReply } from 'fastify';

/**
 * A small stateful Stripe-shaped API for the Stripe adapter's tests (payments-reference.md §2.8:
 * stripe-mock is stateless and not on npm). It speaks the SDK's form-encoded requests, keeps
 * payment intents, customers and refunds, honours idempotency keys (a replay answers the first
 * response; other parameters under the same key are an error) and records the events Stripe would
 * send. Test payment methods decide the behaviour, as in Stripe's test mode.
 */

interface FakeCard {
  brand: string;
  last4: string;
  /** needs 3-D Secure on every on-session payment */
  challenge: boolean;
  decline?: { code: string; decline_code: string; message: string };
}

const testPaymentMethods: Record<string, FakeCard> = {
  pm_card_visa: { brand: 'visa', last4: '4242', challenge: false },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', challenge: true },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    challenge: false,
    decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  },
  pm_card_visa_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    challenge: false,
    decline: {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
};

type Params = Record<string, unknown>;

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: string | null;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  last_payment_error: { code: string; decline_code?: string; message: string; type: string } | null;
  next_action: { type: string } | null;
  created: number;
}

/** Stripe's bracket form encoding (`metadata[attempt]=…`, `expand[0]=…`) back into objects. */
function parseForm(body: string): Params {
  const result: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = result as Record<string, unknown>;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return result;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export interface FakeStripe {
  port: number;
  secretKey: string;
  intents: Map<string, Intent>;
  /** the events Stripe would deliver, oldest first */
  events: { id: string; object: 'event'; type: string; created: number; data: { object: Intent } }[];
  /** finishes the cardholder's 3-D Secure, as Stripe.js would in the browser */
  authenticate(intentId: string, pass: boolean): Intent;
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(8).toString('hex')}`;
  const intents = new Map<string, Intent>();
  const customers = new Map<string, { id: string; paymentMethods: Set<string> }>();
  const idempotency = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const events: FakeStripe['events'] = [];

  const app = Fastify({ logger: false });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, parseForm(body as string)),
  );

  function error(reply: FastifyReply, status: number, value: Params) {
    return reply.status(status).send({ error: value });
  }

  /** Stripe's answer for an id or payment method it does not know. */
  function missing(reply: FastifyReply, status: number, message: string, param?: string) {
    return error(reply, status, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message,
      ...(param ? { param } : {}),
    });
  }

  function emit(type: string, intent: Intent) {
    events.push({
      id: id('evt'),
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object: structuredClone(intent) },
    });
  }

  function view(intent: Intent, expand: unknown) {
    const expanded = Object.values((expand as Record<string, string>) ?? {}).includes('payment_method');
    if (!expanded || !intent.payment_method) return intent;
    const card = testPaymentMethods[intent.payment_method]!;
    return {
      ...intent,
      payment_method: {
        id: intent.payment_method,
        object: 'payment_method',
        type: 'card',
        customer: intent.customer,
        card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034 },
      },
    };
  }

  function settle(intent: Intent) {
    intent.status = 'succeeded';
    intent.next_action = null;
    intent.last_payment_error = null;
    if (intent.setup_future_usage && intent.customer && intent.payment_method)
      customers.get(intent.customer)?.paymentMethods.add(intent.payment_method);
    emit('payment_intent.succeeded', intent);
  }

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/_fake')) return;
    if (request.headers.authorization !== `Bearer ${secretKey}`)
      return error(reply, 401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
  });

  // Idempotency (§2.4): the first answer under a key is replayed; new parameters are refused.
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (request.method !== 'POST' || typeof key !== 'string') return;
    const fingerprint = createHash('sha256')
      .update(`${request.url} ${JSON.stringify(request.body ?? {})}`)
      .digest('hex');
    const stored = idempotency.get(key);
    if (!stored) return;
    if (stored.fingerprint !== fingerprint)
      return error(reply, 400, {
        type: 'idempotency_error',
        message:
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      });
    return reply.status(stored.status).header('idempotent-replayed', 'true').send(stored.body);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.headers['idempotency-key'];
    if (
      request.method === 'POST' &&
      typeof key === 'string' &&
      !idempotency.has(key) &&
      reply.statusCode < 500
    )
      idempotency.set(key, {
        fingerprint: createHash('sha256')
          .update(`${request.url} ${JSON.stringify(request.body ?? {})}`)
          .digest('hex'),
        status: reply.statusCode,
        body: JSON.parse(String(payload)),
      });
    return payload;
  });

  app.post('/v1/customers', async (request) => {
    const customer = { id: id('cus'), paymentMethods: new Set<string>() };
    customers.set(customer.id, customer);
    const body = request.body as Params;
    return { id: customer.id, object: 'customer', email: body.email ?? null, metadata: body.metadata ?? {} };
  });

  app.post('/v1/payment_intents', async (request, reply) => {
    const body = request.body as Params;
    const method = String(body.payment_method ?? '');
    const card = testPaymentMethods[method];
    if (!card) return missing(reply, 400, `No such PaymentMethod: '${method}'`, 'payment_method');
    const customer = body.customer ? String(body.customer) : null;
    if (customer && !customers.has(customer)) return missing(reply, 400, 'No such customer');
    const offSession = body.off_session === 'true';
    // As Stripe: off_session needs confirm, and a card of the customer's (attached to them).
    if (offSession && body.confirm !== 'true')
      return error(reply, 400, {
        type: 'invalid_request_error',
        message: 'You can only pass in off_session when confirm is set to true.',
        param: 'off_session',
      });
    if (offSession && (!customer || !customers.get(customer)?.paymentMethods.has(method)))
      return missing(
        reply,
        400,
        'The provided PaymentMethod is not attached to this customer.',
        'payment_method',
      );
    const intent: Intent = {
      id: id('pi'),
      object: 'payment_intent',
      amount: Number(body.amount),
      currency: String(body.currency),
      status: 'requires_confirmation',
      customer,
      payment_method: method,
      setup_future_usage: body.setup_future_usage ? String(body.setup_future_usage) : null,
      client_secret: '',
      description: body.description ? String(body.description) : null,
      metadata: (body.metadata as Record<string, string>) ?? {},
      last_payment_error: null,
      next_action: null,
      created: Math.floor(Date.now() / 1000),
    };
    intent.client_secret = `${intent.id}_secret_${randomBytes(8).toString('hex')}`;
    intents.set(intent.id, intent);
    emit('payment_intent.created', intent);
    if (body.confirm === 'true') {
      if (card.decline) {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = { type: 'card_error', ...card.decline };
        emit('payment_intent.payment_failed', intent);
        return error(reply, 402, {
          type: 'card_error',
          ...card.decline,
          payment_intent: view(intent, body.expand),
        });
      }
      if (card.challenge && offSession) {
        // Nobody is there to authenticate: the charge fails rather than asking for an action.
        const decline = {
          code: 'authentication_required',
          decline_code: 'authentication_required',
          message: 'Your card was declined. This transaction requires authentication.',
        };
        intent.status = 'requires_payment_method';
        intent.last_payment_error = { type: 'card_error', ...decline };
        emit('payment_intent.payment_failed', intent);
        return error(reply, 402, {
          type: 'card_error',
          ...decline,
          payment_intent: view(intent, body.expand),
        });
      }
      if (card.challenge) {
        intent.status = 'requires_action';
        intent.next_action = { type: 'use_stripe_sdk' };
        emit('payment_intent.requires_action', intent);
      } else settle(intent);
    }
    return view(intent, body.expand);
  });

  // Search by metadata, the one query form the adapter uses: metadata['key']:'value'.
  app.get('/v1/payment_intents/search', async (request, reply) => {
    const query = String(parseForm(request.url.split('?')[1] ?? '').query ?? '');
    const match = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(query);
    if (!match)
      return error(reply, 400, { type: 'invalid_request_error', message: 'Unsupported search query' });
    const data = [...intents.values()].filter((intent) => intent.metadata[match[1]!] === match[2]);
    return {
      object: 'search_result',
      data,
      has_more: false,
      next_page: null,
      url: '/v1/payment_intents/search',
    };
  });

  app.get<{ Params: { id: string } }>('/v1/payment_intents/:id', async (request, reply) => {
    const intent = intents.get(request.params.id);
    if (!intent) return missing(reply, 404, `No such payment_intent: '${request.params.id}'`);
    return view(intent, parseForm(request.url.split('?')[1] ?? '').expand);
  });

  app.post<{ Params: { id: string } }>('/v1/payment_intents/:id/cancel', async (request, reply) => {
    const intent = intents.get(request.params.id);
    if (!intent) return missing(reply, 404, 'No such payment_intent');
    if (intent.status === 'succeeded' || intent.status === 'canceled')
      return error(reply, 400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
      });
    intent.status = 'canceled';
    emit('payment_intent.canceled', intent);
    return intent;
  });

  app.post('/v1/refunds', async (request, reply) => {
    const body = request.body as Params;
    const intent = intents.get(String(body.payment_intent));
    if (!intent || intent.status !== 'succeeded')
      return error(reply, 400, {
        type: 'invalid_request_error',
        message: 'This PaymentIntent has no charge to refund.',
      });
    return {
      id: id('re'),
      object: 'refund',
      amount: Number(body.amount ?? intent.amount),
      payment_intent: intent.id,
      status: 'succeeded',
    };
  });

  // SetupIntents (§2.3): a card saved without a charge; attached to the customer once it succeeds.
  const setupIntents = new Map<
    string,
    {
      id: string;
      object: 'setup_intent';
      status: string;
      customer: string | null;
      payment_method: string;
      usage: string;
      client_secret: string;
    }
  >();
  app.post('/v1/setup_intents', async (request, reply) => {
    const body = request.body as Params;
    const method = String(body.payment_method ?? '');
    const card = testPaymentMethods[method];
    if (!card) return missing(reply, 400, `No such PaymentMethod: '${method}'`);
    const setup = {
      id: id('seti'),
      object: 'setup_intent' as const,
      status: card.challenge ? 'requires_action' : card.decline ? 'requires_payment_method' : 'succeeded',
      customer: body.customer ? String(body.customer) : null,
      payment_method: method,
      usage: String(body.usage ?? 'off_session'),
      client_secret: '',
    };
    setup.client_secret = `${setup.id}_secret_${randomBytes(8).toString('hex')}`;
    setupIntents.set(setup.id, setup);
    if (setup.status === 'succeeded' && setup.customer)
      customers.get(setup.customer)?.paymentMethods.add(method);
    return setup;
  });
  app.get<{ Params: { id: string } }>('/v1/setup_intents/:id', async (request, reply) => {
    const setup = setupIntents.get(request.params.id);
    if (!setup) return missing(reply, 404, 'No such setup_intent');
    return setup;
  });

  const fake: FakeStripe = {
    port: 0,
    secretKey,
    intents,
    events,
    authenticate(intentId, pass) {
      const intent = intents.get(intentId);
      if (!intent || intent.status !== 'requires_action')
        throw new Error(`${intentId} is not waiting for 3-D Secure`);
      if (pass) settle(intent);
      else {
        intent.status = 'requires_payment_method';
        intent.next_action = null;
        intent.last_payment_error = {
          type: 'card_error',
          code: 'payment_intent_authentication_failure',
          message:
            'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        };
        emit('payment_intent.payment_failed', intent);
      }
      return intent;
    },
    close: () => app.close(),
  };
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  fake.port = typeof address === 'object' && address ? address.port : 0;
  return fake;
}
