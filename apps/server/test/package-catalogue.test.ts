import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { catalogueVersion, packageTypes } from '../src/db/schema.ts';
import { demoCataloguePath, seedDemoIfEmpty } from '../src/db/seed/seed-demo.ts';
import { parseCatalogue } from '../src/modules/catalogue/catalogue-file.ts';
import { importCatalogue } from '../src/modules/catalogue/catalogue-import.ts';
import { createTestDatabase } from './support/test-database.ts';

const demoSource = fs.readFileSync(demoCataloguePath, 'utf8');
const lineOf = (needle: string) => demoSource.split('\n').findIndex((line) => line.includes(needle)) + 1;
/** A change made in the packages section only: benefits' `covers` earlier in the file read alike. */
const inPackages = (source: string, from: string, to: string) => {
  const at = source.indexOf('\npackages:\n');
  return source.slice(0, at) + source.slice(at).replace(from, to);
};

/** The catalogue file's `packages:` section (issue 18 item 2, decision 0049). */
describe('packages in the catalogue file', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoIfEmpty(database.db); // imports the demo catalogue
  });
  afterAll(() => database?.close());

  const version = async () => (await database.db.select().from(catalogueVersion))[0]!.version;
  const types = () =>
    database.db
      .select({ key: packageTypes.key, active: packageTypes.active, uses: packageTypes.totalUses })
      .from(packageTypes)
      .orderBy(packageTypes.sortOrder);

  it('imports the demo packages with their uses, months, price and covers', async () => {
    const [card] = await database.db.select().from(packageTypes).where(eq(packageTypes.key, 'ten-swim-card'));
    expect(card).toMatchObject({
      name: '10-swim card',
      totalUses: 10,
      validMonths: 3,
      pricePence: 4500,
      covers: { categories: ['swimming'], activities: [] },
      active: true,
    });
  });

  it('names each wrong reference with its path and line, and imports nothing', async () => {
    const before = await types();
    const broken = inPackages(
      demoSource,
      'covers: { categories: [swimming] }',
      'covers: { categories: [swimmming], activities: [yogga] }',
    )
      .replace(
        'venues: [castlefield-leisure-centre, salford-quays-aquatics, clifton-lido-and-spa, headingley-active]',
        'venues: [atlantis-leisure]',
      )
      .replace('    uses: 5\n', '    uses: 0\n');
    const result = await importCatalogue(database.db, 1, broken);
    expect(result.ok ? [] : result.problems.filter((p) => p.path.startsWith('packages'))).toEqual([
      {
        path: 'packages[0].covers.categories[0]',
        line: expect.any(Number),
        message: '"swimmming" is not an activity category in this file',
      },
      {
        path: 'packages[0].covers.activities[0]',
        line: expect.any(Number),
        message: '"yogga" is not an activity in this file',
      },
      {
        path: 'packages[1].uses',
        line: lineOf('    uses: 5'),
        message: 'must be a whole number from 1 to 200',
      },
      {
        path: 'packages[1].venues[0]',
        line: expect.any(Number),
        message: '"atlantis-leisure" is not one of the operator\'s centres',
      },
    ]);
    expect(await types()).toEqual(before);
  });

  it('needs something a package pays for', () => {
    const parsed = parseCatalogue(
      inPackages(demoSource, 'covers: { categories: [fitness-classes] }', 'covers: {}'),
      new Set([
        'castlefield-leisure-centre',
        'salford-quays-aquatics',
        'clifton-lido-and-spa',
        'headingley-active',
      ]),
    );
    expect(parsed.ok ? [] : parsed.problems.filter((p) => p.path.startsWith('packages'))).toContainEqual(
      expect.objectContaining({
        path: 'packages[1].covers',
        message: 'needs at least one activity category or activity it pays for',
      }),
    );
  });

  it('retires a package left out of the file and moves the catalogue version', async () => {
    const before = await version();
    const start = demoSource.indexOf('  - key: five-class-pass');
    const withoutPass = demoSource.slice(0, start);
    expect((await importCatalogue(database.db, 1, withoutPass)).ok).toBe(true);
    expect(await types()).toEqual([
      { key: 'ten-swim-card', active: true, uses: 10 },
      { key: 'five-class-pass', active: false, uses: 5 },
    ]);
    expect(await version()).toBeGreaterThan(before);
    expect((await importCatalogue(database.db, 1, demoSource)).ok).toBe(true);
    expect((await types()).map((type) => type.active)).toEqual([true, true]);
  });
});
