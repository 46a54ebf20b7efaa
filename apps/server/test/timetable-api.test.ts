import type { SessionDetails, Timetable, TimetableSession } from '@lido/contracts/activity-answers';
import { timetableSchema } from '@lido/contracts/activity-answers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { venues } from '../src/db/schema.ts';
import { createActivity, createLocation, createSession } from './support/activity-factories.ts';
import { apiClient } from './support/api.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

/**
 * GET /api/activities/venues/{slug}/timetable and GET /api/activities/sessions/{id} (issue 17 item
 * 2): availability words, court halls as one entry per hour, the filters, the operator's clock
 * across its changes, and a clear 4xx for every bad request. "Now" is Monday 23 November 2026,
 * 12:00 in London (GMT).
 */

const now = '2026-11-23T12:00:00Z';
const venue = 'castlefield-leisure-centre';
const at = (iso: string) => new Date(iso);

describe('the timetable', () => {
  let t: TestApp;
  const api = apiClient(() => t, siteHost.bookings);
  beforeAll(async () => {
    t = await createTestApp({ now });
  });
  afterAll(() => t?.close());

  async function timetable(query = '', slug = venue) {
    const answer = await api.guest.get<Timetable>(`/api/activities/venues/${slug}/timetable${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(timetableSchema.safeParse(answer.data).error).toBeUndefined();
    return answer.data;
  }
  const all = (answer: Timetable) => answer.days.flatMap((day) => day.sessions);
  const entry = (answer: Timetable, id: number): TimetableSession => {
    const found = all(answer).find((session) => session.id === id);
    if (!found) throw new Error(`Session ${id} is not in the timetable`);
    return found;
  };

  it('words availability: spaces left, few, full, at reception, cancelled, started and finished', async () => {
    const activity = await createActivity(t);
    const make = (options: Parameters<typeof createSession>[2]) =>
      createSession(t, activity, { startsAt: at('2026-11-24T18:00:00Z'), ...options });
    const plenty = await make({ capacity: 20, taken: 14 });
    const few = await make({ capacity: 20, taken: 17 });
    const last = await make({ capacity: 20, taken: 19 });
    const full = await make({ capacity: 20, taken: 20 });
    const reception = await make({ onlineBookingEnabled: false });
    const cancelled = await make({ cancelled: true });
    const started = await make({ startsAt: at('2026-11-23T11:30:00Z') });
    const finished = await make({ startsAt: at('2026-11-23T09:00:00Z') });
    const answer = await timetable();
    const seen = (id: number) => {
      const { status, label, spacesLeft, bookable } = entry(answer, id).availability;
      return [status, label, spacesLeft, bookable];
    };
    expect(seen(plenty.id)).toEqual(['available', '6 spaces left', 6, true]);
    expect(seen(few.id)).toEqual(['few', '3 spaces left', 3, true]);
    expect(seen(last.id)).toEqual(['few', '1 space left', 1, true]);
    expect(seen(full.id)).toEqual(['full', 'Full', 0, false]);
    expect(seen(reception.id)).toEqual(['closed_online', 'Book at reception', 20, false]);
    expect(seen(cancelled.id)).toEqual(['cancelled', 'Cancelled', 20, false]);
    expect(seen(started.id)).toEqual(['started', 'Started', 20, false]);
    expect(seen(finished.id)).toEqual(['started', 'Finished', 20, false]);
  });

  it('lists a court hall’s hour once, counting free courts and naming a free court’s session', async () => {
    const badminton = await createActivity(t, { name: 'Badminton', kind: 'facility' });
    const courts: number[] = [];
    for (const name of ['Court 1', 'Court 2', 'Court 3', 'Court 4'])
      courts.push((await createLocation(t, { kind: 'court', name })).location.id);
    const hour = async (iso: string, taken: number[], options: { closed?: boolean } = {}) => {
      const made = [];
      for (const [index, locationId] of courts.entries())
        made.push(
          await createSession(t, badminton, {
            startsAt: at(iso),
            durationMinutes: 60,
            capacity: 1,
            taken: taken.includes(index) ? 1 : 0,
            locationId,
            onlineBookingEnabled: !options.closed,
          }),
        );
      return made;
    };
    const twoFree = await hour('2026-11-25T18:00:00Z', [0, 2]);
    const oneFree = await hour('2026-11-25T19:00:00Z', [0, 1, 2]);
    const noneFree = await hour('2026-11-25T20:00:00Z', [0, 1, 2, 3]);
    await hour('2026-11-25T21:00:00Z', [], { closed: true });
    const answer = await timetable(`?category=${badminton.category.key}`);
    const hours = all(answer);
    expect(
      hours.map((h) => [h.startTime, h.kind, h.capacity, h.availability.label, h.availability.status]),
    ).toEqual([
      ['18:00', 'facility', 4, '2 courts free', 'available'],
      ['19:00', 'facility', 4, '1 court free', 'few'],
      ['20:00', 'facility', 4, 'Full', 'full'],
      ['21:00', 'facility', 4, 'Book at reception', 'closed_online'],
    ]);
    expect(hours[0]!.id).toBe(twoFree[1]!.id);
    expect(hours[1]!.id).toBe(oneFree[3]!.id);
    expect(hours[0]!.location).toEqual({ name: 'Courts 1 to 4', kind: 'court' });
    expect(noneFree.map((court) => court.id)).toContain(hours[2]!.id);

    // The session page of a taken court answers for its hour, under the id it was asked for.
    const page = await api.guest.get<SessionDetails>(`/api/activities/sessions/${twoFree[0]!.id}`);
    expect(page.data).toMatchObject({ id: twoFree[0]!.id, capacity: 4, availability: { spacesLeft: 2 } });
  });

  it('filters by category and by time of day in local time, and lists every day of the range', async () => {
    const yoga = await createActivity(t, { name: 'Yoga' });
    const spin = await createActivity(t, { name: 'Spin' });
    const times = ['07:00', '11:59', '12:00', '16:59', '17:00', '21:30'];
    const made = new Map<string, number>();
    for (const time of times)
      made.set(time, (await createSession(t, yoga, { startsAt: at(`2026-11-26T${time}:00Z`) })).id);
    const spinClass = await createSession(t, spin, { startsAt: at('2026-11-26T07:00:00Z') });
    const yogaOnly = await timetable(`?category=${yoga.category.key}&from=2026-11-26&days=2`);
    expect(yogaOnly.days.map((day) => [day.date, day.sessions.length])).toEqual([
      ['2026-11-26', 6],
      ['2026-11-27', 0],
    ]);
    expect(yogaOnly.categories).toEqual(
      expect.arrayContaining([
        { key: yoga.category.key, name: yoga.category.name },
        { key: spin.category.key, name: spin.category.name },
      ]),
    );
    const startTimes = async (timeOfDay: string) =>
      all(
        await timetable(`?category=${yoga.category.key}&from=2026-11-26&days=1&time_of_day=${timeOfDay}`),
      ).map((session) => session.startTime);
    expect(await startTimes('morning')).toEqual(['07:00', '11:59']);
    expect(await startTimes('afternoon')).toEqual(['12:00', '16:59']);
    expect(await startTimes('evening')).toEqual(['17:00', '21:30']);
    const spinOnly = all(await timetable(`?category=${spin.category.key}&from=2026-11-26&days=1`));
    expect(spinOnly.map((session) => session.id)).toEqual([spinClass.id]);
    const nothing = await timetable('?category=no-such-category&from=2026-11-26&days=1');
    expect(all(nothing)).toEqual([]);
    expect(made.size).toBe(6);
  });

  it('puts sessions on the operator’s local days across the clock changes', async () => {
    const swim = await createActivity(t, { name: 'Lane swim' });
    // Clocks go back at 02:00 BST on Sunday 25 October 2026.
    const saturdayLate = await createSession(t, swim, { startsAt: at('2026-10-24T22:59:00Z') }); // 23:59 BST
    const sundayEarly = await createSession(t, swim, { startsAt: at('2026-10-24T23:30:00Z') }); // 00:30 BST
    const sundayLate = await createSession(t, swim, { startsAt: at('2026-10-25T23:30:00Z') }); // 23:30 GMT
    const october = await timetable(`?category=${swim.category.key}&from=2026-10-24&days=2`);
    expect(october.days.map((day) => day.sessions.map((s) => [s.id, s.startTime]))).toEqual([
      [[saturdayLate.id, '23:59']],
      [
        [sundayEarly.id, '00:30'],
        [sundayLate.id, '23:30'],
      ],
    ]);
    // Clocks go forward at 01:00 GMT on Sunday 28 March 2027: that day has 23 hours.
    const lastOfDay = await createSession(t, swim, { startsAt: at('2027-03-28T22:30:00Z') }); // 23:30 BST
    const nextDay = await createSession(t, swim, { startsAt: at('2027-03-28T23:30:00Z') }); // 00:30 BST on the 29th
    const march = await timetable(`?category=${swim.category.key}&from=2027-03-28&days=1`);
    expect(all(march).map((s) => [s.id, s.date, s.startTime, s.endTime])).toEqual([
      [lastOfDay.id, '2027-03-28', '23:30', '00:15'],
    ]);
    expect(all(march).map((s) => s.id)).not.toContain(nextDay.id);
  });

  it('answers 404 for an unknown centre and for one whose activities are not booked online', async () => {
    const unknown = await api.guest.get(`/api/activities/venues/no-such-centre/timetable`);
    expect([unknown.status, unknown.message]).toEqual([404, 'Unable to complete request, item not found.']);
    await t.database.db
      .update(venues)
      .set({ activitiesV2Enabled: false })
      .where(eq(venues.slug, 'meadowbank-sports-hub'));
    const off = await api.guest.get(`/api/activities/venues/meadowbank-sports-hub/timetable`);
    expect(off.status).toBe(404);
    expect(off.message).toBe(
      "Activities at Meadowbank Sports Hub can't be booked online. Please contact the centre.",
    );
    const activity = await createActivity(t);
    const there = await createSession(t, activity, { venueSlug: 'meadowbank-sports-hub' });
    const page = await api.guest.get(`/api/activities/sessions/${there.id}`);
    expect([page.status, page.message]).toEqual([404, off.message]);
    const missing = await api.guest.get('/api/activities/sessions/2147483647');
    expect(missing.status).toBe(404);
  });

  it('refuses a bad query with a 422 naming the field, and hostile paths with a 4xx, never a 5xx', async () => {
    const base = `/api/activities/venues/${venue}/timetable`;
    const refused: [string, string][] = [
      ['?days=0', 'days'],
      ['?days=15', 'days'],
      ['?days=99999999999999999999', 'days'],
      ['?days=2.5', 'days'],
      ['?days=seven', 'days'],
      ['?from=2026-02-30', 'from'],
      ['?from=23/11/2026', 'from'],
      ['?from=2028-01-01', 'from'],
      ['?time_of_day=night', 'timeOfDay'],
      ['?category=DROP%20TABLE', 'category'],
      ['?category=%00', 'category'],
    ];
    for (const [query, field] of refused) {
      const answer = await api.guest.get(`${base}${query}`);
      expect([query, answer.status, Object.keys(answer.errors ?? {})]).toEqual([query, 422, [field]]);
    }
    for (const path of [
      '/api/activities/venues/Castlefield-Leisure-Centre/timetable',
      '/api/activities/venues/castlefield%2Fleisure/timetable',
      '/api/activities/venues/%2e%2e%2fadmin/timetable',
      '/api/activities/venues/castlefield%00/timetable',
      `/api/activities/venues/${'a'.repeat(5000)}/timetable`,
      '/api/activities/sessions/abc',
      '/api/activities/sessions/-1',
      '/api/activities/sessions/99999999999',
      '/api/activities/sessions/1.5',
    ]) {
      const answer = await api.guest.get(path);
      expect([path.slice(0, 80), answer.status >= 400 && answer.status < 500]).toEqual([
        path.slice(0, 80),
        true,
      ]);
    }
    const encoded = await api.guest.get('/api/activities/venues/castlefield%2Dleisure%2Dcentre/timetable');
    expect(encoded.status).toBe(200);
  });
  it('reads a week in one query and a session page in one, however many sessions there are', async () => {
    const few = await createActivity(t, { name: 'Aqua' });
    const many = await createActivity(t, { name: 'Badminton', kind: 'facility' });
    const court = await createLocation(t, { kind: 'court', name: 'Court 9' });
    const one = await createSession(t, few, { startsAt: at('2026-11-28T09:00:00Z') });
    // An instance as production runs it: the catalogue cached and checked once a minute here, so
    // what is counted is each request's own reads (decision 0038), not the version checks. Places
    // are read on every request here (visitors share them for a second in production, 0061).
    const hot = await createTestApp({
      database: t.database,
      now,
      catalogueCache: { checkEveryMs: 60_000, placesFreshMs: 0 },
    });
    const queries = vi.spyOn(t.database.db, 'select');
    const selectsFor = async (url: string) => {
      queries.mockClear();
      const answer = await hot.app.inject({ url, headers: { host: siteHost.bookings } });
      expect(answer.statusCode).toBe(200);
      return queries.mock.calls.length;
    };
    try {
      const week = `/api/activities/venues/${venue}/timetable?from=2026-11-28&days=7`;
      await selectsFor(week); // loads the catalogue
      expect(await selectsFor(week)).toBe(1);
      for (let day = 0; day < 7; day += 1)
        for (const hour of [9, 10, 11, 12, 13])
          await createSession(t, many, {
            startsAt: new Date(Date.UTC(2026, 10, 28 + day, hour)),
            capacity: 1,
            locationId: court.location.id,
          });
      expect(await selectsFor(week)).toBe(1);
      expect(await selectsFor(`/api/activities/sessions/${one.id}`)).toBe(1);
    } finally {
      queries.mockRestore();
      await hot.app.close();
    }
  });
});
