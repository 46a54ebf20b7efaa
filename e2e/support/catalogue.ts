import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The demo catalogue file as it is in the repository. */
export const demoCatalogue = () =>
  fs.readFileSync(path.join(repoRoot, 'apps/server/catalogue/demo-catalogue.yaml'), 'utf8');

/**
 * A fresh data folder whose embedded database holds the demo catalogue as `edit` changes it,
 * imported with `npm run catalogue:import` as an operator would, for `startServer({}, dataDir)`.
 */
export function dataDirWithCatalogue(prefix: string, edit: (demo: string) => string): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lido-e2e-${prefix}-`));
  const catalogue = path.join(dataDir, 'catalogue.yaml');
  fs.writeFileSync(catalogue, edit(demoCatalogue()));
  const imported = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/modules/catalogue/catalogue-cli.ts', catalogue],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: '',
        NODE_ENV: 'test',
        LIDO_LOG_LEVEL: 'warn',
        LIDO_DATA_DIR: dataDir,
      },
      encoding: 'utf8',
    },
  );
  expect(imported.status, imported.stderr).toBe(0);
  return dataDir;
}
