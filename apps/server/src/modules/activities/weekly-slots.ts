import { type SeriesPrice, weekdayNames, type WeeklySeries } from '@lido/contracts/timetable';

/** A series' own booking rules on each of its slots; null is the activity's (decision 0100). */
export interface SlotRules {
  minAge: number | null;
  maxAge: number | null;
  waiverRequired: boolean | null;
  waiverText: string | null;
  cancellationCutoffMinutes: number | null;
  /** the series' own amount and booking window of some of its activity's bands */
  prices: SeriesPrice[] | null;
}

const ruleNames = [
  'minAge',
  'maxAge',
  'waiverRequired',
  'waiverText',
  'cancellationCutoffMinutes',
  'prices',
] as const;

/** The rules a series sets, as its slots keep them. */
export const slotRulesOf = (series: WeeklySeries): SlotRules => ({
  minAge: series.minAge ?? null,
  maxAge: series.maxAge ?? null,
  waiverRequired: series.waiverRequired ?? null,
  waiverText: series.waiverText ?? null,
  cancellationCutoffMinutes: series.cancellationCutoffMinutes ?? null,
  prices: series.prices ?? null,
});

/** The rules a slot keeps, as its series names them (those it leaves to the activity left out). */
const seriesRulesOf = (slot: SlotRules) =>
  Object.fromEntries(
    ruleNames.filter((name) => slot[name] !== null).map((name) => [name, slot[name]]),
  ) as Pick<WeeklySeries, (typeof ruleNames)[number]>;

/** One weekly slot as the database keeps it (a row of `activity_schedules`). */
export interface WeeklySlot extends SlotRules {
  key: string;
  activity: string;
  venue: string;
  location: string;
  /** 1 Monday … 7 Sunday */
  weekday: number;
  /** 'HH:MM:SS' */
  startTime: string;
  durationMinutes: number;
  capacity: number;
  instructor: string | null;
  onlineBookingEnabled: boolean;
  validFrom: string | null;
  validTo: string | null;
}

/**
 * One weekly slot as the database keeps it: a series (a catalogue file's schedule) lists days,
 * times and (for a facility) courts, and each combination is a row keyed `series:day:HHMM[:court]`,
 * so sessions stay tied to the slot that made them and a slot that leaves the series is retired on
 * its own. The catalogue import and the staff site's timetable both make their rows here.
 */
export function weeklySlots(file: {
  schedules: WeeklySeries[];
  activities: { key: string; kind: 'session' | 'facility' }[];
}): WeeklySlot[] {
  const kinds = new Map(file.activities.map((activity) => [activity.key, activity.kind]));
  return file.schedules.flatMap((schedule) => {
    const facility = kinds.get(schedule.activity) === 'facility';
    const places = schedule.courts ?? [schedule.location!];
    return schedule.days.flatMap((day) =>
      schedule.times.flatMap((time) =>
        places.map((place) => ({
          key: [schedule.key, day, time.replace(':', ''), ...(facility ? [place] : [])].join(':'),
          activity: schedule.activity,
          venue: schedule.venue,
          location: place,
          weekday: weekdayNames.indexOf(day) + 1,
          startTime: `${time}:00`,
          durationMinutes: schedule.durationMinutes,
          capacity: schedule.capacity ?? 1,
          instructor: schedule.instructor ?? null,
          onlineBookingEnabled: schedule.onlineBooking,
          validFrom: schedule.validFrom ?? null,
          validTo: schedule.validTo ?? null,
          ...slotRulesOf(schedule),
        })),
      ),
    );
  });
}

/** A stored slot, as read back to make its series again. */
export interface StoredSlot extends SlotRules {
  key: string;
  activity: string;
  activityKind: 'session' | 'facility';
  venue: string;
  location: string;
  weekday: number;
  startTime: string;
  durationMinutes: number;
  capacity: number;
  instructor: string | null;
  onlineBookingEnabled: boolean;
  validFrom: string | null;
  validTo: string | null;
}

/** The series key of a slot key (`series:day:HHMM[:court]`). */
export const seriesKeyOf = (slotKey: string) => slotKey.split(':')[0]!;

/**
 * The series the active slots of one key make, as the catalogue file writes it: the inverse of
 * `weeklySlots`, so a series read back and saved again makes the same rows.
 */
export function seriesOfSlots(slots: StoredSlot[]): WeeklySeries | undefined {
  const first = slots[0];
  if (!first) return undefined;
  const facility = first.activityKind === 'facility';
  const days = [...new Set(slots.map((slot) => slot.weekday))].sort((a, b) => a - b);
  const times = [...new Set(slots.map((slot) => slot.startTime.slice(0, 5)))].sort();
  const courts = [...new Set(slots.map((slot) => slot.location))].sort();
  return {
    key: seriesKeyOf(first.key),
    activity: first.activity,
    venue: first.venue,
    ...(facility ? { courts } : { location: first.location }),
    days: days.map((day) => weekdayNames[day - 1]!),
    times,
    durationMinutes: first.durationMinutes,
    capacity: first.capacity,
    ...(first.instructor !== null ? { instructor: first.instructor } : {}),
    onlineBooking: first.onlineBookingEnabled,
    ...(first.validFrom !== null ? { validFrom: first.validFrom } : {}),
    ...(first.validTo !== null ? { validTo: first.validTo } : {}),
    ...seriesRulesOf(first),
  };
}
