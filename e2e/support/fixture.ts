import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser, openPage, type PageOptions, type TrackedPage } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

const artifactsDir = path.resolve(import.meta.dirname, '../../.e2e-artifacts');

/**
 * One server and one browser per test file. `page()` gives a fresh page whose console errors, and
 * focus fallen to <body> after an action (focus-watch.ts), fail the test, and whose screenshot is saved under .e2e-artifacts/ when the test fails.
 */
export function useE2E(
  env: Record<string, string> = {},
  /** a data folder prepared first (e.g. `dataDirWithCatalogue`): an import, then a first start */
  options: { dataDir?: () => string } = {},
) {
  const state: { server?: RunningServer; browser?: Browser; pages: TrackedPage[] } = { pages: [] };
  beforeAll(
    async () => {
      [state.server, state.browser] = await Promise.all([
        startServer(env, options.dataDir?.()),
        launchBrowser(),
      ]);
    },
    options.dataDir ? 300_000 : undefined,
  );
  afterEach(async ({ task }) => {
    // A failed test leaves a picture of every page it had open, before those pages are closed.
    if (task.result?.state === 'fail') {
      fs.mkdirSync(artifactsDir, { recursive: true });
      const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
      await Promise.all(
        state.pages.map((tracked, index) =>
          tracked.page
            .screenshot({ path: path.join(artifactsDir, `${name}-${index + 1}.png`), fullPage: true })
            .catch(() => undefined),
        ),
      );
    }
    const problems = state.pages.flatMap((tracked) => tracked.problems);
    await Promise.all(state.pages.map((tracked) => tracked.context.close()));
    state.pages = [];
    expect(problems, 'console errors, or focus fallen to <body>, in the browser').toEqual([]);
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.server?.stop();
  });

  return {
    get server(): RunningServer {
      if (!state.server) throw new Error('server not started');
      return state.server;
    },
    async page(options: PageOptions = {}) {
      if (!state.browser) throw new Error('browser not started');
      const tracked = await openPage(state.browser, options);
      state.pages.push(tracked);
      return tracked.page;
    },
  };
}
