import type { AddressInfo } from 'node:net';
import type { CardProvider } from '../../src/providers/card/card-provider.ts';
import { createOpayoCardProvider } from '../../src/providers/card/opayo-card-provider.ts';
import { createSandboxCardProvider, sandboxBasePath } from '../../src/sandbox/card/sandbox-server.ts';

export interface TestSandbox {
  origin: string;
  apiBase: string;
  /** the production Opayo adapter pointed at the sandbox */
  provider: CardProvider;
  credentials: { vendorName: string; integrationKey: string; integrationPassword: string };
  /** what the card frame does in the browser: card details to a card identifier */
  tokenise(
    msk: string,
    card?: Partial<{ cardholderName: string; cardNumber: string; expiryDate: string; securityCode: string }>,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  linkSecurityCode(msk: string, cardIdentifier: string, securityCode: string): Promise<number>;
  control(path: string, body?: unknown): Promise<Record<string, unknown>>;
  api(
    method: string,
    path: string,
    body?: unknown,
    auth?: string,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** The built-in sandbox card provider on a free loopback port, with its control endpoints on. */
export async function startTestSandbox(
  options: { appOrigins?: string[]; timeoutMs?: number; dataDir?: string } = {},
): Promise<TestSandbox> {
  let origin = '';
  const sandbox = await createSandboxCardProvider({
    origin: () => origin,
    appOrigins: () => options.appOrigins ?? ['http://localhost:3002'],
    enableControl: true,
    settings: { timeoutDelayMs: 300 },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  });
  await sandbox.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(sandbox.app.server.address() as AddressInfo).port}`;
  const apiBase = `${origin}${sandboxBasePath}/api/v1`;
  const basic = `Basic ${Buffer.from(`${sandbox.credentials.integrationKey}:${sandbox.credentials.integrationPassword}`).toString('base64')}`;
  const api: TestSandbox['api'] = async (method, path, body, auth = basic) => {
    const response = await fetch(`${apiBase}${path}`, {
      method,
      headers: {
        ...(auth ? { authorization: auth } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };
  return {
    origin,
    apiBase,
    credentials: sandbox.credentials,
    provider: createOpayoCardProvider({
      name: 'sandbox',
      apiBase,
      ...sandbox.credentials,
      reporting: {
        url: `${origin}${sandbox.reporting.path}`,
        user: sandbox.reporting.user,
        password: sandbox.reporting.password,
      },
      scriptUrl: `${apiBase}/js/sagepay.js`,
      mode: 'sandbox',
      timeoutMs: options.timeoutMs ?? 5000,
    }),
    tokenise: (msk, card = {}) =>
      api(
        'POST',
        '/card-identifiers',
        {
          cardDetails: {
            cardholderName: 'SAM CARTER',
            cardNumber: '4929000000006',
            expiryDate: '1230',
            securityCode: '123',
            ...card,
          },
        },
        `Bearer ${msk}`,
      ),
    linkSecurityCode: async (msk, cardIdentifier, securityCode) =>
      (
        await api(
          'POST',
          `/card-identifiers/${cardIdentifier}/security-code`,
          { securityCode },
          `Bearer ${msk}`,
        )
      ).status,
    async control(path, body) {
      const response = await fetch(`${origin}${sandboxBasePath}/_control${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await response.json()) as Record<string, unknown>;
    },
    api,
    close: () => sandbox.close(),
  };
}
