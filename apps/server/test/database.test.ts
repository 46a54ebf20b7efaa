import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { migrate, readMigrations } from '../src/db/migrate.ts';
import * as schema from '../src/db/schema.ts';
import { demoVenues } from '../src/db/seed/demo-operator.ts';
import { seedDemoIfEmpty } from '../src/db/seed/seed-demo.ts';
import { createTestDatabase } from './support/test-database.ts';

describe('the database', () => {
  let database: DatabaseHandle;
  /** What seeding the fresh database answered: every test then reads the seeded demo operator. */
  let seededEmpty: boolean;
  beforeAll(async () => {
    database = await createTestDatabase();
    seededEmpty = await seedDemoIfEmpty(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  it('has every migration recorded, and migrating again applies nothing', async () => {
    const recorded = await database.query<{ id: string }>('SELECT id FROM lido_migrations ORDER BY id');
    expect(recorded.map((row) => row.id)).toEqual(readMigrations().map((migration) => migration.id));
    expect(await migrate(database)).toEqual([]);
  });

  it('matches the Drizzle schema column for column', async () => {
    const tables: PgTable[] = Object.values(schema).filter(
      (value) => typeof value === 'object' && value !== null && Symbol.for('drizzle:IsDrizzleTable') in value,
    );
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) {
      const { name, columns } = getTableConfig(table);
      const rows = await database.query<{ column_name: string; is_nullable: string }>(
        `SELECT column_name, is_nullable FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name = $1 ORDER BY column_name`,
        [name],
      );
      const actual = rows.map(
        (row) => `${row.column_name}:${row.is_nullable === 'NO' ? 'not null' : 'null'}`,
      );
      const expected = columns
        .map((column) => `${column.name}:${column.notNull ? 'not null' : 'null'}`)
        .sort();
      expect(actual, `table ${name}`).toEqual(expected);
    }
  });

  it('seeds the demo operator once: at least 12 centres and two of their own themes', async () => {
    expect(seededEmpty).toBe(true);
    expect(await seedDemoIfEmpty(database.db)).toBe(false);
    const venues = await database.query<{ count: number }>('SELECT count(*)::int AS count FROM venues');
    expect(venues[0]?.count).toBe(demoVenues.length);
    expect(demoVenues.length).toBeGreaterThanOrEqual(12);
    const themed = await database.query<{ primary_colour: string }>(
      `SELECT t.primary_colour FROM themes t WHERE t.venue_id IS NOT NULL
       AND t.primary_colour <> (SELECT primary_colour FROM themes WHERE venue_id IS NULL)`,
    );
    expect(themed.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses data that breaks its rules, and keeps what was there', async () => {
    await expect(
      database.query(`INSERT INTO venues (operator_id, slug, name, address1, town, postcode, lat, lng, place_type)
        VALUES (1, 'Bad Slug', 'x', 'x', 'x', 'x', 95, 0, 'Gym')`),
    ).rejects.toThrow();
    const venues = await database.query<{ count: number }>('SELECT count(*)::int AS count FROM venues');
    expect(venues[0]?.count).toBe(demoVenues.length);
  });
});

describe('the embedded database on disk', () => {
  it('keeps its data across a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-restart-'));
    const first = await openDatabase({ dataDir });
    await migrate(first);
    await seedDemoIfEmpty(first.db);
    await first.query(`UPDATE operators SET name = 'Renamed Leisure'`);
    await first.close();

    const second = await openDatabase({ dataDir });
    expect(await migrate(second)).toEqual([]);
    expect(await seedDemoIfEmpty(second.db)).toBe(false);
    const rows = await second.query<{ name: string }>('SELECT name FROM operators');
    expect(rows).toEqual([{ name: 'Renamed Leisure' }]);
    await second.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
