import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleServer } from '../src/build/bundle-server.ts';
import { demoOperator } from '../src/db/seed/demo-operator.ts';
import { fakeWebDist } from './support/fake-web-dist.ts';
import { freePortBlock } from './support/free-ports.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * Decision 0062: `npm run serve` starts the one-file bundle `npm run build` makes. Built here into
 * a folder of its own (not over a real build's), then started on an empty data directory.
 */
describe('the server bundle', () => {
  const distDir = path.join(repoRoot, 'apps/server/dist');
  fs.mkdirSync(distDir, { recursive: true });
  const outDir = fs.mkdtempSync(path.join(distDir, 'test-'));
  afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

  it('starts on an empty data directory, migrates and seeds from the files beside the sources, and answers', async () => {
    const bundle = path.join(outDir, 'main.js');
    await bundleServer(bundle);
    const port = await freePortBlock();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-bundle-'));
    const child = spawn(process.execPath, [bundle], {
      // Started from elsewhere, so nothing is found relative to the working directory by luck.
      cwd: os.tmpdir(),
      env: {
        LIDO_SEED_DEMO: 'true',
        LIDO_DATA_DIR: dataDir,
        LIDO_WEB_DIST: fakeWebDist(),
        LIDO_PORT: String(port),
        LIDO_BIND_ADDRESS: '127.0.0.1',
        LIDO_EMAIL_OUTBOX: 'true',
        LIDO_LOG_LEVEL: 'warn',
        PATH: process.env.PATH ?? '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const get = (pathname: string) => fetch(`http://127.0.0.1:${port}${pathname}`);
      await expect
        .poll(
          async () => {
            if (child.exitCode !== null)
              throw new Error(`The bundle exited with ${child.exitCode}:\n${output}`);
            return (await get('/api/health').catch(() => undefined))?.status;
          },
          { timeout: 60_000, interval: 200 },
        )
        .toBe(200);
      // The demo operator is there: the migrations and the demo catalogue were read from apps/server.
      const client = await get('/api/client');
      expect(client.status).toBe(200);
      expect(((await client.json()) as { data: { name: string } }).data.name).toBe(demoOperator.name);
      // The common-password dictionary is a package's JSON file, found from the bundle too.
      const site = `http://127.0.0.1:${port}`;
      const register = await fetch(
        `${site}/api/auth/customer/register?onboarding_type=customer_account_online`,
        {
          method: 'POST',
          headers: { origin: site, 'content-type': 'application/json' },
          body: JSON.stringify({
            first_name: 'Robin',
            last_name: 'Hughes',
            date_of_birth: '1990-03-27',
            email: 'robin.hughes@example.org',
            phone: '07700 900123',
            address_line_one: '1 Test Street',
            town: 'Leeds',
            postcode: 'LS6 3BR',
            password: 'Summer2026!',
            password_confirmation: 'Summer2026!',
          }),
        },
      );
      const errors = ((await register.json()) as { errors: Record<string, string[]> }).errors;
      expect(errors).toEqual({ password: [expect.stringMatching(/^This password is too common/)] });
      expect(register.status).toBe(422);
    } finally {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
