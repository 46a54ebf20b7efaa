// By path, not package name: the config's bundler leaves packages to Node, which can't load .ts.
import { lidoMessages } from './packages/messages/src/vite-plugin.ts';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Unit, server and web tests. End-to-end tests have their own config (e2e/vitest.config.ts) because
 * they need the built sites and a browser.
 */
export default defineConfig({
  test: {
    // Every test makes its own data (apps/server/test/support/factories.ts), so none may lean on
    // another having run first: files and the tests in each run in a new order every time (decision
    // 0025). The run prints its seed; `--sequence.seed=N` replays that order. Vitest takes this
    // from the root only: a project's own `sequence` is ignored.
    sequence: { shuffle: true },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts', 'scripts/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          // One embedded database per worker, shared by its test files; each file gets its own schema.
          pool: 'forks',
          isolate: false,
          maxWorkers: 1,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['apps/server/test/support/setup.ts'],
        },
      },
      {
        plugins: [lidoMessages(), react()],
        test: {
          name: 'web',
          // Tests beside their code under src count too (the card payment state machine's is one).
          include: ['apps/web/test/**/*.test.{ts,tsx}', 'apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/setup.ts'],
        },
      },
    ],
  },
});
