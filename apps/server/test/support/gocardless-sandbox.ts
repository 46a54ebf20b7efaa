import type { AddressInfo } from 'node:net';
import {
  createGoCardlessClient,
  type GoCardlessClient,
} from '../../src/providers/direct-debit/gocardless-client.ts';
import {
  createGoCardlessSandbox,
  type GoCardlessSandbox,
  goCardlessSandboxPath,
} from '../../src/sandbox/gocardless/sandbox-server.ts';
import type { PostWebhook } from '../../src/sandbox/gocardless/webhook-sender.ts';

export interface TestGoCardless {
  sandbox: GoCardlessSandbox;
  baseUrl: string;
  /** the production GoCardless HTTP adapter pointed at the sandbox */
  client: GoCardlessClient;
  /** raw requests, for what the adapter never sends (a wrong token, a missing header) */
  raw(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

/** The sandbox GoCardless on a free loopback port, clock moved only by the test. */
export async function startTestGoCardless(
  options: { postWebhook?: PostWebhook; retryDelaysMs?: number[]; now?: () => number; dataDir?: string } = {},
): Promise<TestGoCardless> {
  const sandbox = await createGoCardlessSandbox({
    postWebhook: options.postWebhook ?? (async () => 204),
    retryDelaysMs: options.retryDelaysMs ?? [20, 40, 80],
    enableControl: true,
    speed: 'manual',
    lookupDelayMs: 200,
    ...(options.now ? { now: options.now } : {}),
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  });
  await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(sandbox.app.server.address() as AddressInfo).port}${goCardlessSandboxPath}`;
  return {
    sandbox,
    baseUrl,
    client: createGoCardlessClient({
      baseUrl,
      accessToken: sandbox.accessToken,
      webhookSecret: sandbox.webhookSecret,
    }),
    raw: (method, path, body, headers = {}) =>
      fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${sandbox.accessToken}`,
          'gocardless-version': '2015-07-06',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    close: () => sandbox.close(),
  };
}
