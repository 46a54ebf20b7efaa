import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

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
      '  - DATABASE_URL: must start with postgres:// or postgresql:// (got "mysql://x")',
    );
    expect(result.stderr).toContain(
      '  - LIDO_LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace or silent (got "chatty")',
    );
    expect(result.stdout).toBe('');
  });
});
