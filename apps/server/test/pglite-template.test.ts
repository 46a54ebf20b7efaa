import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoTemplate, buildPgliteTemplate } from '../src/db/pglite-template-build.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { migrate, migrationChecksum, readMigrations } from '../src/db/migrate.ts';
import { existingPgliteTemplate, pgliteTemplatePath } from '../src/db/pglite-template.ts';
import { demoTemplatePath, startingTemplate } from '../src/db/seed/demo-template.ts';
import { seedDemoDatedIfPending, seedDemoIfEmpty } from '../src/db/seed/seed-demo.ts';

/** Decision 0062: a first start on an empty PGlite directory copies in the build's migrated cluster. */
describe('the PGlite template a first start copies in', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-template-test-'));
  const templatesDir = path.join(scratch, 'templates');
  let template: string;
  beforeAll(async () => {
    template = await buildPgliteTemplate(templatesDir);
  }, 120_000);
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('is named for exactly the migrations it holds, and found only for those', () => {
    const migrations = readMigrations();
    expect(template).toBe(pgliteTemplatePath(migrations, templatesDir));
    expect(existingPgliteTemplate(migrations, templatesDir)).toBe(template);
    // A checkout with one more migration, or one edited, does not use it.
    const more = [...migrations, { id: '9999_later', script: 'SELECT 1;' }];
    expect(existingPgliteTemplate(more, templatesDir)).toBeUndefined();
    const edited = migrations.map((migration, index) =>
      index === 0 ? { ...migration, script: `${migration.script}\n-- edited` } : migration,
    );
    expect(existingPgliteTemplate(edited, templatesDir)).toBeUndefined();
  });

  it('starts an empty directory with every migration applied, ready for the demo, and kept on restart', async () => {
    const dataDir = path.join(scratch, 'fresh');
    const first = await openDatabase({ dataDir, pgliteTemplate: template });
    const recorded = await first.query<{ id: string }>('SELECT id FROM lido_migrations ORDER BY id');
    expect(recorded.map((row) => row.id)).toEqual(readMigrations().map((migration) => migration.id));
    // Recorded with their checksums, so the first start's check has nothing to fill in (0073).
    const checksums = await first.query<{ id: string; checksum: string }>(
      'SELECT id, checksum FROM lido_migrations ORDER BY id',
    );
    expect(checksums).toEqual(
      readMigrations().map(({ id, script }) => ({ id, checksum: migrationChecksum(script) })),
    );
    // Only the database PGlite works in is copied (decision 0068).
    expect(await first.query('SELECT datname FROM pg_database')).toEqual([{ datname: 'template1' }]);
    expect(await migrate(first)).toEqual([]);
    expect(await seedDemoIfEmpty(first.db)).toBe(true);
    await first.close();

    // The directory now holds a database: the template is not loaded over it.
    const second = await openDatabase({ dataDir, pgliteTemplate: template });
    expect(await seedDemoIfEmpty(second.db)).toBe(false);
    const operators = await second.query<{ count: number }>('SELECT count(*)::int AS count FROM operators');
    expect(operators).toEqual([{ count: 1 }]);
    await second.close();
  }, 120_000);

  it('is a directory a start copies, so one database never writes into the template or another', async () => {
    const files = () => fs.readdirSync(template, { recursive: true }).map(String).sort();
    const before = files();
    const one = await openDatabase({ dataDir: path.join(scratch, 'one'), pgliteTemplate: template });
    expect(await seedDemoIfEmpty(one.db)).toBe(true);
    await one.close();
    const other = await openDatabase({ dataDir: path.join(scratch, 'other'), pgliteTemplate: template });
    expect(await other.query('SELECT count(*)::int AS count FROM operators')).toEqual([{ count: 0 }]);
    await other.close();
    expect(files()).toEqual(before);
  }, 120_000);

  it('starts cleanly after a first start died part way through the copy', async () => {
    const dataDir = path.join(scratch, 'interrupted');
    // What a process killed mid-copy leaves: its partial copy beside, and no database in place.
    fs.mkdirSync(path.join(dataDir, 'pglite', 'base'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'pglite', 'base', 'torn'), 'half a file');
    fs.cpSync(path.join(template, 'global'), path.join(dataDir, 'pglite.partial', 'global'), {
      recursive: true,
    });
    const database = await openDatabase({ dataDir, pgliteTemplate: template });
    expect(await migrate(database)).toEqual([]);
    expect(await seedDemoIfEmpty(database.db)).toBe(true);
    await database.close();
    expect(fs.readdirSync(dataDir)).toEqual(['pglite']);
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'base', 'torn'))).toBe(false);
  }, 120_000);

  it('applies the migrations a template made before them does not hold', async () => {
    const migrations = readMigrations();
    const older = await buildPgliteTemplate(path.join(scratch, 'older'), migrations.slice(0, -1));
    const database = await openDatabase({ dataDir: path.join(scratch, 'behind'), pgliteTemplate: older });
    expect(await migrate(database, migrations)).toEqual([migrations.at(-1)!.id]);
    await database.close();
  }, 120_000);
});

/** Decision 0068: a first start copies in the demo's undated part and seeds only what is dated. */
describe('the demo template a first start with the demo copies in', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-demo-template-test-'));
  const templatesDir = path.join(scratch, 'templates');
  const built = new Date('2026-11-20T10:00:00Z');
  const migrations = readMigrations();
  let migrated: string;
  let demo: string;
  beforeAll(async () => {
    migrated = await buildPgliteTemplate(templatesDir);
    demo = await buildDemoTemplate(migrated, { dir: templatesDir, now: built });
  }, 120_000);
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  const count = async (database: DatabaseHandle, table: string) =>
    (await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
  const demoTables = [
    'operators',
    'venues',
    'membership_types',
    'customers',
    'customer_memberships',
    'customer_packages',
    'customer_bookings',
    'activity_sessions',
    'direct_debit_instructions',
    'direct_debit_collections',
    'membership_events',
    'orders',
    'order_items',
    'saved_cards',
  ];
  const counts = async (database: DatabaseHandle) =>
    Object.fromEntries(await Promise.all(demoTables.map(async (t) => [t, await count(database, t)])));

  it('is chosen when the demo is wanted and the build made it, and the migrated one otherwise', () => {
    expect(demo).toBe(demoTemplatePath(migrations, templatesDir));
    expect(startingTemplate(migrations, { seedDemo: true }, templatesDir)).toEqual({
      path: demo,
      demo: true,
    });
    expect(startingTemplate(migrations, { seedDemo: false }, templatesDir)).toEqual({
      path: migrated,
      demo: false,
    });
    expect(startingTemplate(migrations, { seedDemo: true }, path.join(scratch, 'none'))).toBe(undefined);
  });

  it('completes, on the day it was built, to exactly the demo a full seed makes', async () => {
    const copied = await openDatabase({ dataDir: path.join(scratch, 'copied'), pgliteTemplate: demo });
    expect(await migrate(copied, migrations)).toEqual([]);
    expect(await seedDemoIfEmpty(copied.db)).toBe(false);
    expect(await seedDemoDatedIfPending(copied.db, built)).toBe(true);
    expect(await seedDemoDatedIfPending(copied.db, built)).toBe(false); // once only
    const seeded = await openDatabase({ dataDir: path.join(scratch, 'seeded'), pgliteTemplate: migrated });
    expect(await seedDemoIfEmpty(seeded.db, { now: built })).toBe(true);
    const full = await counts(seeded);
    expect(full.customer_bookings).toBeGreaterThan(10);
    expect(full.direct_debit_collections).toBeGreaterThan(0);
    expect(await counts(copied)).toEqual(full);
    await seeded.close();
    await copied.close();
  }, 120_000);

  it('dates what it adds from the day of the first start, however long after the build', async () => {
    const later = new Date('2026-12-02T09:00:00Z'); // a Wednesday, twelve days on
    const database = await openDatabase({ dataDir: path.join(scratch, 'later'), pgliteTemplate: demo });
    expect(await seedDemoDatedIfPending(database.db, later)).toBe(true);
    // Sessions run three weeks from the day of the start, not the build.
    const [ahead] = await database.query<{ last: string }>(
      `SELECT to_char(max(starts_at) AT TIME ZONE 'Europe/London', 'YYYY-MM-DD') AS last FROM activity_sessions`,
    );
    expect(ahead!.last).toBe('2026-12-23');
    // Priya's spin class is four days (a weekday) after the start: Monday 7 December.
    const priya = await database.query<{ day: string }>(
      `SELECT to_char(s.starts_at AT TIME ZONE 'Europe/London', 'YYYY-MM-DD') AS day
       FROM customer_bookings b JOIN customers c ON c.id = b.customer_id JOIN activity_sessions s ON s.id = b.session_id
       WHERE c.reference = 'C100002' AND s.starts_at > $1`,
      [later.toISOString()],
    );
    expect(priya.map((row) => row.day)).toContain('2026-12-07');
    await database.close();
  }, 120_000);

  it('adds nothing of the dated part when it fails part way, and all of it on the next start', async () => {
    const database = await openDatabase({ dataDir: path.join(scratch, 'torn'), pgliteTemplate: demo });
    // Robin's reference taken: the dated part's last step fails after its bookings went in.
    await database.query(
      `INSERT INTO customers (operator_id, reference, email, first_name, last_name, date_of_birth, password_hash)
       SELECT id, 'C100009', 'in-the-way@example.com', 'In', 'Theway', '1990-01-01', 'x' FROM operators`,
    );
    await expect(seedDemoDatedIfPending(database.db, built)).rejects.toThrow();
    expect(await count(database, 'customer_bookings')).toBe(0);
    expect(await count(database, 'customer_packages')).toBe(0);
    await database.query(`DELETE FROM customers WHERE reference = 'C100009'`);
    expect(await seedDemoDatedIfPending(database.db, built)).toBe(true);
    expect(await count(database, 'customer_bookings')).toBeGreaterThan(10);
    await database.close();
  }, 120_000);
});
