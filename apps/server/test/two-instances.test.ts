import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whyNoPostgres } from './support/postgres.ts';
import { type SmtpCatcher, startSmtpCatcher } from './support/smtp-catcher.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const adminUrl = process.env.DATABASE_URL;

const skipReason = await whyNoPostgres();
if (skipReason) console.warn(`Two-instance test skipped: ${skipReason}.`);

interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** One server process as a deployment runs it: its own ports and data folder, the shared database. */
function startInstance(name: string, port: number, databaseUrl: string, smtpUrl: string): Instance {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      LIDO_PORT: String(port),
      LIDO_BIND_ADDRESS: '127.0.0.1',
      LIDO_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `lido-${name}-`)),
      LIDO_SMTP_URL: smtpUrl,
      LIDO_JOB_INTERVAL_SECONDS: '1',
      LIDO_LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, port, child, output: () => output, exited };
}

/** Waits for the health check, or fails with the process's output if it exited first. */
async function ready(instance: Instance): Promise<void> {
  let exitCode: number | null | undefined;
  void instance.exited.then((code) => (exitCode = code));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exitCode !== undefined)
      throw new Error(`${instance.name} exited with ${exitCode} during start-up:\n${instance.output()}`);
    const answer = await fetch(`http://127.0.0.1:${instance.port + 1}/api/health`).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${instance.name} did not start in time:\n${instance.output()}`);
}

/** A JSON call to an instance's joining site, as the page there would make it. */
async function call(instance: Instance, method: string, url: string, cookie?: string, body?: object) {
  const origin = `http://127.0.0.1:${instance.port + 2}`;
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: {
      origin,
      ...(cookie ? { cookie } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as { data?: Record<string, unknown> & { data?: unknown } },
    cookie: response.headers.get('set-cookie')?.match(/lido_authToken=[^;]+/)?.[0],
  };
}

const password = 'Correct-Horse-9';
const registration = (email: string) => ({
  first_name: 'Robin',
  last_name: 'Hughes',
  date_of_birth: '1990-03-27',
  email,
  phone: '07700 900123',
  address_line_one: '1 Test Street',
  town: 'Leeds',
  postcode: 'LS6 3BR',
  password,
  password_confirmation: password,
  client_id: 1,
  source: 'online-joining',
});
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

/**
 * The first of `count` consecutive ports free on 127.0.0.1 (three instances use ten each). A random
 * block alone once landed on a port the machine's own services hold (25672, Erlang's distribution).
 */
async function freePortBlock(count: number): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = 20_000 + Math.floor(Math.random() * 600) * 50;
    const checks = await Promise.all(Array.from({ length: count }, (_, offset) => free(base + offset)));
    if (checks.every(Boolean)) return base;
  }
  throw new Error(`No ${count} consecutive free ports found`);
}

describe.skipIf(skipReason !== undefined)('several server processes on one PostgreSQL database', () => {
  let admin: pg.Client;
  let database: pg.Client;
  let catcher: SmtpCatcher;
  const databaseName = `lido_two_instances_${randomBytes(5).toString('hex')}`;
  let basePort: number;
  const instances: Instance[] = [];
  let a: Instance;
  let b: Instance;

  const register = async (on: Instance, email: string) => {
    const answer = await call(
      on,
      'POST',
      '/api/auth/customer/register?onboarding_type=customer_account_online',
      undefined,
      registration(email),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.cookie!;
  };
  /** Gym Anytime for a year at Castlefield, paid up front (no Direct Debit). */
  const fillBasket = async (on: Instance, cookie: string) => {
    const added = await call(on, 'POST', '/api/cart/add', cookie, {
      items: [
        {
          id: 1,
          type: 'membership',
          pricing_option_id: 2,
          options: { venue_id: 1, start_date: today() },
        },
      ],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const terms = await call(on, 'GET', `/api/terms?cart_id=${String(added.body.data!.cartId)}`, cookie);
    return (terms.body.data!.data as { id: number }[]).map((term) => term.id);
  };
  /** prepare, the card frame's tokenising at that instance's sandbox, then authorise. */
  const authorise = async (on: Instance, cookie: string, terms: number[]) => {
    const prepared = (await call(on, 'GET', '/api/checkout/prepare', cookie)).body.data!;
    const script = (prepared.paymentProviderConfiguration as { url: string }).url;
    const apiBase = script.replace(/\/js\/sagepay\.js$/, '').replace('localhost', '127.0.0.1');
    const token = await fetch(`${apiBase}/card-identifiers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${String(prepared.sessionKey)}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        cardDetails: {
          cardholderName: 'ROBIN HUGHES',
          cardNumber: '4929000000006',
          expiryDate: '1230',
          securityCode: '123',
        },
      }),
    });
    const { cardIdentifier } = (await token.json()) as { cardIdentifier: string };
    const authorised = await call(on, 'POST', '/api/checkout/authorise', cookie, {
      billing_first_name: 'Robin',
      billing_last_name: 'Hughes',
      billing_address_line_one: '1 Test Street',
      billing_city: 'Leeds',
      billing_postcode: 'LS6 3BR',
      session_key: prepared.sessionKey,
      card_identifier: cardIdentifier,
      card_holder_name: 'ROBIN HUGHES',
      terms,
      source: 'online-joining',
    });
    expect(authorised.body.data, JSON.stringify(authorised.body)).toMatchObject({
      transactionStatus: 'authorised',
    });
    return String(authorised.body.data!.transactionUuid);
  };
  const complete = (on: Instance, cookie: string, transactionUuid: string) =>
    call(on, 'POST', '/api/checkout/complete', cookie, { transaction_uuid: transactionUuid });
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await database.query<{ n: string }>(sql, params)).rows[0]!.n);

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${databaseName}`;
    database = new pg.Client({ connectionString: url.toString() });
    await database.connect();
    catcher = await startSmtpCatcher();
    basePort = await freePortBlock(30);
    // Three processes at the same moment on the empty database: all must come up.
    for (const name of ['A', 'B', 'C'])
      instances.push(startInstance(name, basePort + instances.length * 10, url.toString(), catcher.url));
    [a, b] = instances as [Instance, Instance];
    // Every test needs them up, whichever runs first (the order is shuffled).
    await Promise.all(instances.map(ready));
  }, 150_000);

  afterAll(async () => {
    for (const instance of instances) if (instance.child.exitCode === null) instance.child.kill('SIGTERM');
    await Promise.all(instances.map((instance) => instance.exited));
    await database?.end();
    await catcher?.close();
    await admin?.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin?.end();
  }, 60_000);

  it('starts three processes at once on an empty database: one migrates and seeds, all come up', async () => {
    // All three answered their health check before the tests began (see beforeAll).
    expect(instances.map((instance) => instance.child.exitCode)).toEqual([null, null, null]);
    expect(await count('SELECT count(*) AS n FROM operators')).toBe(1);
    expect(await count('SELECT count(*) AS n FROM lido_migrations')).toBe(
      fs.readdirSync(path.join(repoRoot, 'apps/server/src/db/migrations')).filter((f) => f.endsWith('.sql'))
        .length,
    );
    // A stopped instance waits for its jobs and exits cleanly.
    instances[2]!.child.kill('SIGTERM');
    expect(await instances[2]!.exited).toBe(0);
  }, 150_000);

  it('lets a customer register on A, log in on B, fill the basket on A, authorise on B and complete on A', async () => {
    const cookie = await register(a, 'robin.hughes@example.org');
    // The session lives in the database: B knows A's cookie, and a login on B works too.
    expect((await call(b, 'GET', '/api/auth/user', cookie)).status).toBe(200);
    const login = await call(b, 'POST', '/api/auth/customer/login', undefined, {
      username: 'robin.hughes@example.org',
      password,
    });
    expect(login.status).toBe(200);
    const terms = await fillBasket(a, cookie);
    const transactionUuid = await authorise(b, login.cookie!, terms);
    const completed = await complete(a, cookie, transactionUuid);
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    const order = await call(b, 'GET', `/api/orders/${String(completed.body.data!.orderId)}`, login.cookie);
    expect(order.status).toBe(200);
    expect(order.body.data).toMatchObject({ reference: expect.any(String) });
  }, 60_000);

  it('makes one order from 20 concurrent completes split across both instances', async () => {
    const cookie = await register(b, 'sam.hughes@example.org');
    const terms = await fillBasket(b, cookie);
    const transactionUuid = await authorise(a, cookie, terms);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => complete(n % 2 === 0 ? a : b, cookie, transactionUuid)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => answer.body.data!.orderId)).size).toBe(1);
    expect(
      await count(
        `SELECT count(*) AS n FROM orders o JOIN customers c ON c.id = o.customer_id WHERE c.email = $1`,
        ['sam.hughes@example.org'],
      ),
    ).toBe(1);
  }, 60_000);

  it('refuses the 101st bad login for one account, alternating between A and B, with 429', async () => {
    await register(a, 'jo.hughes@example.org');
    const statuses: number[] = [];
    for (let n = 0; n < 101; n += 1) {
      const answer = await call(n % 2 === 0 ? a : b, 'POST', '/api/auth/customer/login', undefined, {
        username: 'jo.hughes@example.org',
        password: `Wrong-Password-${n}`,
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 100).filter((status) => status === 429)).toEqual([]);
    expect(statuses[100]).toBe(429);
  }, 120_000);

  it('sends each queued email once with both instances’ email jobs running together', async () => {
    // Mail committed by an instance that died before sending it: only the others' jobs can send it.
    await database.query(
      `INSERT INTO email_outbox (to_address, subject, text_body, html_body)
       SELECT 'member' || n || '@example.org', 'Queued message ' || n, 'Hello', '<p>Hello</p>'
       FROM generate_series(1, 40) AS n`,
    );
    const deadline = Date.now() + 60_000;
    while ((await count('SELECT count(*) AS n FROM email_outbox WHERE sent_at IS NULL')) > 0) {
      if (Date.now() > deadline) throw new Error('queued email was not sent within a minute');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const queued = (
      await database.query<{ to_address: string; subject: string }>(
        'SELECT to_address, subject FROM email_outbox',
      )
    ).rows;
    // Every row (the 40, and the receipts of any orders other tests made) reached the SMTP server
    // exactly once.
    expect(queued.filter((row) => row.subject.startsWith('Queued message'))).toHaveLength(40);
    expect(catcher.messages).toHaveLength(queued.length);
    for (const row of queued)
      expect(
        catcher.messages.filter(
          (message) =>
            message.startsWith(`RCPT ${row.to_address}\n`) && message.includes(`Subject: ${row.subject}\r`),
        ),
        `${row.to_address}: ${row.subject}`,
      ).toHaveLength(1);
  }, 90_000);
});
