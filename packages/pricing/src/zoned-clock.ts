import { bookingOpensAt, zonedParts } from './booking-rules.ts';
import type { ZoneOffsetWindow } from './calendar-date.ts';

/**
 * `zonedParts` and `bookingOpensAt` for the many instants of one answer (a timetable holds hundreds
 * of sessions). `Intl` formatting costs about 16 µs a call, which at the bookings-opening rush is
 * most of a timetable's time; a zone's offset changes only at a clock change, so it is looked up
 * once per quarter hour of UTC (every real clock change falls on one) and the local time is plain
 * arithmetic after that. Answers are the same as the two rules' own (tests compare them).
 */

export interface ZonedParts {
  date: string;
  /** 'HH:MM' */
  time: string;
  /** 1 Monday … 7 Sunday */
  weekday: number;
}

const quarterHourMs = 15 * 60_000;
/** Offsets remembered per zone; about 500 days of quarter hours before the memory starts again. */
const maxRemembered = 50_000;
const offsetsByZone = new Map<string, Map<number, number>>();

function offsetMs(instantMs: number, timeZone: string): number {
  let offsets = offsetsByZone.get(timeZone);
  if (!offsets) {
    offsets = new Map();
    offsetsByZone.set(timeZone, offsets);
  }
  const quarter = Math.floor(instantMs / quarterHourMs);
  let offset = offsets.get(quarter);
  if (offset === undefined) {
    const start = quarter * quarterHourMs;
    const local = zonedParts(new Date(start), timeZone);
    offset = Date.parse(`${local.date}T${local.time}:00Z`) - start;
    if (offsets.size >= maxRemembered) offsets.clear();
    offsets.set(quarter, offset);
  }
  return offset;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The local date, clock time ('HH:MM') and weekday (1 Monday … 7 Sunday) of an instant. */
export function fastZonedParts(instant: Date, timeZone: string): ZonedParts {
  const local = new Date(instant.getTime() + offsetMs(instant.getTime(), timeZone));
  return {
    date: local.toISOString().slice(0, 10),
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
    weekday: ((local.getUTCDay() + 6) % 7) + 1,
  };
}

/**
 * One zone's clock for one answer: local parts of instants, and when a booking window opens
 * (`bookingOpensAt`, which depends only on the session's local date, so it is worked out once per
 * date, window and opening time).
 */
export function zonedClock(timeZone: string) {
  const openings = new Map<string, Date>();
  return {
    timeZone,
    parts: (instant: Date) => fastZonedParts(instant, timeZone),
    /** `localDate`: the session's local date when the caller has it already (saves working it out again). */
    opensAt(startsAt: Date, windowDays: number, opensAtTime: string, localDate?: string): Date {
      const key = `${localDate ?? fastZonedParts(startsAt, timeZone).date}|${windowDays}|${opensAtTime}`;
      let opens = openings.get(key);
      if (!opens) {
        opens = bookingOpensAt(startsAt, windowDays, opensAtTime, timeZone);
        openings.set(key, opens);
      }
      return opens;
    },
  };
}
export type ZonedClock = ReturnType<typeof zonedClock>;

const dayQuarters = 96;
/** How far a window looks each way; a zone without clock changes gets a window this wide. */
const horizonDays = 370;

/**
 * The zone's offset at `now` and the span it holds for, to the quarter hour (where every clock
 * change falls): day steps find the neighbouring changes, halving finds their quarter hour.
 */
function computeOffsetWindow(timeZone: string, now: Date): ZoneOffsetWindow {
  const offsetOf = (quarter: number) => offsetMs(quarter * quarterHourMs, timeZone);
  const start = Math.floor(now.getTime() / quarterHourMs);
  const offset = offsetOf(start);
  /** The last quarter, stepping in `direction`, that still has `offset`. */
  const edge = (direction: 1 | -1): number => {
    let inside = start;
    for (let day = 1; day <= horizonDays; day++) {
      const probe = start + direction * day * dayQuarters;
      if (offsetOf(probe) !== offset) {
        let outside = probe;
        while (Math.abs(outside - inside) > 1) {
          const middle = inside + Math.trunc((outside - inside) / 2);
          if (offsetOf(middle) === offset) inside = middle;
          else outside = middle;
        }
        return inside;
      }
      inside = probe;
    }
    return inside;
  };
  return {
    minutes: offset / 60_000,
    from: new Date(edge(-1) * quarterHourMs).toISOString(),
    until: new Date((edge(1) + 1) * quarterHourMs).toISOString(),
  };
}

const windowsByZone = new Map<string, ZoneOffsetWindow>();

/** `computeOffsetWindow`, worked out again only once `now` has left the last window. */
export function zoneOffsetWindow(timeZone: string, now: Date): ZoneOffsetWindow {
  const at = now.getTime();
  const known = windowsByZone.get(timeZone);
  if (known && at >= Date.parse(known.from) && at < Date.parse(known.until)) return known;
  const window = computeOffsetWindow(timeZone, now);
  windowsByZone.set(timeZone, window);
  return window;
}
