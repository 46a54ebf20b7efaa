import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Unit, server and web tests. End-to-end tests have their own config (e2e/vitest.config.ts) because
 * they need the built sites and a browser.
 */
export default defineConfig({
  test: {
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
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/setup.ts'],
        },
      },
    ],
  },
});
