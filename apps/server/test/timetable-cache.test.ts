import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Timetable, TimetableSession } from '@lido/contracts/activity-answers';
import type { DatabaseHandle } from '../src/db/client.ts';
import { activities, customers } from '../src/db/schema.ts';
import { createLiveSessionsRepository } from '../src/modules/activities/activities.repository.ts';
import { createActivitiesService } from '../src/modules/activities/activities.service.ts';
import { cachedActivityReads } from '../src/modules/catalogue/cached-catalogue-reads.ts';
import { createCatalogueCache } from '../src/modules/catalogue/catalogue-cache.ts';
import { createCatalogueSnapshotRepository } from '../src/modules/catalogue/catalogue-snapshot.repository.ts';
import type { CatalogueCacheSetting } from '../src/services.ts';
import { holdPlace } from './support/activity-factories.ts';
import { createTestApp, loginCookie, siteHost, type TestApp } from './support/test-app.ts';
import { createTestDatabase } from './support/test-database.ts';

/**
 * Issue 20 items 1 and 2, decision 0061: a visitor's timetable week is read and serialised at most
 * once per places window per instance and shared; customers read places live and get answers of
 * their own. "Now" is Monday 23 November 2026, 12:00 London.
 */
const now = '2026-11-23T12:00:00Z';
const castlefield = 'castlefield-leisure-centre';
const week = `/api/activities/venues/${castlefield}/timetable?from=2026-11-24&days=7`;
/** long enough that nothing is read again within a test unless the catalogue moves */
const anHour = 3_600_000;

describe('the shared visitor timetable', () => {
  const statements: string[] = [];
  let database: DatabaseHandle;
  /** the same code reading the database on every request */
  let uncached: TestApp;
  let customerCookies: Record<string, string>;
  const opened: TestApp[] = [];

  const get = async (t: TestApp, url: string, cookie?: string) => {
    const answer = await t.app.inject({
      url,
      headers: { host: siteHost.bookings, ...(cookie ? { cookie } : {}) },
    });
    return { status: answer.statusCode, type: answer.headers['content-type'], body: answer.body };
  };
  const sessionsOf = (body: string) =>
    (JSON.parse(body) as { data: Timetable }).data.days.flatMap((day) => day.sessions);
  const sessionIn = async (t: TestApp, id: number, cookie?: string) =>
    sessionsOf((await get(t, week, cookie)).body).find((session) => session.id === id)!;
  const instance = async (catalogueCache: CatalogueCacheSetting) => {
    const t = await createTestApp({ database, now, catalogueCache });
    opened.push(t);
    return t;
  };
  /** A session of the week with room for more than a couple, for a booking to show in. */
  async function openSession(): Promise<TimetableSession> {
    const found = sessionsOf((await get(uncached, week)).body).find(
      (session) =>
        session.kind === 'session' &&
        session.availability.status === 'available' &&
        session.availability.spacesLeft > 2,
    );
    if (!found) throw new Error('The demo has no open session at Castlefield that week');
    return found;
  }
  async function book(reference: string, session: TimetableSession) {
    const [customer] = await database.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.reference, reference));
    const price = session.prices.find((candidate) => candidate.band === 'adult') ?? session.prices[0]!;
    await holdPlace(uncached, customer!.id, session, { id: price.id, pricePence: price.price.raw.amount });
  }

  beforeAll(async () => {
    database = await createTestDatabase({ logQuery: (text) => statements.push(text) });
    uncached = await createTestApp({ database, now, catalogueCache: false });
    customerCookies = {
      member: await loginCookie(uncached, 'C100003'),
      priya: await loginCookie(uncached, 'C100002'),
      alex: await loginCookie(uncached, 'C100001'),
    };
  });
  afterAll(async () => {
    for (const t of opened) await t.app.close();
    await uncached?.close();
  });

  it('answers visitors byte for byte, and customers exactly, as the uncached reads do (weeks and session pages)', async () => {
    const shared = await instance({ checkEveryMs: anHour, placesFreshMs: anHour });
    const urls = [
      ...['castlefield-leisure-centre', 'clifton-lido-and-spa', 'meadowbank-sports-hub'].flatMap((slug) => [
        `/api/activities/venues/${slug}/timetable`,
        `/api/activities/venues/${slug}/timetable?from=2026-11-24&days=7`,
        `/api/activities/venues/${slug}/timetable?from=2026-11-30&days=3&time_of_day=evening`,
      ]),
      `${week}&category=swimming`,
      `${week}&category=no-such-category`,
      `${week}&time_of_day=morning`,
      '/api/activities/venues/atlantis-leisure/timetable',
      '/api/activities/venues/no-such-centre/timetable',
      `/api/activities/venues/${castlefield}/timetable?from=2026-02-30`,
      ...sessionsOf((await get(uncached, week)).body)
        .filter((_, index) => index % 10 === 0)
        .map((session) => `/api/activities/sessions/${session.id}`),
      '/api/activities/sessions/99999999',
    ];
    // Twice: the first builds each visitor answer, the second is the kept bytes.
    for (const round of [1, 2])
      for (const cookie of [undefined, ...Object.values(customerCookies)])
        for (const url of urls) {
          const [fromShared, fromDatabase] = [
            await get(shared, url, cookie),
            await get(uncached, url, cookie),
          ];
          expect({ round, url, ...fromShared }).toEqual({ round, url, ...fromDatabase });
        }
  }, 120_000);

  it('answers a visitor week again with no query while the window lasts; a customer reads places live', async () => {
    const shared = await instance({ checkEveryMs: anHour, placesFreshMs: anHour });
    expect((await get(shared, week)).status).toBe(200);
    const before = statements.length;
    expect((await get(shared, week)).status).toBe(200);
    expect(statements.slice(before)).toEqual([]);
    expect((await get(shared, week, customerCookies.alex)).status).toBe(200);
    expect(statements.slice(before).filter((text) => text.includes('"activity_sessions"'))).toHaveLength(1);
  });

  it('never answers one customer with another’s eligibility, nor a visitor with a customer’s', async () => {
    const shared = await instance({ checkEveryMs: anHour, placesFreshMs: anHour });
    const callers = [
      customerCookies.member,
      undefined,
      customerCookies.alex,
      customerCookies.priya,
      undefined,
      customerCookies.member,
    ];
    const answers = new Map<string | undefined, string>();
    for (const cookie of callers) {
      const answer = await get(shared, week, cookie);
      expect(answer).toEqual(await get(uncached, week, cookie));
      answers.set(cookie, answer.body);
    }
    // The member's week opens the member price to them; a visitor's never does.
    const memberPriceOpen = (body: string) =>
      sessionsOf(body).some((session) =>
        session.prices.some((price) => price.band === 'member' && price.available),
      );
    expect(memberPriceOpen(answers.get(customerCookies.member)!)).toBe(true);
    expect(memberPriceOpen(answers.get(undefined)!)).toBe(false);
    expect(memberPriceOpen(answers.get(customerCookies.alex)!)).toBe(false);
  });

  it('shows a booking to its customer at once, and to visitors on this and another instance once the window has passed (week and session page)', async () => {
    const placesFreshMs = 200;
    const [first, second] = [
      await instance({ checkEveryMs: 0, placesFreshMs }),
      await instance({ checkEveryMs: 0, placesFreshMs }),
    ];
    const session = await openSession();
    const left = session.availability.spacesLeft;
    expect((await sessionIn(first, session.id)).availability.spacesLeft).toBe(left);
    expect((await sessionIn(second, session.id)).availability.spacesLeft).toBe(left);

    const page = `/api/activities/sessions/${session.id}`;
    const pageLeft = async (t: TestApp, cookie?: string) =>
      (JSON.parse((await get(t, page, cookie)).body) as { data: TimetableSession }).data.availability
        .spacesLeft;
    expect(await pageLeft(second)).toBe(left);

    await book('C100001', session);
    expect((await sessionIn(first, session.id, customerCookies.alex)).availability.spacesLeft).toBe(left - 1);
    expect(await pageLeft(second, customerCookies.alex)).toBe(left - 1);
    await new Promise((resolve) => setTimeout(resolve, placesFreshMs + 20));
    expect((await sessionIn(first, session.id)).availability.spacesLeft).toBe(left - 1);
    expect((await sessionIn(second, session.id)).availability.spacesLeft).toBe(left - 1);
    expect(await pageLeft(second)).toBe(left - 1);
    expect(await get(second, week)).toEqual(await get(uncached, week));
  });

  it('shows a catalogue change to visitors at the next version check, however long the places window', async () => {
    const shared = await instance({ checkEveryMs: 0, placesFreshMs: anHour });
    const session = await openSession();
    expect((await sessionIn(shared, session.id)).activity.name).toBe(session.activity.name);
    const renamed = `${session.activity.name} (renamed)`;
    await database.db.update(activities).set({ name: renamed }).where(eq(activities.id, session.activity.id));
    try {
      expect((await sessionIn(shared, session.id)).activity.name).toBe(renamed);
      expect(await get(shared, week)).toEqual(await get(uncached, week));
    } finally {
      await database.db
        .update(activities)
        .set({ name: session.activity.name })
        .where(eq(activities.id, session.activity.id));
    }
  });

  it('keeps a visitor’s places for the window and no longer, and shares one read among requests that arrive together', async () => {
    let clock = 0;
    const service = createActivitiesService({
      activities: cachedActivityReads(
        createCatalogueCache(createCatalogueSnapshotRepository(database.db), { checkEveryMs: 0 }),
        createLiveSessionsRepository(database.db),
        { placesFreshMs: 1000, now: () => clock },
      ),
      clock: () => new Date(now),
      timeZone: 'Europe/London',
    });
    const query = { from: '2026-11-24', days: 7 };
    const placesLeft = async (id: number) =>
      sessionsOf((await service.visitorTimetableJson(castlefield, query)).toString()).find(
        (session) => session.id === id,
      )!.availability.spacesLeft;
    const session = await openSession();
    const kept = await service.visitorTimetableJson(castlefield, query);
    expect(await placesLeft(session.id)).toBe(session.availability.spacesLeft);

    await book('C100002', session);
    clock = 999;
    expect(await service.visitorTimetableJson(castlefield, query)).toBe(kept); // within the window
    clock = 1000;
    expect(await placesLeft(session.id)).toBe(session.availability.spacesLeft - 1);

    clock = 5000;
    const before = statements.length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => service.visitorTimetableJson(castlefield, query)),
    );
    expect(new Set(answers).size).toBe(1);
    expect(statements.slice(before).filter((text) => text.includes('"activity_sessions"'))).toHaveLength(1);
  });
});
