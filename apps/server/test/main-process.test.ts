import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startCardProvider } from '../src/providers/card/start-card-provider.ts';
import { startDirectDebitProvider } from '../src/providers/direct-debit/start-direct-debit-provider.ts';
import { fakeWebDist } from './support/fake-web-dist.ts';
import { freePortBlock } from './support/free-ports.ts';
import { startSmtpCatcher } from './support/smtp-catcher.ts';
import { productionEnv } from './support/test-app.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('starting the server with bad settings', () => {
  it('prints a readable list of every problem and exits non-zero without starting', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, LIDO_PORT: 'abc', DATABASE_URL: 'mysql://x', LIDO_LOG_LEVEL: 'chatty' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('Lido cannot start because of its settings:');
    expect(result.stderr).toContain('  - LIDO_PORT: must be a whole number (got "abc")');
    expect(result.stderr).toContain(
      '  - DATABASE_URL: must start with postgres:// or postgresql:// (and have no spaces) (got "mysql://…", the rest hidden)',
    );
    expect(result.stderr).toContain(
      '  - LIDO_LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace or silent (got "chatty")',
    );
    expect(result.stdout).toBe('');
  });
});

/** An HTTP call with any `Host` (fetch would not send a forged one). */
function call(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: unknown },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.once('error', reject);
    request.end(payload);
  });
}

/** The real server process on free ports, healthy, with its output kept for the failure message. */
async function startServerProcess(env: Record<string, string>) {
  const port = await freePortBlock();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: '', LIDO_LOG_LEVEL: 'warn', LIDO_PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not become healthy:\n${output}`);
    }
    const health = await call(port, { path: '/api/health' }).catch(() => undefined);
    if (health?.status === 200) return { port, output: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('starting the server in production', () => {
  const production = {
    NODE_ENV: 'production',
    LIDO_BOOKINGS_URL: 'https://bookings.example.org',
    LIDO_MY_ACCOUNT_URL: 'https://myaccount.example.org',
    LIDO_ONLINE_JOINING_URL: 'https://join.example.org',
    LIDO_EMAIL_OUTBOX: 'true',
    // server tests run before the sites are built
    LIDO_WEB_DIST: fakeWebDist(),
  };

  it('refuses to start without its site URLs and email, never printing a password', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LIDO_MY_ACCOUNT_URL: 'http://myaccount.example.org',
        LIDO_SMTP_URL: 'smtps://lido:Hunter2-mail@mail example.org:465',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(78);
    for (const line of [
      "  - LIDO_BOOKINGS_URL: is required when NODE_ENV is production (links in emails and pages use it, never a request's Host header)",
      '  - LIDO_MY_ACCOUNT_URL: must be an https:// origin when NODE_ENV is production (or set LIDO_ALLOW_HTTP=true) (got "http://myaccount.example.org")',
      "  - LIDO_ONLINE_JOINING_URL: is required when NODE_ENV is production (links in emails and pages use it, never a request's Host header)",
      '  - LIDO_SMTP_URL: must be an smtp:// or smtps:// URL (got "smtps://…", the rest hidden)',
    ])
      expect(result.stderr).toContain(line);
    expect(result.stderr).not.toContain('Hunter2');
  });

  it('leaves an empty database empty, answers its health check, and links a forged Host’s reset to its own site once the demo is asked for', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-production-'));
    const empty = await startServerProcess({ ...production, LIDO_DATA_DIR: dataDir });
    try {
      const client = await call(empty.port, {
        path: '/api/client',
        headers: { host: 'join.example.org' },
      });
      // No operator: the operator's calls say so (not a 500), the pages still load.
      expect(client).toMatchObject({ status: 503 });
      expect(JSON.parse(client.body)).toMatchObject({ message: 'This site has not been set up yet.' });
      expect((await call(empty.port, { path: '/', headers: { host: 'join.example.org' } })).status).toBe(200);
      expect(empty.output()).toContain('No operator is set up');
    } finally {
      await empty.stop();
    }

    // The outbox lives in the database this process holds, so the email is caught by a local SMTP server.
    const smtp = await startSmtpCatcher();
    const demo = await startServerProcess({
      ...production,
      LIDO_EMAIL_OUTBOX: 'false',
      LIDO_SMTP_URL: smtp.url,
      LIDO_DATA_DIR: dataDir,
      LIDO_SEED_DEMO: 'true',
    });
    try {
      expect(
        (await call(demo.port, { path: '/api/client', headers: { host: 'join.example.org' } })).status,
      ).toBe(200);
      const asked = await call(demo.port, {
        method: 'POST',
        path: '/api/auth/customer/forgotten-password',
        headers: {
          host: 'attacker.example',
          'x-forwarded-host': 'attacker.example',
          origin: 'https://myaccount.example.org',
        },
        body: { email_or_reference: 'sam.carter@example.org' },
      });
      expect(asked.status).toBe(200);
      await expect.poll(() => smtp.messages.length, { timeout: 10_000 }).toBe(1);
      const email = smtp.messages[0]!;
      expect(email).toContain('https://myaccount.example.org/reset-password?token=');
      expect(email).not.toContain('attacker');
    } finally {
      await demo.stop();
      await smtp.close();
    }
  }, 150_000);
});

describe('the database commands in production', () => {
  const run = (script: string, args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: '', ...productionEnv, ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('refuse to reset the database, and find no operator to import a catalogue into without the demo', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-production-cli-'));
    const reset = run('apps/server/src/db/reset-cli.ts', [], { LIDO_DATA_DIR: dataDir });
    expect(reset.status).toBe(1);
    expect(reset.stderr).toContain('it is refused when NODE_ENV=production');
    expect(fs.readdirSync(dataDir)).toEqual([]);

    const imported = run(
      'apps/server/src/modules/catalogue/catalogue-cli.ts',
      ['apps/server/catalogue/demo-catalogue.yaml'],
      { LIDO_DATA_DIR: dataDir },
    );
    expect(imported.stderr).toContain('No operator is set up in this database');
    expect(imported.status).toBe(69);
  }, 120_000);
});

describe('the sandbox providers', () => {
  it('listen on loopback only, even when the sites listen on every interface', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LIDO_LOG_LEVEL: 'silent',
      LIDO_BIND_ADDRESS: '0.0.0.0',
      LIDO_PORT: String(await freePortBlock()),
      LIDO_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lido-sandboxes-')),
    });
    const card = await startCardProvider(config);
    const directDebit = await startDirectDebitProvider(config);
    try {
      expect(card.sandbox?.app.server.address()).toMatchObject({ address: '127.0.0.1' });
      expect(directDebit.sandbox?.app.server.address()).toMatchObject({ address: '127.0.0.1' });
    } finally {
      await card.close();
      await directDebit.close();
    }
  });
});
