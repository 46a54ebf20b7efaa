import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Migration } from './migrate.ts';

/**
 * Where `npm run build` keeps ready-made PGlite data directories: created and migrated once at
 * build time, so a first start on an empty data directory copies one in instead of running initdb
 * and every migration in WebAssembly (decision 0062). Each is a plain directory, copied with the
 * operating system's own file copy: having PGlite unpack a tarball file by file through WebAssembly
 * took about a second of a first start (decision 0068).
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
export function pgliteTemplatePath(migrations: Migration[], dir = pgliteTemplatesDir): string {
  const digest = createHash('sha256');
  digest.update(`pglite ${pgliteVersion()}\n`);
  for (const migration of migrations) digest.update(`${migration.id}\n${migration.script}\n`);
  return path.join(dir, digest.digest('hex').slice(0, 16));
}

/** The template for these migrations when the build made one. */
export function existingPgliteTemplate(
  migrations: Migration[],
  dir = pgliteTemplatesDir,
): string | undefined {
  const template = pgliteTemplatePath(migrations, dir);
  // The build renames a whole cluster into place, so PG_VERSION there means all of it is there.
  return fs.existsSync(path.join(template, 'PG_VERSION')) ? template : undefined;
}

/**
 * Fills `dataDir` (absent, or empty of any database) from `template`. The copy is made beside it and
 * renamed into place, so a process that dies part way leaves no half-copied cluster that a restart
 * would take for a database.
 */
export function copyPgliteTemplate(template: string, dataDir: string): void {
  // One name, not one per process: only one process ever opens a PGlite directory, and a copy left
  // by one that died is cleared by the next start rather than left beside the database for good.
  const partial = `${dataDir}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.cpSync(template, partial, { recursive: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.renameSync(partial, dataDir);
}
