import type { Config } from '../../config.ts';
import { sitePortOffset } from '../../http/sites.ts';
import {
  createGoCardlessSandbox,
  goCardlessSandboxPath,
  type GoCardlessSandbox,
} from '../../sandbox/gocardless/sandbox-server.ts';
import { createGoCardlessClient, type GoCardlessClient } from './gocardless-client.ts';

/** The sandbox Direct Debit provider's port: next to the card sandbox's (LIDO_PORT + 3). */
const directDebitSandboxPortOffset = 4;

export interface DirectDebitProvider {
  client: GoCardlessClient;
  name: 'gocardless' | 'sandbox';
}

/**
 * The configured Direct Debit provider. Both are the same GoCardless HTTP adapter: `gocardless`
 * points it at GoCardless, `sandbox` starts the built-in clone on loopback and points it there.
 */
export async function startDirectDebitProvider(config: Config): Promise<{
  provider: DirectDebitProvider | undefined;
  sandbox?: GoCardlessSandbox;
  close(): Promise<void>;
}> {
  const settings = config.directDebit;
  if (settings.provider === 'none') return { provider: undefined, close: async () => {} };
  if (settings.provider === 'gocardless')
    return {
      provider: {
        name: 'gocardless',
        client: createGoCardlessClient({
          baseUrl: settings.apiUrl,
          accessToken: settings.accessToken,
          webhookSecret: settings.webhookSecret,
        }),
      },
      close: async () => {},
    };
  // With hostnames configured every site shares LIDO_PORT; otherwise any site's port takes the API.
  const appPort = config.siteOrigins ? config.port : config.port + sitePortOffset['my-account'];
  const sandbox = await createGoCardlessSandbox({
    dataDir: config.dataDir,
    speed: settings.speed,
    enableControl: config.env !== 'production',
    logLevel: config.logLevel,
    // Webhooks come back to our own server, as GoCardless's would.
    postWebhook: async (body, headers) => {
      const response = await fetch(`http://127.0.0.1:${appPort}/api/webhooks/gocardless`, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(10_000),
      });
      return response.status;
    },
  });
  const port = config.port + directDebitSandboxPortOffset;
  // Only this server talks to it, so it listens on loopback whatever LIDO_BIND_ADDRESS says.
  await sandbox.app.listen({ port, host: '127.0.0.1' });
  return {
    provider: {
      name: 'sandbox',
      client: createGoCardlessClient({
        baseUrl: `http://127.0.0.1:${port}${goCardlessSandboxPath}`,
        accessToken: sandbox.accessToken,
        webhookSecret: sandbox.webhookSecret,
      }),
    },
    sandbox,
    close: () => sandbox.close(),
  };
}
