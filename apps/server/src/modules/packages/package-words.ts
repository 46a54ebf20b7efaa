import type { PackageCovers } from '../../db/schema.ts';

/** How packages are put in words, the same on the bookings site, the basket and My account. */

/** "Swimming, Aqua fit": the names of what a package covers, in the catalogue's order. */
export function coversText(covers: PackageCovers, names: Map<string, string>): string {
  return [...covers.categories, ...covers.activities].map((key) => names.get(key) ?? key).join(', ');
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "10 uses, valid 3 months from purchase: Swimming" */
export function packageSummary(input: { uses: number; validMonths: number; covers: string }): string {
  const valid = `${plural(input.uses, 'use', 'uses')}, valid ${plural(input.validMonths, 'month', 'months')} from purchase`;
  return input.covers ? `${valid}: ${input.covers}` : valid;
}
