import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { addWorkingDays } from '@lido/pricing/working-days';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createSandboxEngine, GcSandboxError, type SandboxEngine } from './sandbox-engine.ts';
import { createWebhookSender, type PostWebhook } from './webhook-sender.ts';

/**
 * The built-in sandbox Direct Debit provider: a GoCardless clone (payments-reference.md §6) that
 * the real GoCardless HTTP adapter is pointed at. It answers under `/sandbox/gocardless`.
 */
export const goCardlessSandboxPath = '/sandbox/gocardless';

type SandboxSpeed = 'manual' | 'fast' | 'realtime';

interface GoCardlessSandboxOptions {
  accessToken?: string;
  webhookSecret?: string;
  /** where the sandbox posts its webhooks */
  postWebhook: PostWebhook;
  retryDelaysMs?: number[];
  /** state kept across restarts (in memory when absent) */
  dataDir?: string;
  /** `manual`: the clock moves only through `_control/clock` and simulators */
  speed?: SandboxSpeed;
  enableControl: boolean;
  /** the clock the sandbox starts from (its control endpoint moves it on from there) */
  now?: () => number;
  logLevel?: string;
  /** a lookup for this holder answers after this long (§6.3 "LOOKUP TIMEOUT") */
  lookupDelayMs?: number;
}

export interface GoCardlessSandbox {
  app: FastifyInstance;
  engine: SandboxEngine;
  accessToken: string;
  webhookSecret: string;
  /** applies every due timeline step and sends the resulting webhooks */
  tick(): void;
  /** moves the sandbox clock on by whole working days (to midday), then ticks */
  advanceWorkingDays(days: number): void;
  deliveries: ReturnType<typeof createWebhookSender>['deliveries'];
  settled(): Promise<void>;
  close(): Promise<void>;
}

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sendError(reply: FastifyReply, error: GcSandboxError, requestId: string) {
  return reply.code(error.status).send({
    error: {
      type: error.type,
      code: error.status,
      message: error.message,
      errors: error.errors.map((entry) => ({
        ...entry,
        ...(entry.field ? { request_pointer: `/${entry.field.replace(/\./g, '/')}` } : {}),
      })),
      request_id: requestId,
      documentation_url: 'https://developer.gocardless.com/api-reference#errors',
    },
  });
}

export async function createGoCardlessSandbox(options: GoCardlessSandboxOptions): Promise<GoCardlessSandbox> {
  const accessToken = options.accessToken ?? `sandbox_${randomBytes(18).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? randomBytes(24).toString('hex');
  let offsetMs = 0;
  const baseNow = options.now ?? Date.now;
  const now = () => baseNow() + offsetMs;
  const engine = createSandboxEngine({
    now,
    file: options.dataDir ? path.join(options.dataDir, 'sandbox-gocardless.json') : undefined,
  });
  const sender = createWebhookSender({
    secret: webhookSecret,
    post: options.postWebhook,
    retryDelaysMs: options.retryDelaysMs,
  });
  let sent = engine.eventCount();
  const tick = () => {
    engine.advance();
    const events = engine.eventsSince(sent);
    sent = engine.eventCount();
    sender.send(events);
  };
  const advanceWorkingDays = (days: number) => {
    const target = Date.parse(`${addWorkingDays(engine.today(), days)}T12:00:00Z`);
    offsetMs += Math.max(0, target - now());
    tick();
  };

  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'warn',
      // Bank details never reach a log line (payments-reference.md §6.4).
      redact: { paths: ['req.headers.authorization', 'req.body', 'body'], remove: true },
    },
    bodyLimit: 64 * 1024,
    genReqId: () => `RQ${randomBytes(8).toString('hex').toUpperCase()}`,
  });
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof GcSandboxError) return sendError(reply, error, request.id);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500)
      return sendError(
        reply,
        new GcSandboxError(400, 'invalid_api_usage', 'Invalid document structure', [
          { reason: 'invalid_document_structure', message: 'Invalid document structure' },
        ]),
        request.id,
      );
    request.log.error(error);
    return sendError(reply, new GcSandboxError(500, 'gocardless', 'Internal server error'), request.id);
  });

  const base = goCardlessSandboxPath;
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith(base) || request.url.startsWith(`${base}/_control`)) return;
    if (request.headers.authorization !== `Bearer ${accessToken}`)
      throw new GcSandboxError(401, 'invalid_api_usage', 'Authentication failed', [
        { reason: 'authentication_failed', message: 'Authentication failed' },
      ]);
    if (request.headers['gocardless-version'] !== '2015-07-06')
      throw new GcSandboxError(400, 'invalid_api_usage', 'GoCardless-Version header missing or unknown', [
        { reason: 'missing_version_header', message: 'GoCardless-Version header missing or unknown' },
      ]);
    // Anything due by now happens before the request sees the state.
    tick();
  });
  app.addHook('onResponse', async () => tick());

  const body = (request: FastifyRequest, key: string) => {
    const wrapped = (request.body as Record<string, unknown> | undefined)?.[key];
    if (!wrapped || typeof wrapped !== 'object')
      throw new GcSandboxError(400, 'invalid_api_usage', `The body must be wrapped in "${key}"`, [
        { reason: 'invalid_document_structure', message: `The body must be wrapped in "${key}"` },
      ]);
    return wrapped as Record<string, unknown>;
  };
  const key = (request: FastifyRequest) => {
    const value = request.headers['idempotency-key'];
    return typeof value === 'string' && value.length > 0 ? value : undefined;
  };
  const id = (request: FastifyRequest) => (request.params as { id: string }).id;

  app.post(`${base}/bank_details_lookups`, async (request, reply) => {
    const input = body(request, 'bank_details_lookups');
    if (
      String(input.account_holder_name ?? '')
        .trim()
        .toUpperCase() === 'LOOKUP TIMEOUT'
    )
      await new Promise((resolve) => setTimeout(resolve, options.lookupDelayMs ?? 10_000));
    return reply.code(200).send({ bank_details_lookups: engine.lookup(input) });
  });
  app.post(`${base}/customers`, async (request, reply) =>
    reply.code(201).send({ customers: engine.createCustomer(body(request, 'customers'), key(request)) }),
  );
  app.get(`${base}/customers/:id`, async (request) => ({ customers: engine.customer(id(request)) }));
  app.post(`${base}/customer_bank_accounts`, async (request, reply) =>
    reply.code(201).send({
      customer_bank_accounts: engine.createBankAccount(body(request, 'customer_bank_accounts'), key(request)),
    }),
  );
  app.get(`${base}/customer_bank_accounts/:id`, async (request) => ({
    customer_bank_accounts: engine.bankAccount(id(request)),
  }));
  app.post(`${base}/mandates`, async (request, reply) =>
    reply.code(201).send({ mandates: engine.createMandate(body(request, 'mandates'), key(request)) }),
  );
  app.get(`${base}/mandates/:id`, async (request) => ({ mandates: engine.mandate(id(request)) }));
  app.post(`${base}/mandates/:id/actions/cancel`, async (request) => ({
    mandates: engine.cancelMandate(id(request)),
  }));
  app.post(`${base}/payments`, async (request, reply) =>
    reply.code(201).send({ payments: engine.createPayment(body(request, 'payments'), key(request)) }),
  );
  app.get(`${base}/payments/:id`, async (request) => ({ payments: engine.payment(id(request)) }));
  app.post(`${base}/payments/:id/actions/cancel`, async (request) => ({
    payments: engine.cancelPayment(id(request)),
  }));
  app.post(`${base}/payments/:id/actions/retry`, async (request) => ({
    payments: engine.retryPayment(
      id(request),
      (request.body as { data?: Record<string, unknown> } | undefined)?.data ?? {},
      key(request),
    ),
  }));
  app.post(`${base}/billing_requests`, async (request, reply) =>
    reply.code(201).send({
      billing_requests: engine.createBillingRequest(body(request, 'billing_requests'), key(request)),
    }),
  );
  app.get(`${base}/billing_requests/:id`, async (request) => ({
    billing_requests: engine.billingRequest(id(request)),
  }));
  app.post(`${base}/billing_requests/:id/actions/:action`, async (request) => {
    const { action } = request.params as { action: string };
    const input = (request.body as { data?: Record<string, unknown> } | undefined)?.data ?? {};
    return { billing_requests: engine.billingRequestAction(id(request), action, input) };
  });
  app.post(`${base}/scenario_simulators/:id/actions/run`, async (request) => {
    const raw = (request.body ?? {}) as Record<string, { links?: { resource?: string } } | undefined> & {
      links?: { resource?: string };
    };
    const resource =
      raw.data?.links?.resource ?? raw.scenario_simulators?.links?.resource ?? raw.links?.resource ?? '';
    const { id: scenario } = engine.simulate(id(request), resource);
    return { scenario_simulators: { id: scenario } };
  });
  app.get(`${base}/events`, async (request) => {
    const query = request.query as Record<string, string | undefined>;
    const limit = Math.min(500, Math.max(1, Number(query.limit ?? 50) || 50));
    const events = engine.events({
      resourceType: query.resource_type,
      mandate: query.mandate,
      payment: query.payment,
      limit,
    });
    return { events, meta: { cursors: { before: null, after: null }, limit } };
  });
  app.get(`${base}/events/:id`, async (request) => ({ events: engine.event(id(request)) }));

  // Test control (payments-reference.md §6.2, §6.4): loopback only, and never in production.
  if (options.enableControl) {
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.startsWith(`${base}/_control`) && !loopback.has(request.socket.remoteAddress ?? ''))
        return reply.code(404).send();
    });
    app.post(`${base}/_control/clock`, async (request) => {
      const input = (request.body ?? {}) as { advance_working_days?: unknown; advance_ms?: unknown };
      if (typeof input.advance_working_days === 'number' && Number.isInteger(input.advance_working_days))
        advanceWorkingDays(Math.max(0, input.advance_working_days));
      else if (typeof input.advance_ms === 'number' && input.advance_ms >= 0) {
        offsetMs += input.advance_ms;
        tick();
      }
      return { now: new Date(now()).toISOString(), today: engine.today() };
    });
    app.get(`${base}/_control/webhooks`, async () => ({ deliveries: sender.deliveries() }));
    app.get(`${base}/_control/counts`, async () => engine.counts());
    app.post(`${base}/_control/reset`, async () => {
      engine.reset();
      sent = 0;
      return { reset: true };
    });
  }

  // `realtime` follows the wall clock; `fast` makes each second a working day (§6.2).
  const speed = options.speed ?? 'manual';
  const timer =
    speed === 'manual'
      ? undefined
      : setInterval(
          () => (speed === 'fast' ? advanceWorkingDays(1) : tick()),
          speed === 'fast' ? 1_000 : 5_000,
        );
  timer?.unref();

  return {
    app,
    engine,
    accessToken,
    webhookSecret,
    tick,
    advanceWorkingDays,
    deliveries: sender.deliveries,
    settled: sender.settled,
    async close() {
      if (timer) clearInterval(timer);
      sender.close();
      await app.close();
      await engine.flush();
    },
  };
}
