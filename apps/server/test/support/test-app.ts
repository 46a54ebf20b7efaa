import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { AppServices, CatalogueCacheSetting } from '../../src/services.ts';
import type { CardProvider } from '../../src/providers/card/card-provider.ts';
import type { DirectDebitProvider } from '../../src/providers/direct-debit/start-direct-debit-provider.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import type { LineKinds } from '../../src/modules/line-kinds/index.ts';
import { demoPassword } from '../../src/db/seed/demo-customers.ts';
import { seedDemoIfEmpty } from '../../src/db/seed/seed-demo.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  /** the app's services, for driving work the HTTP answer does not wait for */
  services(): AppServices;
  config: Config;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The least a production start needs: https site URLs and a way to send email (README). */
export const productionEnv = {
  NODE_ENV: 'production',
  LIDO_BOOKINGS_URL: 'https://bookings.example.org',
  LIDO_MY_ACCOUNT_URL: 'https://myaccount.example.org',
  LIDO_ONLINE_JOINING_URL: 'https://join.example.org',
  LIDO_SMTP_URL: 'smtps://lido:mail-password@mail.example.org:465',
};

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LIDO_LOG_LEVEL: 'silent',
    LIDO_PORT: '3000',
    LIDO_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lido-test-')),
    ...env,
  });
}

/** The real application on a clean database with the demo operator, ready for `inject`. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    seed?: boolean;
    beforeReady?: (app: FastifyInstance) => void;
    /** "now" for the app, e.g. '2026-11-21T12:00:00Z' */
    now?: string | (() => Date);
    /** the card provider checkout pays with (see support/card-sandbox.ts) */
    cardProvider?: CardProvider;
    /** the Direct Debit provider (see support/gocardless-sandbox.ts) */
    directDebitProvider?: DirectDebitProvider;
    /** an existing database, e.g. to restart the app on the same data */
    database?: DatabaseHandle;
    /** where the app's log lines go (with `LIDO_LOG_LEVEL` set), to read what it logged */
    logStream?: Writable;
    /**
     * The catalogue cache (decision 0038). Tests check the version on every request by default, so
     * a change a test makes is seen by its next call; `false` reads the database every time.
     */
    catalogueCache?: CatalogueCacheSetting;
    /** sees each route as it is registered */
    onRoute?: (route: RouteOptions) => void;
    /** kinds of basket line sold besides the registered ones (decision 0077) */
    moreLineKinds?: LineKinds;
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = options.database ?? (await createTestDatabase());
  // The demo member in arrears is left out: server tests make their own (outstanding-balance.test.ts).
  const clock =
    typeof options.now === 'function'
      ? options.now
      : options.now
        ? () => new Date(options.now as string)
        : () => new Date();
  // Seeded as of the app's clock, so a pinned test's timetable is the same whatever day it runs.
  if (options.seed !== false) await seedDemoIfEmpty(database.db, { arrears: false, now: clock() });
  const app = await buildApp({
    config,
    database,
    clock,
    cardProvider: options.cardProvider,
    directDebitProvider: options.directDebitProvider,
    logStream: options.logStream,
    catalogueCache: options.catalogueCache ?? { checkEveryMs: 0 },
    onRoute: options.onRoute,
    moreLineKinds: options.moreLineKinds,
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    services: () => app.services,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The `Host` each site answers on locally (port decides). */
export const siteHost = {
  bookings: 'localhost:3000',
  myAccount: 'localhost:3001',
  onlineJoining: 'localhost:3002',
  frontOfHouse: 'localhost:3005',
};

/** Logs a demo customer in through the real login call and answers the session cookie to send. */
export async function loginCookie(
  t: TestApp,
  username: string,
  password = demoPassword,
  site = siteHost.myAccount,
): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/customer/login',
    headers: { origin: `http://${site}`, host: site },
    payload: { username, password },
  });
  const cookie = String(response.headers['set-cookie']).match(/lido_authToken=[^;]+/)?.[0];
  if (!cookie) throw new Error(`Login as ${username} failed: ${response.statusCode} ${response.body}`);
  return cookie;
}
