import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Migration } from '../migrate.ts';
import { existingPgliteTemplate, pgliteTemplatePath, pgliteTemplatesDir } from '../pglite-template.ts';
import { demoCataloguePath } from './seed-demo.ts';

/**
 * The build's second template (decision 0068): the migrated cluster with the undated part of the
 * demo seeded (`seedDemoTemplate`). Seeding the demo was about half of a first start (the demo
 * catalogue's import alone is some 380 statements); from this template a first start seeds only
 * what is dated from its own day. Its name carries a digest of the seed's code and the demo
 * catalogue as well as the migrations, so a change to any of them without a rebuild is never
 * served stale.
 */
export function demoTemplatePath(migrations: Migration[], dir = pgliteTemplatesDir): string {
  const digest = createHash('sha256');
  const seedDir = import.meta.dirname;
  for (const file of fs.readdirSync(seedDir).sort())
    digest.update(`${file}\n`).update(fs.readFileSync(path.join(seedDir, file)));
  digest.update(fs.readFileSync(demoCataloguePath));
  return `${pgliteTemplatePath(migrations, dir)}-demo-${digest.digest('hex').slice(0, 12)}`;
}

/**
 * What an empty PGlite directory starts as: the demo template when the demo is wanted and the build
 * made it, else the migrated cluster, else nothing (initdb and every migration).
 */
export function startingTemplate(
  migrations: Migration[],
  options: { seedDemo: boolean },
  dir = pgliteTemplatesDir,
): { path: string; demo: boolean } | undefined {
  if (options.seedDemo) {
    const demo = demoTemplatePath(migrations, dir);
    if (fs.existsSync(path.join(demo, 'PG_VERSION'))) return { path: demo, demo: true };
  }
  const migrated = existingPgliteTemplate(migrations, dir);
  return migrated ? { path: migrated, demo: false } : undefined;
}
