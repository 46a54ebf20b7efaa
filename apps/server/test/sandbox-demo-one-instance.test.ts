import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whyNoPostgres } from './support/postgres.ts';
import { freePortBlock } from './support/free-ports.ts';

// Issue 33 item 10: the built-in sandboxes keep their state in the process that runs them, so a
// production demo (LIDO_ALLOW_SANDBOX_IN_PRODUCTION) behind a load balancer used to fail about half
// of its card payments. A second instance on the same database now refuses to start and says why;
// the first one's crash frees the way at once (decision 0093).

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const adminUrl = process.env.DATABASE_URL;

const skipReason = await whyNoPostgres();
if (skipReason) console.warn(`Sandbox demo instances test skipped: ${skipReason}.`);

interface Instance {
  port: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** A production demo instance: the sandboxes allowed, its own ports and data folder, the shared database. */
async function startDemoInstance(databaseUrl: string): Promise<Instance> {
  const port = await freePortBlock(6);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      LIDO_PORT: String(port),
      LIDO_BIND_ADDRESS: '127.0.0.1',
      LIDO_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lido-sandbox-demo-')),
      LIDO_ALLOW_SANDBOX_IN_PRODUCTION: 'true',
      LIDO_ALLOW_HTTP: 'true',
      LIDO_BOOKINGS_URL: `http://bookings.localhost:${port}`,
      LIDO_MY_ACCOUNT_URL: `http://my-account.localhost:${port}`,
      LIDO_ONLINE_JOINING_URL: `http://online-joining.localhost:${port}`,
      LIDO_SANDBOX_CARD_ORIGIN: `http://localhost:${port + 3}`,
      LIDO_EMAIL_OUTBOX: 'true',
      LIDO_LOG_LEVEL: 'fatal',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { port, child, output: () => output, exited };
}

/** Whether the instance answered its health check (true) or exited first (false). */
async function cameUp(instance: Instance): Promise<boolean> {
  let gone = false;
  void instance.exited.then(() => (gone = true));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && !gone) {
    const answer = await fetch(`http://127.0.0.1:${instance.port}/api/health`).catch(() => undefined);
    if (answer?.ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (gone) return false;
  throw new Error(`The instance neither came up nor exited:\n${instance.output()}`);
}

describe.skipIf(skipReason !== undefined)('a sandbox demo on several instances', () => {
  let admin: pg.Client;
  const databaseName = `lido_sandbox_demo_${randomBytes(5).toString('hex')}`;
  const running: Instance[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
  });
  afterAll(async () => {
    for (const instance of running) instance.child.kill('SIGKILL');
    await Promise.all(running.map((instance) => instance.exited));
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  });

  it('refuses a second instance with a clear message, and lets one start once the first has died', async () => {
    const url = new URL(adminUrl!);
    url.pathname = `/${databaseName}`;
    const first = await startDemoInstance(url.toString());
    running.push(first);
    expect(await cameUp(first), first.output()).toBe(true);

    const second = await startDemoInstance(url.toString());
    running.push(second);
    expect(await cameUp(second)).toBe(false);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      'Another Lido instance on this database is already running the card and Direct Debit sandboxes',
    );
    expect(second.output()).toContain('Run a sandbox demo as one instance');
    // The message alone, not a stack trace: it is for whoever deploys.
    expect(second.output()).not.toMatch(/\n\s+at /);
    // The first instance is untouched by the refusal.
    expect((await fetch(`http://127.0.0.1:${first.port}/api/health`)).ok).toBe(true);

    // A crash frees the database at once: the replacement comes up.
    first.child.kill('SIGKILL');
    await first.exited;
    const replacement = await startDemoInstance(url.toString());
    running.push(replacement);
    expect(await cameUp(replacement), replacement.output()).toBe(true);
  }, 300_000);
});
