import { weekdayNames } from './activities-file.schema.ts';

type PathSegment = string | number;
type Raw = Record<string, unknown>;
export interface RawProblem {
  path: PathSegment[];
  message: string;
}

function list(value: unknown): Raw[] {
  return Array.isArray(value)
    ? value.map((item) => (item && typeof item === 'object' ? (item as Raw) : {}))
    : [];
}
const texts = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const isText = (value: unknown): value is string => typeof value === 'string';

function repeatedIndexes(items: Raw[], keyOf: (item: Raw) => string | undefined): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  items.forEach((item, index) => {
    const value = keyOf(item);
    if (value === undefined) return;
    if (seen.has(value)) repeated.push(index);
    seen.add(value);
  });
  return repeated;
}

const weekMinutes = 7 * 24 * 60;
function minutesOf(time: unknown): number | undefined {
  if (!isText(time) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return undefined;
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

interface Slot {
  schedule: number;
  time: number;
  key: string;
  day: string;
  start: number; // minutes from Monday 00:00
  end: number;
  validFrom: string;
  validTo: string;
}

/**
 * References between the activity sections, to the operator's centres, and the sessions two weekly
 * slots would put in one room at once. It reads the raw file so its problems are listed together
 * with the shape problems, each at its path.
 */
export function crossCheckActivities(file: Raw, venueSlugs: ReadonlySet<string>): RawProblem[] {
  const problems: RawProblem[] = [];
  const categories = list(file.activityCategories);
  const activities = list(file.activities);
  const locations = list(file.locations);
  const schedules = list(file.schedules);

  for (const index of repeatedIndexes(categories, (c) => (isText(c.key) ? c.key : undefined)))
    problems.push({ path: ['activityCategories', index, 'key'], message: 'is used twice' });
  for (const index of repeatedIndexes(activities, (a) => (isText(a.key) ? a.key : undefined)))
    problems.push({ path: ['activities', index, 'key'], message: 'is used twice' });
  for (const index of repeatedIndexes(locations, (l) =>
    isText(l.key) && isText(l.venue) ? `${l.venue}/${l.key}` : undefined,
  ))
    problems.push({ path: ['locations', index, 'key'], message: 'is used twice at this centre' });
  for (const index of repeatedIndexes(schedules, (s) => (isText(s.key) ? s.key : undefined)))
    problems.push({ path: ['schedules', index, 'key'], message: 'is used twice' });

  const categoryKeys = new Set(categories.map((c) => c.key));
  activities.forEach((activity, index) => {
    if (isText(activity.category) && !categoryKeys.has(activity.category))
      problems.push({
        path: ['activities', index, 'category'],
        message: `"${activity.category}" is not an activity category in this file`,
      });
  });
  const locationKinds = new Map<string, unknown>();
  locations.forEach((location, index) => {
    if (isText(location.venue) && !venueSlugs.has(location.venue))
      problems.push({
        path: ['locations', index, 'venue'],
        message: `"${location.venue}" is not one of the operator's centres`,
      });
    locationKinds.set(`${String(location.venue)}/${String(location.key)}`, location.kind);
  });

  const activityKinds = new Map(activities.map((a) => [a.key, a.kind ?? 'session']));
  const activityBands = new Map(activities.map((a) => [a.key, new Set(list(a.prices).map((p) => p.band))]));
  const activityAges = new Map(activities.map((a) => [a.key, a]));
  const slots: Map<string, Slot[]> = new Map();
  schedules.forEach((schedule, s) => {
    const at = (...rest: PathSegment[]) => ['schedules', s, ...rest];
    const kind = activityKinds.get(schedule.activity);
    if (isText(schedule.activity) && kind === undefined)
      problems.push({
        path: at('activity'),
        message: `"${schedule.activity}" is not an activity in this file`,
      });
    const venue = schedule.venue;
    if (isText(venue) && !venueSlugs.has(venue))
      problems.push({ path: at('venue'), message: `"${venue}" is not one of the operator's centres` });
    if (kind === 'facility' && schedule.location !== undefined)
      problems.push({
        path: at('location'),
        message: 'a facility is let by the court: list its courts instead',
      });
    if (kind === 'session' && schedule.courts !== undefined)
      problems.push({ path: at('courts'), message: 'only a facility lists courts; give a location' });
    if (kind === 'session' && schedule.capacity === undefined)
      problems.push({ path: at('capacity'), message: 'a session schedule needs its capacity' });
    // A series' own age limits, with its activity's where it sets none, must leave someone an age (decision 0100).
    const ages = activityAges.get(schedule.activity);
    const youngest = schedule.minAge ?? ages?.minAge;
    const oldest = schedule.maxAge ?? ages?.maxAge;
    // (both given, the schema itself compares them)
    if (
      (schedule.minAge === undefined) !== (schedule.maxAge === undefined) &&
      typeof youngest === 'number' &&
      typeof oldest === 'number' &&
      youngest > oldest
    )
      problems.push({
        path: at(schedule.maxAge !== undefined ? 'maxAge' : 'minAge'),
        message: `leaves no age to book: the youngest age would be ${youngest} and the oldest ${oldest} (the activity's where the series gives none)`,
      });
    // A series prices its activity's own bands its own way; it adds none (decision 0100).
    const bands = activityBands.get(schedule.activity);
    list(schedule.prices).forEach((price, p) => {
      if (bands && isText(price.band) && !bands.has(price.band))
        problems.push({
          path: at('prices', p, 'band'),
          message: `must be one of the bands "${schedule.activity as string}" is priced in (${[...bands].join(', ')}): a series prices only its activity's own bands`,
        });
    });

    const places: { key: unknown; path: PathSegment[] }[] =
      schedule.location !== undefined
        ? [{ key: schedule.location, path: at('location') }]
        : texts(schedule.courts).map((court, c) => ({ key: court, path: at('courts', c) }));
    const known: string[] = [];
    for (const place of places) {
      if (!isText(place.key) || !isText(venue) || !venueSlugs.has(venue)) continue;
      const locationKind = locationKinds.get(`${venue}/${place.key}`);
      if (locationKind === undefined) {
        problems.push({
          path: place.path,
          message: `"${place.key}" is not a location at ${venue} in this file`,
        });
      } else if (kind === 'facility' && locationKind !== 'court') {
        problems.push({
          path: place.path,
          message: `"${place.key}" is a ${String(locationKind)}, not a court: a facility is let by the court`,
        });
      } else known.push(`${venue}/${place.key}`);
    }

    const duration = typeof schedule.durationMinutes === 'number' ? schedule.durationMinutes : undefined;
    if (duration === undefined || !isText(schedule.key)) return;
    texts(schedule.days).forEach((day) => {
      const dayIndex = weekdayNames.indexOf(day as (typeof weekdayNames)[number]);
      if (dayIndex < 0) return;
      texts(schedule.times).forEach((time, t) => {
        const minutes = minutesOf(time);
        if (minutes === undefined) return;
        for (const location of known) {
          const start = dayIndex * 1440 + minutes;
          const slot: Slot = {
            schedule: s,
            time: t,
            key: schedule.key as string,
            day: day as string,
            start,
            end: start + duration,
            validFrom: isText(schedule.validFrom) ? schedule.validFrom : '0000-00-00',
            validTo: isText(schedule.validTo) ? schedule.validTo : '9999-99-99',
          };
          slots.set(location, [...(slots.get(location) ?? []), slot]);
        }
      });
    });
  });
  problems.push(...overlaps(slots));
  return problems;
}

/** Two weekly slots in one location whose times (and dates of validity) meet. */
function overlaps(slots: Map<string, Slot[]>): RawProblem[] {
  const problems: RawProblem[] = [];
  const reported = new Set<string>();
  for (const [location, inLocation] of slots) {
    inLocation.sort((a, b) => a.start - b.start);
    inLocation.forEach((later, j) => {
      for (const earlier of inLocation.slice(0, j)) {
        // sorted by start, so `later` starts no earlier; one running late on Sunday into Monday
        // morning meets a Monday slot a week on
        const meets = later.start < earlier.end || earlier.start + weekMinutes < later.end;
        const sameDates = earlier.validFrom <= later.validTo && later.validFrom <= earlier.validTo;
        if (!meets || !sameDates) continue;
        const id = `${later.schedule}/${later.time}`;
        if (reported.has(id)) continue;
        reported.add(id);
        problems.push({
          path: ['schedules', later.schedule, 'times', later.time],
          message: `its ${later.day} session overlaps "${earlier.key}" (${earlier.day} ${clock(earlier.start)}) in ${location.split('/')[1]}`,
        });
      }
    });
  }
  return problems;
}

function clock(weekMinute: number): string {
  const minutes = weekMinute % 1440;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
