import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { demoVenues } from '../src/db/seed/demo-operator.ts';
import { seedDemoIfEmpty } from '../src/db/seed/seed-demo.ts';
import { createSessionGenerator } from '../src/modules/activities/session-generator.ts';
import { parseCatalogue } from '../src/modules/catalogue/catalogue-file.ts';
import { importCatalogue } from '../src/modules/catalogue/catalogue-import.ts';
import { createTestDatabase } from './support/test-database.ts';

const venue = 'castlefield-leisure-centre';
const lanes = `{ key: t-lanes, activity: t-lane-swim, venue: ${venue}, location: t-pool, days: [mon, tue, wed, thu, fri, sat, sun], times: ['09:00'], durationMinutes: 60, capacity: 10, instructor: Tom Walsh }`;
const courts = `{ key: t-courts, activity: t-badminton, venue: ${venue}, courts: [t-court-1, t-court-2], days: [sat], times: ['10:00', '11:00'], durationMinutes: 60 }`;

function catalogue(schedules: string[] = [lanes, courts]): string {
  return `
bookingSettings: { basketHoldMinutes: 20, refundMethod: card, windowOpensAt: '07:30' }
activityCategories:
  - { key: t-swimming, name: Swimming }
  - { key: t-courts, name: Courts }
activities:
  - key: t-lane-swim
    name: Lane swim
    category: t-swimming
    minAge: 12
    openActiveActivity: { id: 'https://openactive.io/activity-list#2750229d-b725-4171-9276-376be913957c', prefLabel: Swimming }
    prices:
      - { band: adult, pricePence: 500, bookingWindowDays: 5 }
      - { band: member, pricePence: 0, bookingWindowDays: 7 }
  - key: t-badminton
    name: Badminton court
    category: t-courts
    kind: facility
    prices: [{ band: adult, pricePence: 1000, bookingWindowDays: 5 }]
locations:
  - { venue: ${venue}, key: t-pool, name: Pool, kind: pool }
  - { venue: ${venue}, key: t-court-1, name: Court 1, kind: court }
  - { venue: ${venue}, key: t-court-2, name: Court 2, kind: court }
schedules:
${schedules.map((line) => `  - ${line}`).join('\n')}
`;
}

// A Tuesday a few days before the clock goes back (Sunday 25 October 2026, 02:00 BST → 01:00 GMT).
const now = new Date('2026-10-20T12:00:00Z');
const clock = { timeZone: 'Europe/London', now };
const venueSlugs = new Set(demoVenues.map((v) => v.slug));

describe('activity sections of the catalogue file', () => {
  it('lists every problem with its path and line, and writes nothing', () => {
    const broken = catalogue([
      lanes.replace('capacity: 10', 'capacity: 0'),
      `{ key: t-lanes, activity: t-rowing, venue: atlantis-leisure, location: t-pool, days: [mon], times: ['09:00'], durationMinutes: 60, capacity: 5 }`,
      `{ key: t-facility-in-pool, activity: t-badminton, venue: ${venue}, courts: [t-pool, t-court-9], days: [sat], times: ['10:00'], durationMinutes: 60 }`,
      `{ key: t-clash, activity: t-lane-swim, venue: ${venue}, location: t-pool, days: [wed], times: ['09:30'], durationMinutes: 30, capacity: 5 }`,
    ]).replace('minAge: 12', 'minAge: 12\n    maxAge: 9');
    const result = parseCatalogue(broken, venueSlugs);
    expect(result.ok).toBe(false);
    const lines = broken.split('\n');
    const lineOf = (needle: string) => lines.findIndex((line) => line.includes(needle)) + 1;
    expect(result.ok ? [] : result.problems).toEqual([
      { path: 'activities[0].maxAge', line: lineOf('maxAge: 9'), message: 'must not be below minAge' },
      { path: 'schedules[0].capacity', line: lineOf('capacity: 0'), message: 'must be at least 1 place' },
      { path: 'schedules[1].key', line: lineOf('t-rowing'), message: 'is used twice' },
      {
        path: 'schedules[1].activity',
        line: lineOf('t-rowing'),
        message: '"t-rowing" is not an activity in this file',
      },
      {
        path: 'schedules[1].venue',
        line: lineOf('t-rowing'),
        message: '"atlantis-leisure" is not one of the operator\'s centres',
      },
      {
        path: 'schedules[2].courts[0]',
        line: lineOf('t-facility-in-pool'),
        message: '"t-pool" is a pool, not a court: a facility is let by the court',
      },
      {
        path: 'schedules[2].courts[1]',
        line: lineOf('t-facility-in-pool'),
        message: `"t-court-9" is not a location at ${venue} in this file`,
      },
      {
        path: 'schedules[3].times[0]',
        line: lineOf('t-clash'),
        message: 'its wed session overlaps "t-lanes" (wed 09:00) in t-pool',
      },
    ]);
  });

  it('accepts a correct file', () => {
    expect(parseCatalogue(catalogue(), venueSlugs).ok).toBe(true);
  });

  it('takes an activity’s OpenActive concept only as an Activity List id', () => {
    const result = parseCatalogue(
      catalogue().replace('activity-list#2750229d', 'activity-list#nonsense'),
      venueSlugs,
    );
    expect(result.ok ? [] : result.problems.map((problem) => problem.path)).toEqual([
      'activities[0].openActiveActivity.id',
    ]);
  });
});

describe('importing schedules and generating sessions', () => {
  let database: DatabaseHandle;
  const sessions = () =>
    database.query<{ id: number; key: string; starts_at: Date; capacity: number; taken: number }>(
      `SELECT se.id, s.key, se.starts_at, se.capacity, se.taken FROM activity_sessions se
       JOIN activity_schedules s ON s.id = se.schedule_id WHERE s.key LIKE 't-%' ORDER BY se.starts_at, s.key`,
    );
  /** Tests run in any order: each starts from the whole file imported and no place taken. */
  const reset = async () => {
    await database.query(
      `UPDATE activity_sessions SET taken = 0 WHERE taken > 0 AND schedule_id IN
         (SELECT id FROM activity_schedules WHERE key LIKE 't-%')`,
    );
    // A generator run on a later day (the once-a-day test) rolled the window past this clock's.
    await database.query(
      `DELETE FROM activity_sessions WHERE starts_at > $1::timestamptz + interval '21 days' AND schedule_id IN
         (SELECT id FROM activity_schedules WHERE key LIKE 't-%')`,
      [now.toISOString()],
    );
    const result = await importCatalogue(database.db, 1, catalogue(), clock);
    expect(result).toMatchObject({ ok: true, activities: 2, weeklySlots: 7 + 2 * 2 });
  };
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoIfEmpty(database.db);
  });

  afterAll(async () => {
    await database.close();
  });

  it('makes three weeks of sessions: a 09:00 class stays at 09:00 London time across the clock change', async () => {
    await reset();
    const rows = await sessions();
    const londonTime = (at: Date) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/London',
        hour: '2-digit',
        minute: '2-digit',
      }).format(at);
    const laneRows = rows.filter((row) => row.key.startsWith('t-lanes'));
    // 20 Oct 09:00 had passed at noon; 21 Oct … 10 Nov remain
    expect(laneRows).toHaveLength(21);
    expect(new Set(laneRows.map((row) => londonTime(row.starts_at)))).toEqual(new Set(['09:00']));
    const utc = laneRows.map((row) => row.starts_at.toISOString());
    expect(utc).toContain('2026-10-24T08:00:00.000Z'); // BST
    expect(utc).toContain('2026-10-26T09:00:00.000Z'); // GMT
    // a facility: one session per court per start time, capacity 1 each, on 24 Oct, 31 Oct and 7 Nov
    const courtRows = rows.filter((row) => row.key.startsWith('t-courts'));
    expect(courtRows).toHaveLength(3 * 2 * 2);
    expect(new Set(courtRows.map((row) => row.capacity))).toEqual(new Set([1]));
    const [operator] = await database.query(
      `SELECT basket_hold_minutes, booking_refund_method, booking_window_opens_at FROM operators`,
    );
    expect(operator).toEqual({
      basket_hold_minutes: 20,
      booking_refund_method: 'card',
      booking_window_opens_at: '07:30:00',
    });
  });

  it('changes nothing when the same file is imported again', async () => {
    await reset();
    const tables = ['activity_categories', 'activities', 'activity_prices', 'activity_locations'];
    const snapshot = async () => ({
      ...Object.fromEntries(
        await Promise.all(
          tables.map(async (table) => [table, await database.query(`SELECT * FROM ${table} ORDER BY id`)]),
        ),
      ),
      schedules: await database.query(`SELECT * FROM activity_schedules ORDER BY id`),
      sessions: await database.query(`SELECT * FROM activity_sessions ORDER BY id`),
    });
    const before = await snapshot();
    const again = await importCatalogue(database.db, 1, catalogue(), clock);
    expect(again).toMatchObject({ ok: true, sessionsCreated: 0, sessionsDeleted: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('follows a capacity change in future sessions, never below the places taken', async () => {
    await reset();
    const [first, second] = (await sessions()).filter((row) => row.key.startsWith('t-lanes'));
    await database.query(`UPDATE activity_sessions SET taken = 6 WHERE id = $1`, [first!.id]);
    await importCatalogue(
      database.db,
      1,
      catalogue([lanes.replace('capacity: 10', 'capacity: 4'), courts]),
      clock,
    );
    const after = new Map((await sessions()).map((row) => [row.id, row]));
    expect(after.get(first!.id)).toMatchObject({ capacity: 6, taken: 6 });
    expect(after.get(second!.id)).toMatchObject({ capacity: 4, taken: 0 });
    // as places come back, the background job lets the session follow its slot again
    await database.query(`UPDATE activity_sessions SET taken = 1 WHERE id = $1`, [first!.id]);
    await createSessionGenerator({ db: database.db, timeZone: 'Europe/London', clock: () => now }).run();
    expect((await sessions()).find((row) => row.id === first!.id)).toMatchObject({ capacity: 4, taken: 1 });
    await database.query(`UPDATE activity_sessions SET taken = 0 WHERE id = $1`, [first!.id]);
    await importCatalogue(database.db, 1, catalogue(), clock);
  });

  it('stops a removed schedule: its empty future sessions go, a taken one stays and is reported', async () => {
    await reset();
    const courtRows = (await sessions()).filter((row) => row.key.startsWith('t-courts'));
    const booked = courtRows[0]!;
    await database.query(`UPDATE activity_sessions SET taken = 1 WHERE id = $1`, [booked.id]);
    const result = await importCatalogue(database.db, 1, catalogue([lanes]), clock);
    expect(result).toMatchObject({
      ok: true,
      sessionsDeleted: courtRows.length - 1,
    });
    // (the demo's own booked sessions, retired with the demo file, are listed too)
    expect(result.ok && result.sessionsKept).toContainEqual(
      expect.objectContaining({ sessionId: booked.id, activity: 'Badminton court', venue, taken: 1 }),
    );
    const left = (await sessions()).filter((row) => row.key.startsWith('t-courts'));
    expect(left.map((row) => row.id)).toEqual([booked.id]);
    const [closed] = await database.query(
      `SELECT online_booking_enabled FROM activity_sessions WHERE id = $1`,
      [booked.id],
    );
    expect(closed).toEqual({ online_booking_enabled: false });
    // the schedule comes back: its sessions are made again and the kept one reopens
    await database.query(`UPDATE activity_sessions SET taken = 0 WHERE id = $1`, [booked.id]);
    await importCatalogue(database.db, 1, catalogue(), clock);
    expect((await sessions()).filter((row) => row.key.startsWith('t-courts'))).toHaveLength(courtRows.length);
  });

  it('makes each session once when two generators run at the same time, and never writes taken', async () => {
    await reset();
    const kept = (await sessions())[0]!;
    await database.query(`UPDATE activity_sessions SET taken = 2 WHERE id = $1`, [kept.id]);
    await database.query(
      `DELETE FROM activity_sessions se USING activity_schedules s
       WHERE s.id = se.schedule_id AND s.key LIKE 't-%' AND se.taken = 0`,
    );
    // A day no generator has run yet (the other tests' runs marked theirs).
    await database.query(`DELETE FROM job_days`);
    const generator = () =>
      createSessionGenerator({ db: database.db, timeZone: 'Europe/London', clock: () => now });
    const runs = await Promise.all([generator().run(), generator().run(), generator().run()]);
    const rows = await sessions();
    expect(rows).toHaveLength(21 + 12);
    expect(runs.reduce((sum, run) => sum + run.created, 0)).toBe(21 + 12 - 1);
    const [taken] = await database.query(`SELECT taken FROM activity_sessions WHERE id = $1`, [kept.id]);
    expect(taken).toEqual({ taken: 2 });
  });

  it('makes the weeks of sessions once a day across instances, and again the next day', async () => {
    await reset();
    await database.query(`DELETE FROM job_days`);
    const generatorAt = (at: Date) =>
      createSessionGenerator({ db: database.db, timeZone: 'Europe/London', clock: () => at });
    // Two instances at once: one makes the day's window, the other finds the day done.
    const [first, second] = await Promise.all([generatorAt(now).run(), generatorAt(now).run()]);
    expect([first.generatedFor, second.generatedFor].filter(Boolean)).toHaveLength(1);
    const madeCount = (await sessions()).length;
    // A session gone missing later that day is not made again on each job interval…
    const lanes = (await sessions()).filter((row) => row.key.startsWith('t-lanes'));
    const missing = lanes[lanes.length - 1]!;
    await database.query(`DELETE FROM activity_sessions WHERE id = $1`, [missing.id]);
    const later = await generatorAt(new Date(now.getTime() + 6 * 3600_000)).run();
    expect(later).toMatchObject({ created: 0, generatedFor: null });
    expect(await sessions()).toHaveLength(madeCount - 1);
    // …but the next day's run makes it, and rolls the window a day forward.
    const nextDay = await generatorAt(new Date(now.getTime() + 24 * 3600_000)).run();
    expect(nextDay.generatedFor).not.toBeNull();
    expect(nextDay.created).toBeGreaterThan(1);
    const [marks] = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM job_days WHERE job = 'generate-sessions'`,
    );
    expect(marks).toEqual({ n: 2 });
    await reset();
  });

  it('retires a price band that left the file while a booking names it, and restores it when it returns', async () => {
    await reset();
    const [{ id: sessionId } = { id: 0 }] = await sessions();
    const [member] = await database.query<{ id: number }>(
      `SELECT p.id FROM activity_prices p JOIN activities a ON a.id = p.activity_id
        WHERE a.key = 't-lane-swim' AND p.band = 'member'`,
    );
    const [customer] = await database.query<{ id: number }>(`SELECT id FROM customers ORDER BY id LIMIT 1`);
    await database.query(
      `INSERT INTO customer_bookings (customer_id, venue_id, activity_name, starts_at, ends_at, status, session_id, price_id)
       SELECT $1, venue_id, 'Lane swim', starts_at, ends_at, 'booked', id, $2 FROM activity_sessions WHERE id = $3`,
      [customer!.id, member!.id, sessionId],
    );
    const retiredOf = async () =>
      (
        await database.query<{ retired: boolean }>(`SELECT retired FROM activity_prices WHERE id = $1`, [
          member!.id,
        ])
      )[0];

    const withoutMember = catalogue().replace(
      '      - { band: member, pricePence: 0, bookingWindowDays: 7 }\n',
      '',
    );
    const result = await importCatalogue(database.db, 1, withoutMember, clock);
    expect(result).toMatchObject({ ok: true, pricesKept: [{ activity: 't-lane-swim', band: 'member' }] });
    expect(await retiredOf()).toEqual({ retired: true });

    await reset();
    expect(await retiredOf()).toEqual({ retired: false });
    const [concept] = await database.query(
      `SELECT openactive_activity_id, openactive_activity_label FROM activities WHERE key = 't-lane-swim'`,
    );
    expect(concept).toEqual({
      openactive_activity_id: 'https://openactive.io/activity-list#2750229d-b725-4171-9276-376be913957c',
      openactive_activity_label: 'Swimming',
    });
    await database.query(`DELETE FROM customer_bookings WHERE price_id = $1`, [member!.id]);
  });
});

describe('the demo timetable', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoIfEmpty(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  it('has at least 200 sessions a week, at every centre', async () => {
    const [week] = await database.query<{ n: number; centres: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT venue_id)::int AS centres FROM activity_sessions
       WHERE starts_at BETWEEN now() AND now() + interval '7 days'`,
    );
    expect(week!.n).toBeGreaterThanOrEqual(200);
    expect(week!.centres).toBe(demoVenues.length);
  });

  it('has a full class, a nearly full one and one closed to online booking in the next two days', async () => {
    const soon = `starts_at BETWEEN now() AND now() + interval '2 days'`;
    const [full] = await database.query(
      `SELECT count(*)::int AS n FROM activity_sessions WHERE ${soon} AND taken = capacity AND capacity > 1`,
    );
    const [nearly] = await database.query(
      `SELECT count(*)::int AS n FROM activity_sessions WHERE ${soon} AND capacity - taken BETWEEN 1 AND 2 AND taken > 0`,
    );
    const [closed] = await database.query(
      `SELECT count(*)::int AS n FROM activity_sessions WHERE ${soon} AND NOT online_booking_enabled`,
    );
    expect([full, nearly, closed].map((row) => (row as { n: number }).n > 0)).toEqual([true, true, true]);
  });

  it('counts every booked place of the demo bookings in its session’s taken', async () => {
    const mismatched = await database.query(
      `SELECT se.id FROM activity_sessions se
       LEFT JOIN customer_bookings b ON b.session_id = se.id AND b.status <> 'cancelled'
       GROUP BY se.id HAVING se.taken <> coalesce(sum(b.quantity), 0)`,
    );
    expect(mismatched).toEqual([]);
    const [booked] = await database.query<{ upcoming: number; past: number }>(
      `SELECT count(*) FILTER (WHERE starts_at > now())::int AS upcoming,
              count(*) FILTER (WHERE starts_at < now())::int AS past
       FROM customer_bookings WHERE session_id IS NOT NULL`,
    );
    expect(booked!.upcoming).toBeGreaterThan(10);
    expect(booked!.past).toBeGreaterThanOrEqual(3);
    expect(await database.query(`SELECT id FROM customer_bookings WHERE session_id IS NULL`)).toEqual([]);
  });
});
