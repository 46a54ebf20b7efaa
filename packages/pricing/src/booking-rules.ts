import { addDays, ageOn, type CalendarDate, zonedFormat } from './calendar-date.ts';

/**
 * The rules of booking an activity (issue 17, decision 0028), pure so the timetable, the basket and
 * the tests all read the same ones. Clock times are the operator's local time ('HH:MM'); instants
 * are Dates.
 */

export type PriceBand = 'adult' | 'junior' | 'concession' | 'member';

/** Under this age on the session's date a person may book the junior band. */
export const juniorUnderAge = 18;
/** From this age on the session's date a person may book the concession band. */
export const concessionFromAge = 60;
/** At or below this many spaces left the timetable says how few there are. */
export const fewSpacesLeft = 5;

export interface Attendee {
  dateOfBirth: CalendarDate | null;
  /** holds an active membership */
  isMember: boolean;
}

/** The bands an attendee may book a session on `sessionDate` at. Adult is open to everyone. */
export function bandsOpenTo(attendee: Attendee | null, sessionDate: CalendarDate): Set<PriceBand> {
  const bands = new Set<PriceBand>(['adult']);
  if (!attendee) return bands;
  if (attendee.isMember) bands.add('member');
  if (attendee.dateOfBirth) {
    const age = ageOn(attendee.dateOfBirth, sessionDate);
    if (age < juniorUnderAge) bands.add('junior');
    if (age >= concessionFromAge) bands.add('concession');
  }
  return bands;
}

/** The cheapest price among the bands open to the attendee (the first listed when prices tie). */
export function cheapestOpenPrice<P extends { band: PriceBand; pricePence: number }>(
  prices: readonly P[],
  open: Set<PriceBand>,
): P | null {
  let best: P | null = null;
  for (const price of prices) {
    if (!open.has(price.band)) continue;
    if (!best || price.pricePence < best.pricePence) best = price;
  }
  return best;
}

/** Whether the attendee's age on the session's date is within the activity's limits. */
export function ageAllowed(
  dateOfBirth: CalendarDate | null,
  sessionDate: CalendarDate,
  minAge: number | null,
  maxAge: number | null,
): boolean {
  if (minAge === null && maxAge === null) return true;
  if (!dateOfBirth) return false; // an age-limited session needs to know the attendee's age
  const age = ageOn(dateOfBirth, sessionDate);
  return (minAge === null || age >= minAge) && (maxAge === null || age <= maxAge);
}

/** "Ages 4 to 11", "Ages 16 and over", "Ages 11 and under", or null when anyone may come. */
export function ageLimitText(minAge: number | null, maxAge: number | null): string | null {
  if (minAge !== null && maxAge !== null) return `Ages ${minAge} to ${maxAge}`;
  if (minAge !== null) return `Ages ${minAge} and over`;
  if (maxAge !== null) return `Ages ${maxAge} and under`;
  return null;
}

interface ZonedParts {
  date: CalendarDate;
  /** 'HH:MM' */
  time: string;
  /** 1 Monday … 7 Sunday */
  weekday: number;
}

const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dateTimeWeekday: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  weekday: 'short',
};

/** The local date, clock time and weekday of an instant in a time zone. */
export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  const format = zonedFormat('en-GB', timeZone, dateTimeWeekday);
  const parts = format.formatToParts(instant);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}`,
    weekday: weekdays.indexOf(get('weekday')) + 1,
  };
}

/**
 * The instant a local date and clock time names in a time zone. In the hour the clocks go forward
 * a time that does not exist is read as the same time in the offset before the change; in the hour
 * they go back, the first of the two instants is taken.
 */
export function zonedInstant(date: CalendarDate, time: string, timeZone: string): Date {
  const wanted = Date.parse(`${date}T${time}:00Z`);
  // Guess with the offset at the wanted wall time, then correct once for a change in between.
  let guess = wanted - offsetMinutes(new Date(wanted), timeZone) * 60_000;
  const corrected = wanted - offsetMinutes(new Date(guess), timeZone) * 60_000;
  if (corrected !== guess) {
    const earlier = Math.min(guess, corrected);
    const back = zonedParts(new Date(earlier), timeZone);
    guess = back.date === date && back.time === time ? earlier : corrected;
  }
  // In the hour the clocks go back the same wall time came an hour earlier too: take the first.
  const hourBefore = new Date(guess - 3_600_000);
  const before = zonedParts(hourBefore, timeZone);
  return before.date === date && before.time === time ? hourBefore : new Date(guess);
}

function offsetMinutes(instant: Date, timeZone: string): number {
  const local = zonedParts(instant, timeZone);
  const asUtc = Date.parse(`${local.date}T${local.time}:00Z`);
  const floored = Math.floor(instant.getTime() / 60_000) * 60_000;
  return Math.round((asUtc - floored) / 60_000);
}

/**
 * When booking a session opens for a band: `windowDays` days before the session's local date, at
 * the operator's opening time. A zero-day window opens at the opening time on the day itself.
 */
export function bookingOpensAt(startsAt: Date, windowDays: number, opensAt: string, timeZone: string): Date {
  const sessionDate = zonedParts(startsAt, timeZone).date;
  return zonedInstant(addDays(sessionDate, -windowDays), opensAt.slice(0, 5), timeZone);
}

/** The last instant a booking may be cancelled: `cutoffMinutes` before the start. */
export function cancellableUntil(startsAt: Date, cutoffMinutes: number): Date {
  return new Date(startsAt.getTime() - cutoffMinutes * 60_000);
}

/** "Bookings can be cancelled up to 2 hours before the start." */
export function cancellationPolicyText(cutoffMinutes: number): string {
  if (cutoffMinutes === 0) return 'Bookings can be cancelled until the start.';
  const hours = cutoffMinutes / 60;
  const span = Number.isInteger(hours)
    ? `${hours} hour${hours === 1 ? '' : 's'}`
    : `${cutoffMinutes} minute${cutoffMinutes === 1 ? '' : 's'}`;
  return `Bookings can be cancelled up to ${span} before the start.`;
}

/** "Tue 24 Nov" */
export function dayLabel(date: CalendarDate): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  return `${weekdays[weekday]} ${day} ${months[month - 1]}`;
}

/** "Tue 24 Nov 2026, 18:00 to 18:45" in the operator's time zone. */
export function sessionWhen(startsAt: Date, endsAt: Date, timeZone: string): string {
  const start = zonedParts(startsAt, timeZone);
  const end = zonedParts(endsAt, timeZone);
  return `${dayLabel(start.date)} ${start.date.slice(0, 4)}, ${start.time} to ${end.time}`;
}

/** "Booking opens Tue 08:00" within a week of `now`, otherwise "Booking opens Tue 1 Dec 08:00". */
export function bookingOpensText(opens: Date, now: Date, timeZone: string): string {
  const local = zonedParts(opens, timeZone);
  const soon = opens.getTime() - now.getTime() < 6 * 24 * 60 * 60_000;
  const day = soon ? weekdays[local.weekday - 1] : dayLabel(local.date);
  return `Booking opens ${day} ${local.time}`;
}

/** "Full", "1 space left", "3 spaces left"; a facility counts courts: "1 court free". */
export function spacesLeftText(spacesLeft: number, kind: 'session' | 'facility' = 'session'): string {
  if (spacesLeft <= 0) return 'Full';
  if (kind === 'facility') return `${spacesLeft} court${spacesLeft === 1 ? '' : 's'} free`;
  return `${spacesLeft} space${spacesLeft === 1 ? '' : 's'} left`;
}
