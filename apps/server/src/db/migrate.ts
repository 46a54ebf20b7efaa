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
 * Applies every migration not yet recorded, with their bookkeeping rows, in one transaction and one
 * round trip (a fresh database has some fifty to apply), so a crash leaves the database where it
 * was. An advisory lock keeps two servers starting together from applying the same file twice: the
 * later one waits, then finds the first one's rows and stops with an error rather than apply again.
 */
export async function migrate(database: DatabaseHandle, migrations = readMigrations()): Promise<string[]> {
  await database.runScript(
    `CREATE TABLE IF NOT EXISTS lido_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());`,
  );
  const recorded = new Set(
    (await database.query<{ id: string }>('SELECT id FROM lido_migrations')).map((row) => row.id),
  );
  const pending = migrations.filter((migration) => !recorded.has(migration.id));
  if (pending.length === 0) return [];
  await database.runScript(['SELECT pg_advisory_xact_lock(7413);', ...pending.map(migrationStep)].join('\n'));
  return pending.map((migration) => migration.id);
}

/** One migration's script between the check that nobody applied it meanwhile and its bookkeeping row. */
function migrationStep(migration: Migration): string {
  const id = migration.id.replace(/'/g, "''");
  return `DO $lido$ BEGIN
         IF EXISTS (SELECT 1 FROM lido_migrations WHERE id = '${id}') THEN
           RAISE EXCEPTION 'lido: migration ${id} was applied concurrently';
         END IF;
       END $lido$;
       ${migration.script}
       ;INSERT INTO lido_migrations (id) VALUES ('${id}');`;
}
