import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every test file runs somewhere (issue 16 item 8). The browser's card payment state machine had a
 * test beside its code that no Vitest project included, so it never ran and nobody noticed. This
 * asks Vitest itself which files each config's projects collect (the unit, server and web projects
 * of vitest.config.ts, and the end-to-end config) and fails on a test file none of them claims.
 */
const root = path.resolve(import.meta.dirname, '../..');
const vitestCli = path.join(root, 'node_modules/vitest/vitest.mjs');
const configs = ['vitest.config.ts', 'e2e/vitest.config.ts'];

/** A test file by its name: `*.test.ts`, `*.test.tsx` and the end-to-end `*.e2e.ts`. */
export const isTestFile = (file: string) => /\.(test|e2e)\.tsx?$/.test(file);

/** The repository's files, tracked or new, without what .gitignore leaves out (node_modules, builds). */
function repositoryFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file !== '');
}

/** The files Vitest collects with one config, relative to the repository, with their project. */
function collected(config: string): { file: string; projectName: string }[] {
  // A child Vitest must not think it is one of this run's workers.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')));
  const output = execFileSync(
    process.execPath,
    [vitestCli, 'list', '--filesOnly', '--json', '--config', config],
    { cwd: root, encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const listed = JSON.parse(output.slice(output.indexOf('['))) as { file: string; projectName: string }[];
  return listed.map((entry) => ({ ...entry, file: path.relative(root, entry.file) }));
}

/** Test files no project claims. */
export function unclaimed(files: string[], claimed: Iterable<string>): string[] {
  const set = new Set(claimed);
  return files.filter((file) => isTestFile(file) && !set.has(file)).sort();
}

describe('every test file belongs to a Vitest project', () => {
  it('finds a test file that no project claims, and only test files', () => {
    const files = ['apps/web/src/a.test.ts', 'apps/web/src/b.test.tsx', 'apps/web/src/c.ts', 'e2e/d.e2e.ts'];
    expect(unclaimed(files, ['apps/web/src/b.test.tsx'])).toEqual(['apps/web/src/a.test.ts', 'e2e/d.e2e.ts']);
    expect(unclaimed(files, files)).toEqual([]);
  });

  it('claims every *.test.ts(x) and *.e2e.ts file in the repository', { timeout: 60_000 }, () => {
    const listed = configs.flatMap(collected);
    const projects = new Set(listed.map((entry) => entry.projectName));
    // The lister answered for every project (an empty answer would pass the check below vacuously).
    expect([...projects].sort()).toEqual(['e2e', 'server', 'unit', 'web']);
    // The card payment state machine's test, wherever under apps/web/src it lives, runs as a web test.
    expect(listed.filter((entry) => entry.file.endsWith('/payment-status.test.ts'))).toEqual([
      { file: expect.stringMatching(/^apps\/web\/src\//), projectName: 'web' },
    ]);
    expect(
      unclaimed(
        repositoryFiles(),
        listed.map((entry) => entry.file),
      ),
    ).toEqual([]);
  });
});
