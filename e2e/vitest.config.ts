import { defineConfig } from 'vitest/config';

/**
 * End-to-end tests: the real server (started per file on free ports with a fresh data directory)
 * and Debian's Chromium. Files run one at a time: the machine has two cores.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
