import { z } from 'zod';
import { key, pence, text } from './catalogue-fields.schema.ts';
import type { RawProblem } from './activities-cross-check.ts';

/**
 * The catalogue file's `packages` section (issue 18 item 2, decision 0049): what the operator
 * sells as a bundle of uses, e.g. a 10-swim card valid 3 months covering the swimming category.
 */
const keys = z.array(key).default([]);

export const packageEntrySchema = z
  .strictObject({
    key,
    name: text,
    description: z.string().default(''),
    /** how many bookings (places) it pays for */
    uses: z
      .number({ error: 'must be a whole number from 1 to 200' })
      .int({ error: 'must be a whole number from 1 to 200' })
      .min(1, { error: 'must be a whole number from 1 to 200' })
      .max(200, { error: 'must be a whole number from 1 to 200' }),
    /** valid from the day it is bought for this many months */
    validMonths: z
      .number({ error: 'must be a whole number of months from 1 to 36' })
      .int({ error: 'must be a whole number of months from 1 to 36' })
      .min(1, { error: 'must be a whole number of months from 1 to 36' })
      .max(36, { error: 'must be a whole number of months from 1 to 36' }),
    pricePence: pence,
    /** the centres that sell it; a package is used at the centre it was bought for */
    venues: z.array(key).min(1, { error: 'needs at least one centre' }),
    covers: z.strictObject({ categories: keys, activities: keys }),
  })
  .superRefine((entry, ctx) => {
    if (entry.covers.categories.length === 0 && entry.covers.activities.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['covers'],
        message: 'needs at least one activity category or activity it pays for',
      });
  });
export type PackageEntry = z.infer<typeof packageEntrySchema>;

type Raw = Record<string, unknown>;
const list = (value: unknown): Raw[] =>
  Array.isArray(value) ? value.map((item) => (item && typeof item === 'object' ? (item as Raw) : {})) : [];
const strings = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The packages' references: unique keys, the operator's centres, the file's categories and activities. */
export function crossCheckPackages(file: Raw, venueSlugs: ReadonlySet<string>): RawProblem[] {
  const problems: RawProblem[] = [];
  const categoryKeys = new Set(list(file.activityCategories).map((c) => c.key));
  const activityKeys = new Set(list(file.activities).map((a) => a.key));
  const seen = new Set<unknown>();
  list(file.packages).forEach((entry, index) => {
    if (typeof entry.key === 'string' && seen.has(entry.key))
      problems.push({ path: ['packages', index, 'key'], message: 'is used twice' });
    seen.add(entry.key);
    strings(entry.venues).forEach((venue, at) => {
      if (typeof venue === 'string' && !venueSlugs.has(venue))
        problems.push({
          path: ['packages', index, 'venues', at],
          message: `"${venue}" is not one of the operator's centres`,
        });
    });
    const covers = (entry.covers ?? {}) as Raw;
    strings(covers.categories).forEach((category, at) => {
      if (typeof category === 'string' && !categoryKeys.has(category))
        problems.push({
          path: ['packages', index, 'covers', 'categories', at],
          message: `"${category}" is not an activity category in this file`,
        });
    });
    strings(covers.activities).forEach((activity, at) => {
      if (typeof activity === 'string' && !activityKeys.has(activity))
        problems.push({
          path: ['packages', index, 'covers', 'activities', at],
          message: `"${activity}" is not an activity in this file`,
        });
    });
  });
  return problems;
}
