import { createHash } from 'node:crypto';
import type { weekdayNames, WeeklySeries } from '@lido/contracts/timetable';
import { addDays } from '@lido/pricing/calendar-date';
import type { Tx } from '../../db/client.ts';
import {
  changeSession,
  insertOneOffSession,
  lockSeries,
  rekeyWeeklySlot,
  retireWeeklySlotsExcept,
  seriesReferences,
  setSessionsApart,
  type SlotRow,
  slotRows,
  upcomingSessionsOf,
  writeWeeklySlots,
} from './series.repository.ts';
import { createScheduledSessions, removeUnscheduledSessions } from './session-generation.repository.ts';
import { generationWindow } from './session-generator.ts';
import { seriesOfSlots, weeklySlots } from './weekly-slots.ts';

/** Why a series could not be saved: the status to answer and the words for the manager. */
export class SeriesRefused extends Error {
  constructor(
    readonly status: 404 | 409 | 422,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'SeriesRefused';
  }
}

export const seriesChangedMeanwhile =
  'Someone else changed this series since you opened it. Reload the timetable to see their change, then make yours again.';

const ownRules = (row: SlotRow) => [
  row.minAge,
  row.maxAge,
  row.waiverRequired,
  row.waiverText,
  row.cancellationCutoffMinutes,
  row.prices,
];

/** What a manager saw of a series: any change to its rows makes a new version. */
export function seriesVersion(rows: SlotRow[]): string {
  const shape = rows.map((row) => [
    row.id,
    row.key,
    row.active,
    row.capacity,
    row.durationMinutes,
    row.instructor,
    row.location,
    row.onlineBookingEnabled,
    row.validFrom,
    row.validTo,
    row.startTime,
    // the series' own rules (decision 0100), only when set, so versions made before them stay the same
    ...(ownRules(row).some((rule) => rule !== null) ? [ownRules(row)] : []),
  ]);
  return createHash('sha256').update(JSON.stringify(shape)).digest('hex').slice(0, 20);
}

/** A session with bookings whose time, place or instructor changed: each booker is told. */
export interface SessionMove {
  sessionId: number;
  before: { startsAt: Date; endsAt: Date; place: string; instructor: string | null };
  after: { startsAt: Date; endsAt: Date; place: string; instructor: string | null };
}

export interface SeriesSaveOutcome {
  before: WeeklySeries | undefined;
  after: WeeklySeries;
  sessionsCreated: number;
  sessionsChanged: number;
  sessionsRemoved: number;
  moves: SessionMove[];
}

const indexMap = <T>(before: readonly T[], after: readonly T[], value: T): T | undefined =>
  before.length === after.length ? after[before.indexOf(value)] : after.includes(value) ? value : undefined;

/**
 * Creates or changes one weekly series in the caller's transaction (issue 35 item 2, decision
 * 0092). The series is checked by the caller (the catalogue's one schema). Its slots are written as
 * the catalogue import writes them; a slot whose day, time or court moved keeps its row (the same
 * slot, moved), so its sessions go with it. Sessions already on the timetable change too when
 * `applyToGenerated`, never below the places taken; otherwise they are set apart as they are.
 * Sessions not yet made follow the series.
 */
export async function saveWeeklySeries(
  tx: Tx,
  input: {
    series: WeeklySeries;
    /** the version the manager changed; undefined to create a new series */
    version: string | undefined;
    applyToGenerated: boolean;
    timeZone: string;
    now: Date;
  },
): Promise<SeriesSaveOutcome> {
  const { series, timeZone, now } = input;
  await lockSeries(tx, series.key);
  const existing = await slotRows(tx, { seriesKey: series.key });
  if (input.version === undefined && existing.length > 0)
    throw new SeriesRefused(
      409,
      `There is already a series called "${series.key}". Choose another key.`,
      'key',
    );
  if (input.version !== undefined && existing.length === 0)
    throw new SeriesRefused(404, 'There is no such series.');
  if (input.version !== undefined && seriesVersion(existing) !== input.version)
    throw new SeriesRefused(409, seriesChangedMeanwhile);

  const places = series.courts ?? [series.location!];
  const refs = await seriesReferences(tx, { activity: series.activity, venue: series.venue, places });
  if (!refs.activity) throw new SeriesRefused(422, `"${series.activity}" is not an activity.`, 'activity');
  const slots = weeklySlots({
    schedules: [series],
    activities: [{ key: series.activity, kind: refs.activity.kind }],
  });

  const active = existing.filter((row) => row.active);
  const before = seriesOfSlots(active);
  // Each active slot goes to the slot of the new series in its place: the same day, time and court,
  // or, when the lists are as long as before, the one in the same position (Monday 09:00 moved to
  // Tuesday 10:00 is the same slot).
  const newKeys = new Set(slots.map((slot) => slot.key));
  const moved = new Map<number, string>();
  const claimed = new Set<string>();
  if (before) {
    const courtsBefore = before.courts ?? [before.location!];
    const placesAfter = series.courts ?? [series.location!];
    for (const row of active) {
      const [, day, time, court] = row.key.split(':');
      const newDay = indexMap(before.days, series.days, day as (typeof weekdayNames)[number]);
      const oldTime = `${time!.slice(0, 2)}:${time!.slice(2)}`;
      const newTime = indexMap(before.times, series.times, oldTime);
      const newCourt = court === undefined ? undefined : indexMap(courtsBefore, placesAfter, court);
      if (!newDay || !newTime || (court !== undefined && !newCourt)) continue;
      const key = [series.key, newDay, newTime.replace(':', ''), ...(newCourt ? [newCourt] : [])].join(':');
      if (newKeys.has(key) && !claimed.has(key)) {
        moved.set(row.id, key);
        claimed.add(key);
      }
    }
  }
  const retiring = active.filter((row) => !moved.has(row.id));
  const upcoming = await upcomingSessionsOf(
    tx,
    active.map((row) => row.id),
    { now, timeZone },
  );

  // A session that stays as it is is set apart from the series first, so nothing below moves it.
  if (!input.applyToGenerated)
    await setSessionsApart(
      tx,
      upcoming.map((session) => session.id),
    );

  // Keys change in two steps, so two slots may swap times; a retired row holding a wanted key gives it up.
  for (const [id, key] of moved) await rekeyWeeklySlot(tx, id, `${key}#${id}`);
  for (const row of existing)
    if (!moved.has(row.id) && claimed.has(row.key)) await rekeyWeeklySlot(tx, row.id, `${row.key}#${row.id}`);
  for (const [id, key] of moved) await rekeyWeeklySlot(tx, id, key);
  await writeWeeklySlots(
    tx,
    slots.map(({ location, ...slot }) => ({
      ...slot,
      activityId: refs.activity!.id,
      locationId: refs.places.get(location)!.id,
    })),
  );
  await retireWeeklySlotsExcept(tx, [...newKeys], series.key);

  let sessionsChanged = 0;
  const moves: SessionMove[] = [];
  if (input.applyToGenerated) {
    const slotOf = new Map(slots.map((slot) => [slot.key, slot]));
    const weekdayOf = new Map(active.map((row) => [row.id, row.weekday]));
    const refused: string[] = [];
    for (const session of upcoming) {
      const key = moved.get(session.scheduleId);
      if (key === undefined) continue;
      const slot = slotOf.get(key)!;
      const place = refs.places.get(slot.location)!;
      const localDate = addDays(
        session.localDate as Parameters<typeof addDays>[0],
        slot.weekday - weekdayOf.get(session.scheduleId)!,
      );
      const changed = await changeSession(tx, {
        id: session.id,
        localDate,
        startTime: slot.startTime,
        durationMinutes: slot.durationMinutes,
        capacity: slot.capacity,
        instructor: slot.instructor,
        locationId: place.id,
        onlineBookingEnabled: slot.onlineBookingEnabled,
        activityId: refs.activity.id,
        timeZone,
      });
      if (!changed) {
        refused.push(session.localDate);
        continue;
      }
      sessionsChanged++;
      const movedInTime =
        changed.startsAt.getTime() !== session.startsAt.getTime() ||
        changed.endsAt.getTime() !== session.endsAt.getTime();
      if (
        session.booked > 0 &&
        (movedInTime || place.id !== session.locationId || slot.instructor !== session.instructor)
      )
        moves.push({
          sessionId: session.id,
          before: {
            startsAt: session.startsAt,
            endsAt: session.endsAt,
            place: session.locationName,
            instructor: session.instructor,
          },
          after: {
            startsAt: changed.startsAt,
            endsAt: changed.endsAt,
            place: place.name,
            instructor: slot.instructor,
          },
        });
    }
    if (refused.length > 0)
      throw new SeriesRefused(
        409,
        `The capacity can’t go below the places already booked: more than ${series.capacity ?? 1} are booked or held on ${refused.join(', ')}. Choose a larger capacity, or leave the sessions already on the timetable as they are.`,
        'capacity',
      );
  }
  // Slots that left the series: their empty sessions go, booked ones stay (closed to online booking).
  const removed =
    retiring.length > 0 && input.applyToGenerated
      ? await removeUnscheduledSessions(tx, { timeZone, now })
      : { deleted: 0, kept: [] };
  const sessionsCreated = await createScheduledSessions(tx, generationWindow(timeZone, now));
  return { before, after: series, sessionsCreated, sessionsChanged, sessionsRemoved: removed.deleted, moves };
}

/**
 * Retires a series: it makes no more sessions. Its sessions to come without bookings go; those
 * with bookings stay, closed to online booking, until the centre deals with them.
 */
export async function retireWeeklySeries(
  tx: Tx,
  input: { seriesKey: string; version: string; timeZone: string; now: Date },
): Promise<{ before: WeeklySeries; sessionsRemoved: number; sessionsKept: number }> {
  await lockSeries(tx, input.seriesKey);
  const existing = await slotRows(tx, { seriesKey: input.seriesKey });
  const before = seriesOfSlots(existing.filter((row) => row.active));
  if (!before) throw new SeriesRefused(404, 'There is no such series, or it is retired already.');
  if (seriesVersion(existing) !== input.version) throw new SeriesRefused(409, seriesChangedMeanwhile);
  await retireWeeklySlotsExcept(tx, [], input.seriesKey);
  const removed = await removeUnscheduledSessions(tx, { timeZone: input.timeZone, now: input.now });
  return { before, sessionsRemoved: removed.deleted, sessionsKept: removed.kept.length };
}

/** A one-off session at a place of a centre: part of no series, so the catalogue file never names it. */
export async function addOneOffSession(
  tx: Tx,
  input: {
    activity: string;
    venue: string;
    location: string;
    date: string;
    time: string;
    durationMinutes: number;
    capacity: number;
    instructor: string | null;
    onlineBooking: boolean;
    timeZone: string;
    now: Date;
  },
): Promise<{ id: number; startsAt: Date; activityName: string }> {
  const refs = await seriesReferences(tx, {
    activity: input.activity,
    venue: input.venue,
    places: [input.location],
  });
  if (!refs.activity?.active)
    throw new SeriesRefused(422, `"${input.activity}" is not an activity.`, 'activity');
  if (refs.activity.kind !== 'session')
    throw new SeriesRefused(
      422,
      'A facility is let by the court from its weekly series, not as a one-off session.',
      'activity',
    );
  const place = refs.places.get(input.location);
  if (!place) throw new SeriesRefused(422, `"${input.location}" is not a place at this centre.`, 'location');
  const made = await insertOneOffSession(tx, {
    activityId: refs.activity.id,
    locationId: place.id,
    localDate: input.date,
    startTime: `${input.time}:00`,
    durationMinutes: input.durationMinutes,
    capacity: input.capacity,
    instructor: input.instructor,
    onlineBookingEnabled: input.onlineBooking,
    timeZone: input.timeZone,
  });
  if (!made)
    throw new SeriesRefused(409, `${refs.activity.name} is already on at ${place.name} at that time.`);
  if (made.startsAt.getTime() <= input.now.getTime())
    throw new SeriesRefused(422, 'A one-off session must start later than now.', 'date');
  return { ...made, activityName: refs.activity.name };
}

/** The series at the centres given, for the manager's timetable page. */
export async function seriesAt(
  tx: Tx | Parameters<typeof slotRows>[0],
  venues: string[],
  options: { now: Date; timeZone: string },
) {
  const rows = await slotRows(tx, { venues });
  const bySeries = new Map<string, SlotRow[]>();
  for (const row of rows) {
    const key = row.key.split(':')[0]!;
    bySeries.set(key, [...(bySeries.get(key) ?? []), row]);
  }
  const views = [];
  for (const [, group] of bySeries) {
    const active = group.filter((row) => row.active);
    const shown = active.length > 0 ? active : group;
    const series = seriesOfSlots(shown)!;
    const upcoming = await upcomingSessionsOf(
      tx,
      active.map((row) => row.id),
      options,
    );
    views.push({
      series: { ...series, key: series.key.split('#')[0]! },
      activityName: shown[0]!.activityName,
      centreName: shown[0]!.venueName,
      placeName: shown[0]!.locationName,
      active: active.length > 0,
      version: seriesVersion(group),
      upcomingSessions: upcoming.length,
      upcomingWithBookings: upcoming.filter((session) => session.booked > 0).length,
    });
  }
  return views.sort(
    (a, b) => Number(b.active) - Number(a.active) || a.series.key.localeCompare(b.series.key),
  );
}
