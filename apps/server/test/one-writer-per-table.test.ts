import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 32 item 3, decision 0082: every table is written (UPDATE, INSERT, DELETE, through Drizzle
 * or raw SQL) by one server module. Reads and joins across modules are allowed.
 */
const src = path.resolve(import.meta.dirname, '../src');
const modulesDir = path.join(src, 'modules');

/** Drizzle table variables of the schema, by the SQL table each names. */
function schemaTables(): Map<string, string> {
  const schema = fs.readFileSync(path.join(src, 'db/schema.ts'), 'utf8');
  const tables = new Map<string, string>();
  for (const match of schema.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g))
    tables.set(match[1]!, match[2]!);
  return tables;
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Each written table, with the modules that write it and where. */
function writersOf(files: { module: string; file: string; code: string }[]) {
  const tables = schemaTables();
  const sqlNames = new Set(tables.values());
  const writers = new Map<string, Map<string, string[]>>();
  const add = (table: string, module: string, where: string) => {
    const modules = writers.get(table) ?? new Map<string, string[]>();
    modules.set(module, [...(modules.get(module) ?? []), where]);
    writers.set(table, modules);
  };
  for (const { module, file, code } of files) {
    const lineOf = (index: number) => `${file}:${code.slice(0, index).split('\n').length}`;
    for (const match of code.matchAll(/\.(?:update|insert|delete)\(\s*(\w+)/g)) {
      const table = tables.get(match[1]!);
      if (table) add(table, module, lineOf(match.index));
    }
    for (const match of code.matchAll(/\b(?:UPDATE|INSERT\s+INTO|DELETE\s+FROM)\s+(\w+)/gi))
      if (sqlNames.has(match[1]!)) add(match[1]!, module, lineOf(match.index));
  }
  return writers;
}

const moduleFiles = () =>
  fs.readdirSync(modulesDir).flatMap((module) =>
    filesUnder(path.join(modulesDir, module)).map((file) => ({
      module,
      file: path.relative(src, file),
      code: fs.readFileSync(file, 'utf8'),
    })),
  );

describe('each table is written by one module', () => {
  it('finds one writing module for every table the server modules write', () => {
    const shared = [...writersOf(moduleFiles())]
      .filter(([, modules]) => modules.size > 1)
      .map(([table, modules]) => `${table}: ${[...modules].map(([m, at]) => `${m} (${at[0]})`).join(', ')}`);
    expect(shared).toEqual([]);
  });

  it('would catch a second module writing a table, by Drizzle or by SQL', () => {
    const writers = writersOf([
      { module: 'bookings', file: 'a.ts', code: 'await db.update(customerBookings).set({})' },
      { module: 'waiting-list', file: 'b.ts', code: 'await db.insert(customerBookings).values(row)' },
      { module: 'cart', file: 'c.ts', code: 'sql`UPDATE activity_sessions SET taken = taken + 1`' },
      { module: 'activities', file: 'd.ts', code: 'await db.delete(activitySessions)' },
    ]);
    expect([...writers.get('customer_bookings')!.keys()]).toEqual(['bookings', 'waiting-list']);
    expect([...writers.get('activity_sessions')!.keys()]).toEqual(['cart', 'activities']);
  });
});
