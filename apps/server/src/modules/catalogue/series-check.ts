import { weeklySeriesSchema, type WeeklySeries } from '@lido/contracts/timetable';
import type { Executor } from '../../db/client.ts';
import { seriesOfSlots, storedSlotsOf } from '../activities/index.ts';
import { crossCheckActivities } from './activities-cross-check.ts';
import { activitiesAndPlaces } from './catalogue-files.repository.ts';

/** A problem with a series, at its field path (`days[1]`), worded as the catalogue file words it. */
export interface SeriesProblem {
  path: string;
  message: string;
}

const formatPath = (path: readonly PropertyKey[]) =>
  path.reduce<string>(
    (out, part) =>
      typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part),
    '',
  ) || '(series)';

/**
 * A series saved in the staff site is checked exactly as the catalogue file checks a `schedules`
 * entry (decision 0092): the same schema, then the same cross-checks with the stored activities,
 * places and the other series standing in for the rest of the file (unknown activity or place, a
 * facility given a location, a session without capacity, two series in one place at once).
 */
export async function checkSeries(
  ex: Executor,
  raw: unknown,
  venueSlugs: ReadonlySet<string>,
): Promise<{ ok: true; series: WeeklySeries } | { ok: false; problems: SeriesProblem[] }> {
  const parsed = weeklySeriesSchema.safeParse(raw);
  if (!parsed.success)
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => {
        const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
        return { path: formatPath([...issue.path, ...keys.slice(0, 1)]), message: issue.message };
      }),
    };
  const series = parsed.data;
  const [{ activities, locations }, slots] = await Promise.all([activitiesAndPlaces(ex), storedSlotsOf(ex)]);
  const bySeries = new Map<string, typeof slots>();
  for (const slot of slots) {
    const key = slot.key.split(':')[0]!;
    bySeries.set(key, [...(bySeries.get(key) ?? []), slot]);
  }
  const others = [...bySeries]
    .filter(([key]) => key !== series.key)
    .map(([, group]) => seriesOfSlots(group)!);
  const file = {
    activityCategories: [...new Set(activities.map((activity) => activity.category))].map((key) => ({
      key,
    })),
    activities: activities.map((activity) => ({ ...activity, name: activity.key })),
    locations,
    schedules: [...others, series],
  };
  const index = others.length;
  const problems = crossCheckActivities(file, venueSlugs)
    .filter(
      (problem) =>
        problem.path[0] === 'schedules' &&
        (problem.path[1] === index || problem.message.includes(`"${series.key}"`)),
    )
    .map((problem) => ({
      path: problem.path[1] === index ? formatPath(problem.path.slice(2)) : '(series)',
      message: problem.message,
    }));
  return problems.length > 0 ? { ok: false, problems } : { ok: true, series };
}
