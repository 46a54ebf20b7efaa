import type { Config } from '../../config.ts';
import { localSiteOrigins, sandboxPortOffset } from '../../http/sites.ts';
import {
  createSandboxCardProvider,
  sandboxBasePath,
  type SandboxCardProvider,
} from '../../sandbox/card/sandbox-server.ts';
import type { CardProvider } from './card-provider.ts';
import { createOpayoCardProvider } from './opayo-card-provider.ts';
import { createStripeCardProvider } from './stripe-card-provider.ts';

/** Our sites' origins as a browser may see them: the pages allowed to hold the card frame. */
export function appOriginsFor(config: Config): string[] {
  if (config.siteOrigins) return Object.values(config.siteOrigins);
  return localSiteOrigins(config, ['localhost', '127.0.0.1']);
}

/**
 * The configured card provider. For `sandbox` the built-in Opayo clone is started on its own port
 * (LIDO_PORT + 3) and the production Opayo adapter is pointed at it.
 */
export async function startCardProvider(
  config: Config,
): Promise<{ provider: CardProvider | undefined; sandbox?: SandboxCardProvider; close(): Promise<void> }> {
  const card = config.card;
  if (card.provider === 'none') return { provider: undefined, close: async () => {} };
  if (card.provider === 'opayo') {
    const provider = createOpayoCardProvider({
      name: 'opayo',
      apiBase: card.apiBase,
      vendorName: card.vendorName,
      integrationKey: card.integrationKey,
      integrationPassword: card.integrationPassword,
      reporting: card.reporting,
      scriptUrl: `${card.apiBase}/js/sagepay.js`,
      mode: 'live',
    });
    return { provider, close: async () => {} };
  }
  if (card.provider === 'stripe') {
    const provider = createStripeCardProvider({
      secretKey: card.secretKey,
      publishableKey: card.publishableKey,
      webhookSecret: card.webhookSecret,
      api: card.api,
    });
    return { provider, close: async () => {} };
  }
  const port = config.port + sandboxPortOffset;
  const sandbox = await createSandboxCardProvider({
    dataDir: config.dataDir,
    origin: () => card.sandboxOrigin,
    appOrigins: () => appOriginsFor(config),
    enableControl: config.env !== 'production',
    logLevel: config.logLevel,
  });
  // Loopback only, whatever LIDO_BIND_ADDRESS says: it takes no real money and has test controls,
  // so browsers reach it through the local machine or a proxy at LIDO_SANDBOX_CARD_ORIGIN.
  await sandbox.app.listen({ port, host: '127.0.0.1' });
  const provider = createOpayoCardProvider({
    name: 'sandbox',
    // The server talks to the sandbox directly; browsers use its public origin.
    apiBase: `http://127.0.0.1:${port}${sandboxBasePath}/api/v1`,
    ...sandbox.credentials,
    reporting: {
      url: `http://127.0.0.1:${port}${sandbox.reporting.path}`,
      user: sandbox.reporting.user,
      password: sandbox.reporting.password,
    },
    scriptUrl: `${card.sandboxOrigin}${sandboxBasePath}/api/v1/js/sagepay.js`,
    mode: 'sandbox',
  });
  return { provider, sandbox, close: () => sandbox.close() };
}
