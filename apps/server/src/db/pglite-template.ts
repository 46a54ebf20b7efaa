import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Migration } from './migrate.ts';

/**
 * Where `npm run build` keeps ready-made PGlite data directories: created and migrated once at
 * build time, so a first start on an empty data directory copies one in instead of running initdb
 * and every migration in WebAssembly (about a third of the time, measured; decision 0062).
 */
export const pgliteTemplatesDir = path.resolve(import.meta.dirname, '../../dist/pglite-templates');

/** The installed PGlite's version: a data directory is PGlite's own format. */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = path.dirname(entry);
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * The template made by this PGlite from exactly these migrations: named by a digest of the version
 * and the migrations' ids and scripts, so a template left over from other migrations or another
 * PGlite (a checkout moved on, or an upgrade, without a rebuild) is never used.
 */
export function pgliteTemplateFile(migrations: Migration[], dir = pgliteTemplatesDir): string {
  const digest = createHash('sha256');
  digest.update(`pglite ${pgliteVersion()}\n`);
  for (const migration of migrations) digest.update(`${migration.id}\n${migration.script}\n`);
  return path.join(dir, `${digest.digest('hex').slice(0, 16)}.tar`);
}

/** The template for these migrations when the build made one. */
export function existingPgliteTemplate(
  migrations: Migration[],
  dir = pgliteTemplatesDir,
): string | undefined {
  const file = pgliteTemplateFile(migrations, dir);
  return fs.existsSync(file) ? file : undefined;
}
