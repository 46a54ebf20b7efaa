import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPgliteTemplate } from '../src/db/pglite-template-build.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrate, readMigrations } from '../src/db/migrate.ts';
import { existingPgliteTemplate, pgliteTemplateFile } from '../src/db/pglite-template.ts';
import { seedDemoIfEmpty } from '../src/db/seed/seed-demo.ts';

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
    expect(template).toBe(pgliteTemplateFile(migrations, templatesDir));
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

  it('applies the migrations a template made before them does not hold', async () => {
    const migrations = readMigrations();
    const older = await buildPgliteTemplate(path.join(scratch, 'older'), migrations.slice(0, -1));
    const database = await openDatabase({ dataDir: path.join(scratch, 'behind'), pgliteTemplate: older });
    expect(await migrate(database, migrations)).toEqual([migrations.at(-1)!.id]);
    await database.close();
  }, 120_000);
});
