import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, waitForPage } from './support/browser.ts';
import { logIn } from './support/log-in.ts';
import { findFreePortBlock } from './support/server.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

/** Whether any process of the group `npm run dev` started in is still alive. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * `npm run dev` as a developer runs it (decision 0026): the server on its ports, the three sites
 * through Vite with hot reload. Nothing is edited; the test proves the sites load through Vite, a
 * write call passes the server's Origin check from a Vite page, and stopping leaves no process behind.
 */
describe('the development loop (npm run dev)', () => {
  let dev: ChildProcess;
  let browser: Browser;
  let output = '';
  let serverPort: number;
  let vitePort: number;

  beforeAll(async () => {
    serverPort = await findFreePortBlock();
    do vitePort = await findFreePortBlock(3);
    while (Math.abs(vitePort - serverPort) < 5);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: '',
      LIDO_LOG_LEVEL: 'warn',
      LIDO_PORT: String(serverPort),
      LIDO_DEV_SITE_PORT: String(vitePort),
      LIDO_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lido-dev-loop-')),
    };
    // Its own process group, so the test can stop it as Ctrl-C would: every process at once.
    dev = spawn('npm', ['run', 'dev', '--silent'], {
      cwd: repoRoot,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    dev.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    dev.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    browser = await launchBrowser();

    // Ready when each Vite site answers its page and the server answers through Vite's proxy.
    const deadline = Date.now() + 100_000;
    for (;;) {
      if (dev.exitCode !== null) throw new Error(`npm run dev exited with ${dev.exitCode}:\n${output}`);
      const ready = await Promise.all(
        [0, 1, 2].map((offset) =>
          fetch(`http://127.0.0.1:${vitePort + offset}/api/health`).then(
            (response) => response.ok,
            () => false,
          ),
        ),
      );
      if (ready.every(Boolean)) break;
      if (Date.now() > deadline) throw new Error(`npm run dev did not become ready:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    if (dev?.pid !== undefined && groupAlive(dev.pid)) {
      process.kill(-dev.pid, 'SIGTERM');
      const deadline = Date.now() + 20_000;
      while (groupAlive(dev.pid) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 200));
      if (groupAlive(dev.pid)) process.kill(-dev.pid, 'SIGKILL');
    }
  }, 30_000);

  it('serves a site through Vite, whose write calls pass the Origin check', async () => {
    const { page, context, problems } = await openPage(browser);
    const myAccount = `http://127.0.0.1:${vitePort + 1}`;
    await page.goto(`${myAccount}/`);
    await page.waitForURL(/\/login\?redirect=%2F$/);
    await waitForPage(page);
    // Vite's page (hot reload), not a built one from the server.
    expect(await page.locator('script[src="/@vite/client"]').count()).toBe(1);

    const login = page.waitForResponse((response) => response.url().endsWith('/api/auth/customer/login'));
    await logIn(page, 'priya.shah@example.org');
    const answer = await login;
    expect((await answer.request().allHeaders())['origin']).toBe(myAccount);
    expect(answer.status()).toBe(200);
    await page.getByRole('heading', { name: 'Hello, Priya' }).waitFor();

    // Links between sites stay on Vite's ports.
    const client = await page.evaluate(async () => (await fetch('/api/client')).json());
    expect(client.data.siteUrls).toEqual({
      bookings: `http://127.0.0.1:${vitePort}`,
      myAccount,
      onlineJoining: `http://127.0.0.1:${vitePort + 2}`,
    });
    await context.close();
    expect(problems, 'console errors in the browser').toEqual([]);
  });

  it('stops every process it started when stopped', async () => {
    const pid = dev.pid!;
    const exited = new Promise((resolve) => dev.once('exit', resolve));
    process.kill(-pid, 'SIGTERM');
    await exited;
    await expect.poll(() => groupAlive(pid), { timeout: 20_000 }).toBe(false);
    // The server closed its database and every port is free again.
    const ports = [serverPort, serverPort + 1, serverPort + 2, vitePort, vitePort + 1, vitePort + 2];
    const stillAnswering = await Promise.all(
      ports.map((port) =>
        fetch(`http://127.0.0.1:${port}/api/health`).then(
          () => port,
          () => undefined,
        ),
      ),
    );
    expect(stillAnswering.filter((port) => port !== undefined)).toEqual([]);
    expect(output).not.toMatch(/SIGKILL|Force killing/);
  }, 30_000);
});
