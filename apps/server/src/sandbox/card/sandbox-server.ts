import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { type ChallengeResult, signCres } from './cres.ts';
import { registerSandboxApi, view } from './sandbox-api.ts';
import { registerSandboxPages } from './sandbox-pages.ts';
import { lookUpCard } from './test-cards.ts';
import { registerSandboxReporting, sandboxReportingPath } from './sandbox-reporting.ts';
import {
  type CardIdentifier,
  createSandboxStore,
  defaultSandboxSettings,
  type SandboxSettings,
} from './sandbox-store.ts';

/**
 * The built-in sandbox card provider: an Opayo Pi clone on its own origin (payments-reference.md
 * §5), so the card iframe, postMessage origin checks and the PCI boundary behave as they would
 * with the real provider. It answers under `/sandbox/opayo`.
 */
export const sandboxBasePath = '/sandbox/opayo';

interface SandboxCardProviderOptions {
  vendorName?: string;
  integrationKey?: string;
  integrationPassword?: string;
  /** where reusable (saved) card identifiers are kept across restarts */
  dataDir?: string;
  /** the sandbox's own public origin, e.g. http://localhost:3003 */
  origin: () => string;
  /** our sites' origins: the only pages that may embed the card frame */
  appOrigins: () => string[];
  /** test-control endpoints (`_control`), for tests only */
  enableControl: boolean;
  settings?: Partial<SandboxSettings>;
  logLevel?: string;
}

export interface SandboxCardProvider {
  app: FastifyInstance;
  credentials: { vendorName: string; integrationKey: string; integrationPassword: string };
  /** the Reporting & Admin API's user, and its path under the sandbox's origin */
  reporting: { path: string; user: string; password: string };
  /** the API base the Opayo adapter is pointed at */
  apiBase: () => string;
  close(): Promise<void>;
}

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export async function createSandboxCardProvider(
  options: SandboxCardProviderOptions,
): Promise<SandboxCardProvider> {
  let offsetMs = 0;
  let fixedNow: number | undefined;
  const now = () => (fixedNow ?? Date.now()) + offsetMs;
  let settings: SandboxSettings = { ...defaultSandboxSettings, ...options.settings };
  const credentials = {
    vendorName: options.vendorName ?? 'sandbox',
    integrationKey: options.integrationKey ?? randomBytes(16).toString('hex'),
    integrationPassword: options.integrationPassword ?? randomBytes(24).toString('hex'),
  };
  const cresSecret = randomBytes(32).toString('hex');
  const reporting = {
    path: `${sandboxBasePath}${sandboxReportingPath}`,
    user: 'lido-reconciliation',
    password: randomBytes(16).toString('hex'),
  };
  const store = createSandboxStore({ now, dataDir: options.dataDir });
  const hanging = new Set<() => void>();

  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'warn',
      // Card details never reach a log line, even at trace level (§5.13).
      redact: { paths: ['req.headers.authorization', 'req.body', 'body'], remove: true },
    },
    bodyLimit: 64 * 1024,
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  app.addHook('onResponse', async (request, reply) => {
    // Any call but a read may have made or changed a payment (the API, the 3-D Secure pages).
    if (request.method !== 'GET') store.persistTransactions();
    if (request.url.startsWith(`${sandboxBasePath}/api/`))
      store.logEvent({
        at: new Date(now()).toISOString(),
        method: request.method,
        path: request.url.split('?')[0]!,
        status: reply.statusCode,
      });
  });
  // The card frame calls the API from the sandbox's own origin; nothing else needs CORS.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    return payload;
  });

  await app.register(async (scope) => {
    registerSandboxApi(scope, `${sandboxBasePath}/api/v1`, {
      store,
      settings: () => settings,
      now,
      ...credentials,
      cresSecret,
      publicBase: () => `${options.origin()}${sandboxBasePath}`,
      hanging,
    });
  });
  registerSandboxReporting(app, reporting.path, {
    store,
    vendorName: credentials.vendorName,
    user: reporting.user,
    password: reporting.password,
  });
  registerSandboxPages(app, {
    store,
    settings: () => settings,
    now,
    cresSecret,
    appOrigins: options.appOrigins,
    basePath: sandboxBasePath,
  });

  if (options.enableControl) {
    await app.register(async (control) => {
      control.addHook('onRequest', async (request, reply) => {
        if (!loopback.has(request.socket.remoteAddress ?? ''))
          return reply.status(403).send({ message: 'Loopback only' });
      });
      const base = `${sandboxBasePath}/_control`;
      control.post(`${base}/reset`, async () => {
        store.reset();
        offsetMs = 0;
        fixedNow = undefined;
        settings = { ...defaultSandboxSettings, ...options.settings };
        return { ok: true };
      });
      control.post<{ Body: { advanceSeconds?: number; now?: string } }>(`${base}/clock`, async (request) => {
        if (request.body?.now) fixedNow = Date.parse(request.body.now);
        if (request.body?.advanceSeconds) offsetMs += request.body.advanceSeconds * 1000;
        return { now: new Date(now()).toISOString() };
      });
      control.post<{ Body: Partial<SandboxSettings> }>(`${base}/profile`, async (request) => {
        settings = { ...settings, ...request.body };
        return settings;
      });
      control.get<{ Querystring: { vendorTxCode?: string } }>(`${base}/transactions`, async (request) => ({
        transactions: (request.query.vendorTxCode
          ? store.byVendorTxCode(request.query.vendorTxCode)
          : [...store.transactions.values()]
        ).map((tx) => ({
          ...view(tx),
          vendorTxCode: tx.vendorTxCode,
          instructions: tx.instructions,
          ...(tx.credentialType ? { credentialType: tx.credentialType } : {}),
        })),
      }));
      control.post<{ Params: { acsTransId: string }; Body: { result?: 'Y' | 'N' | 'timeout' } }>(
        `${base}/acs/:acsTransId/complete`,
        async (request, reply) => {
          const tx = store.byAcsTransId(request.params.acsTransId);
          if (!tx) return reply.status(404).send({ message: 'Unknown challenge' });
          const result: ChallengeResult = {
            messageType: 'CRes',
            threeDSServerTransID: tx.transactionId,
            acsTransID: tx.acsTransId!,
            transStatus: request.body?.result === 'Y' ? 'Y' : 'N',
            ...(request.body?.result === 'timeout' ? { challengeCancel: '04' as const } : {}),
          };
          return { cres: signCres(result, cresSecret), notificationURL: tx.notificationURL };
        },
      );
      control.get(`${base}/events`, async () => ({ events: store.events }));
      // A saved card without the checkout that saves it: a test card's reusable identifier.
      control.post<{ Body: { cardNumber?: string; cardholderName?: string; expiryDate?: string } }>(
        `${base}/reusable-cards`,
        async (request, reply) => {
          const lookup = lookUpCard(request.body?.cardNumber ?? '4929000000006');
          if (lookup.kind !== 'known') return reply.status(422).send({ message: 'Not a test card' });
          const number = request.body?.cardNumber ?? '4929000000006';
          const card: CardIdentifier = {
            id: randomUUID().toUpperCase(),
            msk: '',
            brand: lookup.scenario.brand,
            lastFour: number.slice(-4),
            expiryDate: request.body?.expiryDate ?? '1230',
            cardholderName: request.body?.cardholderName ?? 'SAM CARTER',
            scenario: lookup.scenario,
            securityCodeMatches: undefined,
            expiresAt: Number.POSITIVE_INFINITY,
            state: 'reusable',
          };
          store.cards.set(card.id, card);
          store.persistReusable();
          return { cardIdentifier: card.id, cardType: card.brand, lastFourDigits: card.lastFour };
        },
      );
    });
  }

  return {
    app,
    credentials,
    reporting,
    apiBase: () => `${options.origin()}${sandboxBasePath}/api/v1`,
    async close() {
      for (const release of hanging) release();
      await app.close();
      await store.flush();
    },
  };
}
