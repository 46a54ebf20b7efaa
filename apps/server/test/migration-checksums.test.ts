import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { LandedMigrationError, migrate, migrationsDir, readMigrations } from '../src/db/migrate.ts';
import { createTestDatabase } from './support/test-database.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
/** A migration landed long ago, edited in a copy of the migrations below. */
const landed = '0017_money_safety';

/** Decision 0073: a database refuses migrations whose applied files were edited, renamed or deleted. */
describe('the checksums migrate records', () => {
  let database: DatabaseHandle;
  let scratch: string;
  beforeEach(async () => {
    database = await createTestDatabase();
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-migrations-'));
  });
  afterEach(async () => {
    await database.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  /** A copy of the real migrations, as a checkout with some change to them would have them. */
  const copyOfMigrations = (change: (dir: string) => void) => {
    const dir = path.join(scratch, 'migrations');
    fs.cpSync(migrationsDir, dir, { recursive: true });
    change(dir);
    return readMigrations(dir);
  };
  const bookkeeping = () =>
    database.query<{ id: string; checksum: string | null; applied_at: Date }>(
      'SELECT id, checksum, applied_at FROM lido_migrations ORDER BY id',
    );
  const sha256OfFile = (id: string) =>
    createHash('sha256')
      .update(fs.readFileSync(path.join(migrationsDir, `${id}.sql`)))
      .digest('hex');
  const tableExists = async (name: string) =>
    (await database.query<{ found: string | null }>('SELECT to_regclass($1)::text AS found', [name]))[0]!
      .found !== null;

  it("records each file's SHA-256 as it applies it, and migrating again changes nothing", async () => {
    const before = await bookkeeping();
    expect(before.map((row) => row.id)).toEqual(readMigrations().map((migration) => migration.id));
    for (const row of before) expect(row.checksum, row.id).toBe(sha256OfFile(row.id));
    expect(await migrate(database)).toEqual([]);
    expect(await bookkeeping()).toEqual(before);
  });

  it('refuses, naming the file and changing nothing, when a landed migration was edited', async () => {
    // A row from before checksums and a new migration: neither may be touched by a refused run.
    await database.query(
      `UPDATE lido_migrations SET checksum = NULL WHERE id = '0001_operators_venues_themes'`,
    );
    const before = await bookkeeping();
    const edited = copyOfMigrations((dir) => {
      fs.appendFileSync(
        path.join(dir, `${landed}.sql`),
        '\nALTER TABLE orders ADD COLUMN sneaked_in text;\n',
      );
      fs.writeFileSync(path.join(dir, '9999_later.sql'), 'CREATE TABLE later_things (id int);\n');
    });

    const refused = await migrate(database, edited).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LandedMigrationError);
    const now = createHash('sha256')
      .update(fs.readFileSync(path.join(scratch, 'migrations', `${landed}.sql`)))
      .digest('hex');
    expect((refused as Error).message).toBe(
      `Migration ${landed}.sql has changed since it was applied to this database ` +
        `(recorded sha256 ${sha256OfFile(landed).slice(0, 12)}…, file now ${now.slice(0, 12)}…). ` +
        'A landed migration must never be edited: put the change in a new migration.',
    );
    expect(await bookkeeping()).toEqual(before);
    expect(await tableExists('later_things')).toBe(false);
    const columns = await database.query(
      `SELECT 1 FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name = 'orders' AND column_name = 'sneaked_in'`,
    );
    expect(columns).toEqual([]);
  });

  it('takes a checkout with CRLF line endings for the same files', async () => {
    const crlf = copyOfMigrations((dir) => {
      for (const file of fs.readdirSync(dir)) {
        const text = fs.readFileSync(path.join(dir, file), 'utf8');
        fs.writeFileSync(path.join(dir, file), text.replace(/\r?\n/g, '\r\n'));
      }
    });
    expect(crlf.find((migration) => migration.id === landed)!.script).toContain('\r\n');
    const before = await bookkeeping();
    expect(await migrate(database, crlf)).toEqual([]);
    expect(await bookkeeping()).toEqual(before);
  });

  it('fills in the checksums of migrations applied before they were recorded', async () => {
    await database.query(
      `UPDATE lido_migrations SET checksum = NULL WHERE id IN ('${landed}', '0026_openactive_feeds')`,
    );
    expect(await migrate(database)).toEqual([]);
    const rows = await bookkeeping();
    expect(rows.find((row) => row.id === landed)?.checksum).toBe(sha256OfFile(landed));
    expect(rows.find((row) => row.id === '0026_openactive_feeds')?.checksum).toBe(
      sha256OfFile('0026_openactive_feeds'),
    );
    // Filled in, a later edit is caught like any other.
    const edited = copyOfMigrations((dir) =>
      fs.appendFileSync(path.join(dir, `${landed}.sql`), '\n-- later\n'),
    );
    await expect(migrate(database, edited)).rejects.toThrow(`Migration ${landed}.sql has changed`);
  });

  it('upgrades a bookkeeping table from before checksums in place', async () => {
    await database.query('ALTER TABLE lido_migrations DROP COLUMN checksum');
    const applied = await database.query('SELECT id, applied_at FROM lido_migrations ORDER BY id');
    expect(await migrate(database)).toEqual([]);
    const rows = await bookkeeping();
    expect(rows.map(({ id, applied_at }) => ({ id, applied_at }))).toEqual(applied);
    for (const row of rows) expect(row.checksum, row.id).toBe(sha256OfFile(row.id));
  });

  it('refuses, naming it, when a file the database applied is gone', async () => {
    const before = await bookkeeping();
    const renamed = copyOfMigrations((dir) =>
      fs.renameSync(path.join(dir, `${landed}.sql`), path.join(dir, '0017_money_safety_renamed.sql')),
    );
    const refused = await migrate(database, renamed).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LandedMigrationError);
    expect((refused as Error).message).toBe(
      `Migration ${landed}.sql was applied to this database but its file is gone (renamed or deleted). ` +
        'A landed migration must never be renamed or removed: restore the file as it was.',
    );
    expect(await bookkeeping()).toEqual(before);
    expect(await tableExists('later_things')).toBe(false);
  });
});

describe('a database whose landed migration changed', () => {
  it('stops the server and the commands with the message alone, not a stack', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-changed-migration-'));
    try {
      const database = await openDatabase({ dataDir });
      await migrate(database);
      await database.query(`UPDATE lido_migrations SET checksum = repeat('0', 64) WHERE id = '${landed}'`);
      await database.close();

      const expected = `Migration ${landed}.sql has changed since it was applied to this database (recorded sha256 000000000000…`;
      const env = { ...process.env, DATABASE_URL: '', LIDO_DATA_DIR: dataDir, LIDO_LOG_LEVEL: 'warn' };
      for (const [script, args] of [
        ['apps/server/src/main.ts', []],
        ['apps/server/src/modules/desk-payments/vouchers-cli.ts', []],
      ] as const) {
        const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
          cwd: repoRoot,
          env,
          encoding: 'utf8',
          timeout: 60_000,
        });
        expect(result.status, `${script}: ${result.stderr}`).toBe(1);
        expect(result.stderr).toContain(expected);
        expect(result.stderr).not.toMatch(/\n\s+at /);
        expect(result.stderr).not.toContain('LandedMigrationError');
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
