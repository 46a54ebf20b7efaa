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
 * Applies every migration not yet recorded, each in its own transaction with its bookkeeping row,
 * so a crash leaves the database at a migration boundary. An advisory lock keeps two servers
 * starting together from applying the same file twice.
 */
export async function migrate(database: DatabaseHandle, migrations = readMigrations()): Promise<string[]> {
  await database.runScript(
    `CREATE TABLE IF NOT EXISTS lido_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());`,
  );
  const applied: string[] = [];
  for (const migration of migrations) {
    const id = migration.id.replace(/'/g, "''");
    const rows = await database.query<{ id: string }>('SELECT id FROM lido_migrations WHERE id = $1', [
      migration.id,
    ]);
    if (rows.length > 0) continue;
    await database.runScript(
      `SELECT pg_advisory_xact_lock(7413);
       DO $lido$ BEGIN
         IF EXISTS (SELECT 1 FROM lido_migrations WHERE id = '${id}') THEN
           RAISE EXCEPTION 'lido: migration ${id} was applied concurrently';
         END IF;
       END $lido$;
       ${migration.script}
       ;INSERT INTO lido_migrations (id) VALUES ('${id}');`,
    );
    applied.push(migration.id);
  }
  return applied;
}
