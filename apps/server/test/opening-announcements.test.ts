import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { BookingOpening, QueuePlace } from '@lido/contracts/booking-openings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCataloguePath } from '../src/db/seed/seed-demo.ts';
import { exportCatalogue } from '../src/modules/catalogue/catalogue-export.ts';
import { importCatalogue } from '../src/modules/catalogue/catalogue-import.ts';
import { createActivity, createSession } from './support/activity-factories.ts';
import { apiClient } from './support/api.ts';
import { createCustomer } from './support/factories.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

// Issue 39 item 1 (decision 0098): openings announced in the catalogue file, what the pages are
// told about them, the operator's ceiling on admissions and the reminder customers can ask for.

const now = new Date('2026-12-01T09:00:00Z');
let clock = now;
const minutes = (count: number, from: Date) => new Date(from.getTime() + count * 60_000);

let t: TestApp;
let second: TestApp;
const api = apiClient(() => t, siteHost.bookings);
const demo = fs.readFileSync(demoCataloguePath, 'utf8');

/** The demo file with these openings (each a YAML flow mapping). */
const withOpenings = (...entries: object[]) =>
  `${demo}\nopenings:\n${entries.map((entry) => `  - ${JSON.stringify(entry)}\n`).join('')}`;

const springSwim = {
  key: 'spring-aqua-fit',
  name: 'Aqua fit, spring term',
  activity: 'aqua-fit',
  venue: 'castlefield-leisure-centre',
  sessionsFrom: '2027-01-04',
  sessionsTo: '2027-03-28',
  opensOn: '2026-12-14',
  opensAt: '07:00',
};

async function rows<T>(query: string): Promise<T[]> {
  return ((await t.database.db.execute(sql.raw(query))) as { rows: T[] }).rows;
}

const openings = async () => (await api.guest.get<BookingOpening[]>('/api/booking-openings')).data ?? [];

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  second = await createTestApp({ now: () => clock, database: t.database, seed: false });
});
afterAll(async () => {
  await second.app.close();
  await t.close();
});

describe('openings in the catalogue file', () => {
  it('announces an opening from the file, in the operator’s local time, and says which sessions it gates', async () => {
    const result = await importCatalogue(t.database.db, 1, withOpenings(springSwim), { now });
    expect(result.ok, JSON.stringify(result)).toBe(true);
    const [aquaFit] = await rows<{ id: number }>("SELECT id FROM activities WHERE key = 'aqua-fit'");
    const [castlefield] = await rows<{ id: number }>(
      "SELECT id FROM venues WHERE slug = 'castlefield-leisure-centre'",
    );
    const opening = (await openings()).find((candidate) => candidate.name === springSwim.name);
    expect(opening).toMatchObject({
      // 07:00 in London in December is 07:00 UTC; the waiting room 15 minutes before, the queue 2 hours.
      opensAt: '2026-12-14T07:00:00.000Z',
      lobbyOpensAt: '2026-12-14T06:45:00.000Z',
      gateEndsAt: '2026-12-14T09:00:00.000Z',
      opensText: 'Booking opens Monday 14 December at 07:00',
      state: 'announced',
      gates: {
        activityId: aquaFit!.id,
        venueId: castlefield!.id,
        sessionsFrom: '2027-01-04',
        sessionsTo: '2027-03-28',
      },
    });
  });

  it('writes the openings back out, and importing the export changes nothing', async () => {
    await importCatalogue(
      t.database.db,
      1,
      withOpenings(springSwim, { ...springSwim, key: 'summer', opensAt: '07:30:15', letInPerMinute: 120 }),
      { now },
    );
    const exported = await exportCatalogue(t.database.db, 1);
    const source = exported.ok ? exported.source : '';
    expect(source).toContain('key: spring-aqua-fit');
    expect(source).toContain('opensAt: 07:30:15');
    const before = await rows('SELECT * FROM booking_openings ORDER BY key');
    expect((await importCatalogue(t.database.db, 1, source, { now })).ok).toBe(true);
    expect(await rows('SELECT * FROM booking_openings ORDER BY key')).toEqual(before);
    const twice = await exportCatalogue(t.database.db, 1);
    expect(twice.ok && twice.source).toBe(source);
  });

  it('refuses an opening naming an unknown activity or centre, or given twice, and changes nothing', async () => {
    const before = await rows('SELECT * FROM booking_openings ORDER BY key');
    const result = await importCatalogue(
      t.database.db,
      1,
      withOpenings(
        { ...springSwim, activity: 'underwater-hockey' },
        { ...springSwim, venue: 'atlantis' },
        { ...springSwim, key: 'backwards', sessionsFrom: '2027-03-28', sessionsTo: '2027-01-04' },
        { ...springSwim, key: 'at-25', opensAt: '25:00' },
      ),
      { now },
    );
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems.map((problem) => `${problem.path} ${problem.message}`);
    expect(problems).toEqual(
      expect.arrayContaining([
        "openings[0].activity is not one of the file's activities",
        "openings[1].venue is not one of the operator's centres",
        'openings[1].key is the key of an earlier opening',
        'openings[2].sessionsTo must not be before sessionsFrom',
        'openings[3].opensAt must be a time such as 07:00 (24-hour clock)',
      ]),
    );
    expect(await rows('SELECT * FROM booking_openings ORDER BY key')).toEqual(before);
  });

  it('changes or withdraws an opening until its waiting room opens; after that it is history', async () => {
    await importCatalogue(t.database.db, 1, withOpenings({ ...springSwim, opensAt: '08:00' }), { now });
    const opensAt = async () =>
      new Date(
        (
          await rows<{ opens_at: Date | string }>(
            "SELECT opens_at FROM booking_openings WHERE key = 'spring-aqua-fit'",
          )
        )[0]!.opens_at,
      ).toISOString();
    expect(await opensAt()).toBe('2026-12-14T08:00:00.000Z');
    // 'summer' left the file: withdrawn.
    expect(await rows("SELECT key FROM booking_openings WHERE key = 'summer'")).toEqual([]);
    clock = new Date('2026-12-14T07:50:00Z');
    try {
      await importCatalogue(t.database.db, 1, withOpenings({ ...springSwim, opensAt: '09:00' }), {
        now: clock,
      });
      await importCatalogue(t.database.db, 1, withOpenings(), { now: clock });
      expect(await opensAt()).toBe('2026-12-14T08:00:00.000Z');
    } finally {
      clock = now;
    }
  });
});

describe('the operator’s ceiling on admissions', () => {
  it('lets in no faster than the opening’s letInPerMinute, and estimates the wait from it', async () => {
    const activity = await createActivity(t, { name: 'Ceilinged spin' });
    // The day after the test's clock, whatever today is.
    const day = '2026-12-02';
    await createSession(t, activity, { startsAt: new Date('2026-12-02T18:00:00Z'), capacity: 10 });
    const opensAt = minutes(30, now);
    const opening = await t.services().bookingOpenings.announce({
      name: 'Spin, one every 5 seconds',
      lobbyOpensAt: minutes(-15, opensAt),
      opensAt,
      gateEndsAt: minutes(60, opensAt),
      activityId: activity.activity.id,
      venueId: null,
      sessionsFrom: day,
      sessionsTo: day,
    });
    await t.database.db.execute(
      sql`UPDATE booking_openings SET let_in_per_minute = 12 WHERE id = ${opening.id}`,
    );
    const customers = await Promise.all(
      ['Ana', 'Ben', 'Cal'].map((firstName) => createCustomer(t, { firstName })),
    );
    clock = minutes(-5, opensAt);
    for (const customer of customers)
      await api.as(customer.cookie).post(`/api/booking-openings/${opening.id}/queue`);
    // Three polls at once: one of them ticks; an answer read while that tick commits may still
    // say waiting, so each moment is asked twice and the second answers are judged.
    const placesOnce = async () =>
      Promise.all(
        customers.map(
          async (customer) =>
            (await api.as(customer.cookie).get<QueuePlace>(`/api/booking-openings/${opening.id}/queue`))
              .data!,
        ),
      );
    const places = async () => {
      await placesOnce();
      return placesOnce();
    };
    const admitted = (list: QueuePlace[]) => list.filter((place) => place.status === 'admitted').length;
    try {
      clock = new Date(opensAt.getTime() + 1_000);
      const first = await places();
      expect(admitted(first)).toBe(0);
      // What is left to wait for: the gated session's 10 places.
      expect(first.map((place) => place.placesLeft)).toEqual([10, 10, 10]);
      // Third in the queue at 12 a minute: about 15 seconds.
      expect(first.map((place) => place.estimatedWaitSeconds!).sort((a, b) => a - b)).toEqual([5, 10, 15]);
      clock = new Date(opensAt.getTime() + 3_500);
      await places();
      clock = new Date(opensAt.getTime() + 6_000);
      const later = await places();
      expect(admitted(later)).toBe(1);
      const lucky = customers[later.findIndex((place) => place.status === 'admitted')]!;
      const adult = activity.price('adult');
      const [session] = await rows<{ id: number }>(
        `SELECT id FROM activity_sessions WHERE activity_id = ${activity.activity.id}`,
      );
      expect((await api.as(lucky.cookie).book(session!.id, adult.id, 10)).status).toBe(200);
      clock = new Date(opensAt.getTime() + 9_000);
      expect((await places()).map((place) => place.placesLeft)).toEqual([0, 0, 0]);
    } finally {
      clock = now;
    }
  });
});

describe('reminders when the waiting room opens', () => {
  it('emails each customer who asked once, however many instances run the job, and only once it opens', async () => {
    const opening = (await t.services().bookingOpenings.announce({
      name: 'Swimming lessons, spring',
      lobbyOpensAt: minutes(10, now),
      opensAt: minutes(25, now),
      gateEndsAt: minutes(200, now),
      activityId: null,
      venueId: (await rows<{ id: number }>('SELECT id FROM venues ORDER BY id LIMIT 1'))[0]!.id,
      sessionsFrom: '2027-01-04',
      sessionsTo: '2027-01-10',
    })) as BookingOpening;
    const ana = await createCustomer(t, { firstName: 'Ana' });
    const ben = await createCustomer(t, { firstName: 'Ben' });
    const url = `/api/booking-openings/${opening.id}/reminder`;

    expect((await api.guest.post(url, { reminding: true })).status).toBe(401);
    expect((await api.as(ana.cookie).get(url)).data).toEqual({ reminding: false });
    const asked = await Promise.all(
      Array.from({ length: 20 }, () => api.as(ana.cookie).post(url, { reminding: true })),
    );
    expect(asked.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect((await api.as(ana.cookie).get(url)).data).toEqual({ reminding: true });
    await api.as(ben.cookie).post(url, { reminding: true });
    await api.as(ben.cookie).post(url, { reminding: false });
    const bad = await api.as(ana.cookie).post(url, { reminding: 'yes', extra: { nested: '\u0000' } });
    expect(bad.status).toBe(422);
    expect(
      (await api.as(ana.cookie).post('/api/booking-openings/99999999/reminder', { reminding: true })).status,
    ).toBe(404);

    const outbox = async () =>
      rows<{ to_address: string; subject: string; text_body: string }>(
        `SELECT to_address, subject, text_body FROM email_outbox WHERE subject LIKE 'The waiting room is open:%' ORDER BY id`,
      );
    // Not before the waiting room opens.
    expect(await t.services().bookingOpenings.reminders!.sendDue()).toBe(0);
    clock = minutes(11, now);
    try {
      const sent = await Promise.all([
        t.services().bookingOpenings.reminders!.sendDue(),
        second.services().bookingOpenings.reminders!.sendDue(),
        t.services().bookingOpenings.reminders!.sendDue(),
      ]);
      expect(sent.reduce((sum, count) => sum + count, 0)).toBe(1);
      const emails = (await outbox()).filter((email) => email.text_body.includes(`/openings/${opening.id}`));
      expect(emails).toHaveLength(1);
      expect(emails[0]).toMatchObject({
        to_address: ana.email,
        subject: 'The waiting room is open: Swimming lessons, spring',
      });
      expect(emails[0]!.text_body).toContain('Booking opens');
      // Too late to ask now: go to the waiting room.
      const late = await api.as(ben.cookie).post(url, { reminding: true });
      expect(late.status).toBe(409);
      expect(late.message).toBe(
        'The waiting room for this opening is already open: go to it now to get your place.',
      );
    } finally {
      clock = now;
    }
  });
});
