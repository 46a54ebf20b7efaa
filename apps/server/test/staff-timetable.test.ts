import fs from 'node:fs';
import type { SeriesSaved, StaffTimetable } from '@lido/contracts/timetable';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalogue } from '../src/modules/catalogue/catalogue-file.ts';
import { exportCatalogue } from '../src/modules/catalogue/catalogue-export.ts';
import { importCatalogue } from '../src/modules/catalogue/catalogue-import.ts';
import { demoCataloguePath } from '../src/db/seed/seed-demo.ts';
import { createCustomer } from './support/factories.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

const host = siteHost.frontOfHouse;
const origin = `http://${host}`;
/** A Monday noon: the series' Tuesday sessions are 1, 8 and 15 December (three weeks are made). */
const now = '2026-11-30T12:00:00Z';

/** A late class in the coaching studio (free then); each test has its own day, as they run in any order. */
const lateYoga = (key: string, day: string) => ({
  key,
  activity: 'yoga',
  venue: 'castlefield-leisure-centre',
  location: 'coaching-studio',
  days: [day],
  times: ['21:00'],
  durationMinutes: 45,
  capacity: 12,
  instructor: 'Priya Rao',
});
const eveningYoga = lateYoga('castlefield-evening-yoga', 'tue');

/** Issue 35 item 2: a manager runs the weekly timetable of their centres on the staff site. */
describe('the timetable edited in the staff site', () => {
  let t: TestApp;
  let manager = '';
  let desk = '';

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { host, origin, cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const login = async (username: string, password: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      headers: { host, origin },
      payload: { username, password },
    });
    return String(response.headers['set-cookie']).match(/lido_staffToken=[^;]+/)![0];
  };
  const rows = <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.database.query<R>(sql, params);
  const sessionsOf = (key: string) =>
    rows<{
      id: number;
      starts_at: Date;
      capacity: number;
      taken: number;
      instructor: string | null;
      location: string;
    }>(
      `SELECT se.id, se.starts_at, se.capacity, se.taken, se.instructor, l.key AS location
       FROM activity_sessions se JOIN activity_schedules s ON s.id = se.schedule_id
       JOIN activity_locations l ON l.id = se.location_id
       WHERE split_part(s.key, ':', 1) = $1 ORDER BY se.starts_at`,
      [key],
    );
  const timetable = async () => {
    const response = await call('GET', '/api/staff/timetable', manager);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: StaffTimetable }>().data;
  };
  const seriesView = async (key: string) =>
    (await timetable()).series.find((view) => view.series.key === key)!;
  const create = async (series: object) => {
    const response = await call('POST', '/api/staff/timetable/series', manager, { series });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: SeriesSaved }>().data;
  };
  /** A customer's booking of a session, its place taken as checkout takes it. */
  const book = async (sessionId: number, email: string) => {
    const customer = await createCustomer(t, { email });
    await rows('UPDATE activity_sessions SET taken = taken + 1 WHERE id = $1', [sessionId]);
    await rows(
      `INSERT INTO customer_bookings (customer_id, venue_id, activity_name, starts_at, ends_at, status, session_id, location_name)
       SELECT $2, se.venue_id, 'Yoga', se.starts_at, se.ends_at, 'booked', se.id, 'Coaching studio'
       FROM activity_sessions se WHERE se.id = $1`,
      [sessionId, customer.id],
    );
    return customer;
  };

  beforeAll(async () => {
    t = await createTestApp({ now });
    manager = await login('manager', 'Pool-Manager-2026!');
    desk = await login('desk', 'Desk-Staff-2026!');
  });
  afterAll(() => t?.close());

  it('lets only a manager in, and only at their own centres', async () => {
    expect((await call('GET', '/api/staff/timetable', desk)).statusCode).toBe(403);
    const byDesk = await call('POST', '/api/staff/timetable/series', desk, { series: eveningYoga });
    expect(byDesk.statusCode).toBe(403);
    expect(byDesk.json().message).toBe('Only a manager can change the timetable.');
    const elsewhere = await call('POST', '/api/staff/timetable/series', manager, {
      series: { ...eveningYoga, key: 'roath-late-yoga', venue: 'roath-park-fitness', location: 'studio-1' },
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toMatch(/^You don’t manage the timetable at Roath Park Fitness\./);
    const view = await timetable();
    expect(view.centres.map((centre) => centre.slug)).toEqual([
      'castlefield-leisure-centre',
      'salford-quays-aquatics',
    ]);
    expect(
      view.series.every((series) =>
        ['castlefield-leisure-centre', 'salford-quays-aquatics'].includes(series.series.venue),
      ),
    ).toBe(true);
    expect(await sessionsOf('roath-late-yoga')).toEqual([]);
  });

  it('checks a series exactly as the catalogue file checks a schedule, and changes nothing when it is refused', async () => {
    const refusedYoga = lateYoga('late-yoga-refused', 'tue');
    const audited = await rows('SELECT id FROM staff_audit_log');
    const bad = await call('POST', '/api/staff/timetable/series', manager, {
      series: { ...refusedYoga, days: ['tue', 'funday'], durationMinutes: 2, location: 'sauna' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      days: ['Days must be one of mon, tue, wed, thu, fri, sat, sun.'],
      durationMinutes: ['Duration (minutes) must be a whole number from 5 to 1440.'],
    });
    // The same words as the file would give, from the one schema.
    const inFile = parseCatalogue(
      fs
        .readFileSync(demoCataloguePath, 'utf8')
        .replace(
          'schedules:\n',
          `schedules:\n  - ${JSON.stringify({ ...refusedYoga, days: ['tue', 'funday'], durationMinutes: 2 })}\n`,
        ),
      new Set(['castlefield-leisure-centre']),
    );
    expect(inFile.ok ? [] : inFile.problems.map((problem) => problem.message)).toEqual(
      expect.arrayContaining([
        'must be one of mon, tue, wed, thu, fri, sat, sun',
        'must be a whole number from 5 to 1440',
      ]),
    );
    // References and clashes with other series are the file's cross-checks.
    const unknownPlace = await call('POST', '/api/staff/timetable/series', manager, {
      series: { ...refusedYoga, location: 'sauna' },
    });
    expect(unknownPlace.statusCode).toBe(422);
    expect(unknownPlace.json().errors.location).toEqual([
      'Place "sauna" is not a location at castlefield-leisure-centre in this file.',
    ]);
    const clash = await call('POST', '/api/staff/timetable/series', manager, {
      series: { ...refusedYoga, times: ['18:45'] },
    });
    expect(clash.statusCode).toBe(422);
    expect(JSON.stringify(clash.json().errors)).toContain('overlaps');
    expect(await rows('SELECT id FROM staff_audit_log')).toHaveLength(audited.length);
    expect(await rows("SELECT id FROM activity_schedules WHERE key LIKE 'late-yoga-refused:%'")).toEqual([]);
  });

  it('creates a weekly series whose sessions go on sale, in the audit log', async () => {
    const response = await call('POST', '/api/staff/timetable/series', manager, { series: eveningYoga });
    expect(response.statusCode, response.body).toBe(201);
    const saved = response.json<{ data: SeriesSaved }>().data;
    expect(saved).toMatchObject({
      sessionsCreated: 3,
      series: { active: true, upcomingSessions: 3, activityName: 'Yoga' },
    });
    const sessions = await sessionsOf('castlefield-evening-yoga');
    expect(sessions.map((session) => session.starts_at.toISOString())).toEqual([
      '2026-12-01T21:00:00.000Z',
      '2026-12-08T21:00:00.000Z',
      '2026-12-15T21:00:00.000Z',
    ]);
    expect(sessions.every((session) => session.capacity === 12 && session.instructor === 'Priya Rao')).toBe(
      true,
    );
    // It is on the bookings timetable.
    const onSale = await t.app.inject({
      url: `/api/activities/sessions/${sessions[0]!.id}`,
      headers: { host: siteHost.bookings },
    });
    expect(onSale.statusCode, onSale.body).toBe(200);
    const [entry] = await rows<{ actor: string; action: string; details: { series: { key: string } } }>(
      "SELECT actor, action, details FROM staff_audit_log WHERE action = 'timetable.series-added' AND details->'series'->>'key' = 'castlefield-evening-yoga'",
    );
    expect(entry).toMatchObject({
      actor: 'staff: manager',
      details: { series: { key: 'castlefield-evening-yoga' } },
    });
    const again = await call('POST', '/api/staff/timetable/series', manager, { series: eveningYoga });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a capacity below the places booked, and a save of a version someone else changed', async () => {
    const series = lateYoga('late-yoga-capacity', 'wed');
    await create(series);
    const [first] = await sessionsOf(series.key);
    await book(first!.id, 'two-places-a@example.org');
    await book(first!.id, 'two-places-b@example.org');
    const { version } = await seriesView(series.key);
    const url = `/api/staff/timetable/series/${series.key}`;
    const tooSmall = await call('PUT', url, manager, {
      series: { ...series, capacity: 1 },
      version,
      applyToGenerated: true,
    });
    expect(tooSmall.statusCode).toBe(409);
    expect(tooSmall.json().message).toMatch(/can’t go below the places already booked/);
    expect((await sessionsOf(series.key)).map((session) => session.capacity)).toEqual([12, 12, 12]);
    expect((await seriesView(series.key)).version).toBe(version);

    const saved = await call('PUT', url, manager, {
      series: { ...series, capacity: 10 },
      version,
      applyToGenerated: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stale = await call('PUT', url, manager, {
      series: { ...series, capacity: 14 },
      version,
      applyToGenerated: true,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^Someone else changed this series since you opened it/);
    expect((await sessionsOf(series.key)).map((session) => session.capacity)).toEqual([10, 10, 10]);
  });

  it('moves sessions already made when chosen, and emails each booker what changed', async () => {
    const series = lateYoga('late-yoga-moved', 'thu');
    await create(series);
    const before = await sessionsOf(series.key);
    await book(before[0]!.id, 'moved-a@example.org');
    await book(before[0]!.id, 'moved-b@example.org');
    const outbox = (await t.services().email.list(1000)).length;
    const { version } = await seriesView(series.key);
    const response = await call('PUT', `/api/staff/timetable/series/${series.key}`, manager, {
      series: { ...series, times: ['21:30'], instructor: 'Sam Lee', location: 'studio-1' },
      version,
      applyToGenerated: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ sessionsChanged: 3, sessionsCreated: 0, bookersTold: 2 });
    const after = await sessionsOf(series.key);
    // The same sessions, moved: their bookings go with them.
    expect(after.map((session) => session.id)).toEqual(before.map((session) => session.id));
    expect(
      after.map((session) => [session.starts_at.toISOString(), session.location, session.instructor]),
    ).toEqual([
      ['2026-12-03T21:30:00.000Z', 'studio-1', 'Sam Lee'],
      ['2026-12-10T21:30:00.000Z', 'studio-1', 'Sam Lee'],
      ['2026-12-17T21:30:00.000Z', 'studio-1', 'Sam Lee'],
    ]);
    expect(
      await rows(
        "SELECT starts_at, location_name FROM customer_bookings WHERE session_id = $1 AND status = 'booked'",
        [after[0]!.id],
      ),
    ).toEqual([
      { starts_at: new Date('2026-12-03T21:30:00Z'), location_name: 'Studio 1' },
      { starts_at: new Date('2026-12-03T21:30:00Z'), location_name: 'Studio 1' },
    ]);
    const all = await t.services().email.list(1000);
    const mail = all.slice(0, all.length - outbox);
    const toA = mail.find((message) => message.to === 'moved-a@example.org');
    expect(toA?.subject).toBe('Your Yoga has changed');
    expect(toA?.text).toContain('Time: was Thursday 3 December at 21:00, now Thursday 3 December at 21:30.');
    expect(toA?.text).toContain('Place: was Coaching studio, now Studio 1.');
    expect(toA?.text).toContain('Instructor: was Priya Rao, now Sam Lee.');
    expect(mail.some((message) => message.to === 'moved-b@example.org')).toBe(true);
    const [entry] = await rows<{ details: Record<string, unknown> }>(
      "SELECT details FROM staff_audit_log WHERE action = 'timetable.series-changed' AND details->>'key' = $1",
      [series.key],
    );
    expect(entry!.details).toMatchObject({ applyToGenerated: true, bookersTold: 2, sessionsChanged: 3 });
  });

  it('leaves sessions already made as they are when chosen, and makes no second session those days', async () => {
    const series = lateYoga('late-yoga-left', 'fri');
    await create(series);
    const before = await sessionsOf(series.key);
    const { version } = await seriesView(series.key);
    const response = await call('PUT', `/api/staff/timetable/series/${series.key}`, manager, {
      series: { ...series, capacity: 10, times: ['21:15'] },
      version,
      applyToGenerated: false,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ sessionsChanged: 0, sessionsCreated: 0, bookersTold: 0 });
    const apart = await rows<{ starts_at: Date; capacity: number; origin_schedule_id: number | null }>(
      'SELECT starts_at, capacity, origin_schedule_id FROM activity_sessions WHERE id = ANY($1::int[]) ORDER BY starts_at',
      [before.map((session) => session.id)],
    );
    expect(apart.map((row) => [row.starts_at.toISOString(), row.capacity])).toEqual([
      ['2026-12-04T21:00:00.000Z', 12],
      ['2026-12-11T21:00:00.000Z', 12],
      ['2026-12-18T21:00:00.000Z', 12],
    ]);
    expect(apart.every((row) => row.origin_schedule_id !== null)).toBe(true);
    expect(await sessionsOf(series.key)).toEqual([]);
  });

  it('exports the catalogue, and importing the export changes nothing', async () => {
    await create(lateYoga('late-yoga-exported', 'sat'));
    const exported = await exportCatalogue(t.database.db, 1);
    expect(exported.ok).toBe(true);
    const source = exported.ok ? exported.source : '';
    expect(source).toContain('key: late-yoga-exported');
    expect(source).toContain('username: manager');
    const tables = [
      'activity_schedules',
      'activity_sessions',
      'activities',
      'activity_prices',
      'activity_locations',
      'staff_users',
      'membership_types',
      'payment_options',
      'promotions',
      'package_types',
      'staff_audit_log',
    ];
    const snapshot = async () =>
      Object.fromEntries(
        await Promise.all(
          tables.map(async (table) => [table, await rows(`SELECT * FROM ${table} ORDER BY 1`)]),
        ),
      );
    const before = await snapshot();
    const result = await importCatalogue(t.database.db, 1, source, { now: new Date(now) });
    expect(result).toMatchObject({ ok: true, sessionsCreated: 0, sessionsDeleted: 0, sessionsKept: [] });
    const after = await snapshot();
    for (const table of tables) expect(after[table], table).toEqual(before[table]);
    // Exported again, the file is the same.
    const twice = await exportCatalogue(t.database.db, 1);
    expect(twice.ok && twice.source).toBe(source);
  });

  it('retires a series: its empty sessions go and it makes no more', async () => {
    const series = lateYoga('late-yoga-retired', 'sun');
    await create(series);
    const view = await seriesView(series.key);
    const response = await call('POST', `/api/staff/timetable/series/${series.key}/retire`, manager, {
      version: view.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.series).toMatchObject({ active: false, upcomingSessions: 0 });
    expect(
      await rows('SELECT id FROM activity_schedules WHERE key LIKE $1 AND active', [`${series.key}:%`]),
    ).toEqual([]);
    expect(await sessionsOf(series.key)).toEqual([]);
    const [entry] = await rows("SELECT action FROM staff_audit_log WHERE details->>'key' = $1", [series.key]);
    expect(entry).toEqual({ action: 'timetable.series-retired' });
  });
});
