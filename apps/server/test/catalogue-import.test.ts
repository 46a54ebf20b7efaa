import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { demoVenues } from '../src/db/seed/demo-operator.ts';
import { demoCataloguePath, seedDemoIfEmpty } from '../src/db/seed/seed-demo.ts';
import { parseCatalogue } from '../src/modules/catalogue/catalogue-file.ts';
import { importCatalogue } from '../src/modules/catalogue/catalogue-import.ts';
import { createTestDatabase } from './support/test-database.ts';

const catalogueTables = [
  'membership_categories',
  'eligibility_rules',
  'membership_types',
  'membership_type_categories',
  'membership_type_venues',
  'membership_benefits',
  'payment_options',
  'custom_questions',
  'terms',
  'promotions',
];

async function snapshot(database: DatabaseHandle): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const table of catalogueTables) {
    result[table] = await database.query(`SELECT * FROM ${table} ORDER BY 1, 2`);
  }
  return result;
}

const demoSource = fs.readFileSync(demoCataloguePath, 'utf8');

describe('importing a catalogue file', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoIfEmpty(database.db); // imports the demo catalogue
  });
  afterAll(async () => {
    await database.close();
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await snapshot(database);
    expect(before.membership_types!.length).toBeGreaterThanOrEqual(10);
    const result = await importCatalogue(database.db, 1, demoSource);
    expect(result).toMatchObject({ ok: true, types: 11, promotions: 5, sessionsCreated: 0 });
    expect(await snapshot(database)).toEqual(before);
  });

  it('lists every problem of a broken file with its path and line, and changes nothing', async () => {
    const before = await snapshot(database);
    const broken = demoSource
      .replace('{ key: swim, name: Swim }', '{ key: swim, name: Swim, colour: blue }')
      .replace('pricePence: 2800 }', 'pricePence: 28.5 }')
      .replace('venues: [digbeth-climbing-and-fitness]', 'venues: [atlantis-leisure]')
      .replace('eligibility: student', 'eligibility: postgraduate');
    const result = await importCatalogue(database.db, 1, broken);
    expect(result.ok).toBe(false);
    const lines = demoSource.split('\n');
    const lineOf = (needle: string) => lines.findIndex((line) => line.includes(needle)) + 1;
    expect(result.ok ? [] : result.problems).toEqual([
      {
        path: 'categories[1].colour',
        line: lineOf('{ key: swim, name: Swim }'),
        message: 'Unrecognized key: "colour"',
      },
      {
        path: 'types[3].paymentOptions[0].pricePence',
        line: lineOf('pricePence: 2800 }'),
        message: 'must be a whole number of pence',
      },
      {
        path: 'types[6].eligibility',
        line: lineOf('eligibility: student'),
        message: '"postgraduate" is not an eligibility rule in this file',
      },
      {
        path: 'types[9].venues[0]',
        line: lineOf('venues: [digbeth-climbing-and-fitness]'),
        message: '"atlantis-leisure" is not one of the operator\'s centres',
      },
    ]);
    expect(await snapshot(database)).toEqual(before);
  });

  it('reports YAML syntax errors with their line', async () => {
    const result = await importCatalogue(
      database.db,
      1,
      'categories:\n  - { key: gym, name: Gym\ntypes: []\n',
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]?.message).toMatch(/^YAML: /);
  });

  it("applies the operator's membership rules, and refuses a freeze limit below its minimum", async () => {
    const rules = `SELECT cancellation_notice_months, cooling_off_days, freeze_min_months, freeze_max_months,
      freeze_monthly_fee_pence FROM operators WHERE id = 1`;
    expect(await database.query(rules)).toEqual([
      {
        cancellation_notice_months: 1,
        cooling_off_days: 14,
        freeze_min_months: 1,
        freeze_max_months: 3,
        freeze_monthly_fee_pence: 500,
      },
    ]);
    const inverted = demoSource
      .replace('freezeMaxMonths: 3', 'freezeMaxMonths: 2')
      .replace('freezeMinMonths: 1', 'freezeMinMonths: 4');
    const result = await importCatalogue(database.db, 1, inverted);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems.map((problem) => problem.path)).toContain('membershipRules.freezeMaxMonths');
    }
    const shortCoolingOff = await importCatalogue(
      database.db,
      1,
      demoSource.replace('coolingOffDays: 14', 'coolingOffDays: 7'),
    );
    expect(shortCoolingOff.ok).toBe(false);
    expect(await database.query(rules)).toEqual([
      expect.objectContaining({ cooling_off_days: 14, freeze_max_months: 3 }),
    ]);
  });

  it('retires a membership type that leaves the file instead of deleting it', async () => {
    const without = demoSource.replace(
      / {2}- slug: climbing-unlimited[\s\S]*?(?= {2}- slug: corporate-wellbeing)/,
      '',
    );
    expect(await importCatalogue(database.db, 1, without)).toMatchObject({ ok: true, types: 10 });
    const rows = await database.query<{ active: boolean }>(
      `SELECT active FROM membership_types WHERE slug = 'climbing-unlimited'`,
    );
    expect(rows).toEqual([{ active: false }]);
    await importCatalogue(database.db, 1, demoSource);
    expect(
      await database.query(`SELECT active FROM membership_types WHERE slug = 'climbing-unlimited'`),
    ).toEqual([{ active: true }]);
  });
});

describe('the demo catalogue', () => {
  const parsed = parseCatalogue(demoSource, new Set(demoVenues.map((venue) => venue.slug)));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  const { catalogue } = parsed;
  const options = catalogue.types.flatMap((type) => type.paymentOptions);

  it('covers the categories, payment kinds, coverage and eligibility the issue asks for', () => {
    expect(catalogue.categories.map((c) => c.name)).toEqual([
      'Gym',
      'Swim',
      'Racquets',
      'Junior',
      'Concession',
      'Off-peak',
      'National',
    ]);
    expect(catalogue.types.length).toBeGreaterThanOrEqual(10);
    expect(
      new Set(options.filter((o) => o.paymentType === 'fixed').map((o) => `${o.duration} ${o.period}`)),
    ).toEqual(new Set(['1 month', '3 month', '12 month']));
    expect(options.some((o) => o.paymentType === 'recurring')).toBe(true);
    expect(options.some((o) => o.joiningFeePence > 0)).toBe(true);
    expect(options.some((o) => o.monthInHand)).toBe(true);
    expect(options.some((o) => !o.purchasable && o.message)).toBe(true);
    expect(new Set(catalogue.types.map((t) => t.coverage))).toEqual(new Set(['national', 'venues']));
    const rules = catalogue.eligibility;
    expect(rules.some((r) => r.kind === 'age' && r.maxAge !== undefined)).toBe(true); // junior
    expect(rules.some((r) => r.kind === 'age' && r.minAge === 60 && r.maxAge === undefined)).toBe(true); // 60+
    expect(rules.some((r) => r.kind === 'proof')).toBe(true); // student
    expect(catalogue.types.some((t) => t.benefits.some((b) => b.totalUses && b.frequency))).toBe(true);
  });

  it('asks additional questions of all six types, with defaults and required ones', () => {
    const questions = catalogue.types.flatMap((type) => type.questions);
    expect(new Set(questions.map((q) => q.type))).toEqual(
      new Set(['text', 'number', 'select', 'multi_select', 'date', 'checkbox']),
    );
    expect(questions.some((q) => q.required)).toBe(true);
    expect(questions.filter((q) => q.default !== undefined).length).toBeGreaterThanOrEqual(3);
  });

  it('has all three kinds of terms and the four kinds of promotion', () => {
    expect(new Set(catalogue.terms.map((t) => t.kind))).toEqual(
      new Set(['direct_debit', 'health_commitment', 'membership']),
    );
    const promos = catalogue.promotions;
    expect(promos.some((p) => p.kind === 'percent')).toBe(true);
    expect(promos.some((p) => p.kind === 'amount')).toBe(true);
    expect(promos.some((p) => p.validTo && p.validTo < '2026-01-01')).toBe(true);
    expect(promos.some((p) => p.maxRedemptions !== undefined)).toBe(true);
  });
});
