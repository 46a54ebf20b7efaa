import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseHandle } from './client.ts';

export const migrationsDir = path.join(import.meta.dirname, 'migrations');

export interface Migration {
  id: string;
  script: string;
}

export function readMigrations(dir = migrationsDir): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      id: file.replace(/\.sql$/, ''),
      script: fs.readFileSync(path.join(dir, file), 'utf8'),
    }));
}

/**
 * The SHA-256 (hex) of a migration's text as recorded when it is applied. CRLF counts as LF, so a
 * checkout that converts line endings (Git on Windows) is not taken for an edit.
 */
export function migrationChecksum(script: string): string {
  return createHash('sha256').update(script.replace(/\r\n/g, '\n'), 'utf8').digest('hex');
}

/**
 * A migration this database has applied was edited, renamed or deleted since (decision 0073). The
 * server and the commands print its message alone and exit non-zero: it is for whoever deploys,
 * not a crash to debug.
 */
export class LandedMigrationError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'LandedMigrationError';
  }
}

const short = (checksum: string) => `${checksum.slice(0, 12)}…`;

/**
 * Applies every migration not yet recorded, with their bookkeeping rows, in one transaction and one
 * round trip (a fresh database has some fifty to apply), so a crash leaves the database where it
 * was. It first refuses, changing nothing, when a migration the database applied is no longer the
 * file it applied (decision 0073). Everything runs under a lock every process on the database
 * shares, so instances and commands starting together take turns and the later ones find the work
 * done; the advisory lock inside the transaction still stops a server of an older version, which
 * takes no such lock, from applying a file twice.
 */
export async function migrate(database: DatabaseHandle, migrations = readMigrations()): Promise<string[]> {
  const outcome = await database.withLock('migrate', () => migrateHoldingLock(database, migrations));
  if (!outcome.acquired) throw new Error('The migrations lock was not granted');
  return outcome.value;
}

async function migrateHoldingLock(database: DatabaseHandle, migrations: Migration[]): Promise<string[]> {
  // The bookkeeping table is migrate's own, not a numbered migration: a database made before
  // checksums were recorded gains the column here, its rows NULL until filled in below.
  await database.runScript(
    `CREATE TABLE IF NOT EXISTS lido_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now(), checksum text);
     ALTER TABLE lido_migrations ADD COLUMN IF NOT EXISTS checksum text;`,
  );
  const recorded = await database.query<{ id: string; checksum: string | null }>(
    'SELECT id, checksum FROM lido_migrations ORDER BY id',
  );
  const checksums = new Map(
    migrations.map((migration) => [migration.id, migrationChecksum(migration.script)]),
  );
  const problems = recorded.flatMap((row) => {
    const now = checksums.get(row.id);
    if (now === undefined)
      return [
        `Migration ${row.id}.sql was applied to this database but its file is gone (renamed or deleted). ` +
          'A landed migration must never be renamed or removed: restore the file as it was.',
      ];
    if (row.checksum !== null && row.checksum !== now)
      return [
        `Migration ${row.id}.sql has changed since it was applied to this database ` +
          `(recorded sha256 ${short(row.checksum)}, file now ${short(now)}). ` +
          'A landed migration must never be edited: put the change in a new migration.',
      ];
    return [];
  });
  if (problems.length > 0) throw new LandedMigrationError(problems);

  // Rows from before checksums were recorded take the file as it is now: past edits can't be known.
  const unchecked = recorded.filter((row) => row.checksum === null);
  const applied = new Set(recorded.map((row) => row.id));
  const pending = migrations.filter((migration) => !applied.has(migration.id));
  if (unchecked.length === 0 && pending.length === 0) return [];
  await database.runScript(
    [
      'SELECT pg_advisory_xact_lock(7413);',
      ...unchecked.map(
        (row) =>
          `UPDATE lido_migrations SET checksum = '${checksums.get(row.id)!}' WHERE id = '${quoted(row.id)}' AND checksum IS NULL;`,
      ),
      ...pending.map((migration) => migrationStep(migration, checksums.get(migration.id)!)),
    ].join('\n'),
  );
  return pending.map((migration) => migration.id);
}

/** An id as the inside of an SQL string literal. */
const quoted = (id: string) => id.replace(/'/g, "''");

/** One migration's script between the check that nobody applied it meanwhile and its bookkeeping row. */
function migrationStep(migration: Migration, checksum: string): string {
  const id = quoted(migration.id);
  return `DO $lido$ BEGIN
         IF EXISTS (SELECT 1 FROM lido_migrations WHERE id = '${id}') THEN
           RAISE EXCEPTION 'lido: migration ${id} was applied concurrently';
         END IF;
       END $lido$;
       ${migration.script}
       ;INSERT INTO lido_migrations (id, checksum) VALUES ('${id}', '${checksum}');`;
}
