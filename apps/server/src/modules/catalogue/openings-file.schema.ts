import { openingEntrySchema } from '@lido/contracts/booking-openings';
import { z } from 'zod';

/** The file's `openings:` (issue 39 item 1, decision 0098): the staff site's shape, one schema. */
export const openingsSection = z.array(openingEntrySchema).default([]);

type Raw = Record<string, unknown>;
const list = (value: unknown): Raw[] =>
  Array.isArray(value) ? value.map((item) => (item && typeof item === 'object' ? (item as Raw) : {})) : [];

/** Each opening names a key once, an activity of the file and a centre of the operator's. */
export function crossCheckOpenings(
  raw: Raw,
  venueSlugs: ReadonlySet<string>,
): { path: (string | number)[]; message: string }[] {
  const activityKeys = new Set(list(raw.activities).map((activity) => activity.key));
  const seen = new Set<unknown>();
  return list(raw.openings).flatMap((opening, index) => {
    const problems: { path: (string | number)[]; message: string }[] = [];
    if (seen.has(opening.key))
      problems.push({ path: ['openings', index, 'key'], message: 'is the key of an earlier opening' });
    seen.add(opening.key);
    if (typeof opening.activity === 'string' && !activityKeys.has(opening.activity))
      problems.push({
        path: ['openings', index, 'activity'],
        message: "is not one of the file's activities",
      });
    if (typeof opening.venue === 'string' && !venueSlugs.has(opening.venue))
      problems.push({ path: ['openings', index, 'venue'], message: "is not one of the operator's centres" });
    return problems;
  });
}
