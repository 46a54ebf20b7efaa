import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { demoVenues } from '../src/db/seed/demo-operator.ts';
import { demoCataloguePath } from '../src/db/seed/seed-demo.ts';
import { parseCatalogue } from '../src/modules/catalogue/catalogue-file.ts';

const demoSource = fs.readFileSync(demoCataloguePath, 'utf8');
const venues = new Set(demoVenues.map((venue) => venue.slug));

/** Issue 18 item 1: what a catalogue benefit pays for at booking (decision 0048). */
describe('benefits in the catalogue file', () => {
  it('gives Priya’s Gym Anytime free swims and the demo a counted benefit, each covering real activities', () => {
    const parsed = parseCatalogue(demoSource, venues);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    const benefitsOf = (slug: string) => parsed.catalogue.types.find((type) => type.slug === slug)!.benefits;
    expect(benefitsOf('gym-anytime')).toContainEqual(
      expect.objectContaining({
        name: 'Swim sessions',
        covers: { categories: ['swimming'] },
        discountPercent: 100,
      }),
    );
    expect(benefitsOf('active-60')).toContainEqual(
      expect.objectContaining({
        totalUses: 8,
        frequency: 'month',
        covers: { categories: ['fitness-classes'] },
      }),
    );
    // A benefit without covers stays words only.
    expect(benefitsOf('gym-anytime')[0]).toMatchObject({ name: 'Gym sessions', covers: {} });
  });

  it('refuses covers naming no activity or category of the file, and a discount outside 1 to 100', () => {
    const broken = demoSource
      .replace('covers: { categories: [swimming] } }', 'covers: { categories: [swiming] } }')
      .replace(
        '{ name: Court bookings, totalUses: 8, frequency: month, covers: { categories: [courts] } }',
        '{ name: Court bookings, totalUses: 8, frequency: month, covers: { activities: [squash] }, discountPercent: 120 }',
      );
    const parsed = parseCatalogue(broken, venues);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems.map((problem) => problem.message)).toEqual(
      expect.arrayContaining([
        "is not one of the file's activityCategories",
        'must be a whole number from 1 to 100',
      ]),
    );
  });
});
