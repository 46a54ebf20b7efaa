import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { RunningServer } from './server.ts';

/**
 * quality.md S20: none of `secrets` appears in the server's log output or in any file under its
 * data directory (the embedded database and the sandboxes' own state).
 */
export function expectNoSecretsLeft(server: RunningServer, secrets: string[], loggedPath: string): void {
  const output = server.output();
  // The server logged the request that carried them, so the log was really read.
  expect(output).toContain(loggedPath);
  for (const secret of secrets) expect(output).not.toContain(secret);
  const files = fs
    .readdirSync(server.dataDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
  expect(files.length).toBeGreaterThan(10);
  for (const file of files) {
    const bytes = fs.readFileSync(file);
    for (const secret of secrets) expect(bytes.includes(secret), `${secret} in ${file}`).toBe(false);
  }
}
