import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionDetails, Timetable } from '@lido/contracts/activity-answers';
import type { MembershipType } from '@lido/contracts/membership';
import type { Venue } from '@lido/contracts/venue';
import type { DatabaseHandle } from '../src/db/client.ts';
import { activitySessions } from '../src/db/schema.ts';
import { demoCataloguePath } from '../src/db/seed/seed-demo.ts';
import { createCatalogueCache } from '../src/modules/catalogue/catalogue-cache.ts';
import { createCatalogueSnapshotRepository } from '../src/modules/catalogue/catalogue-snapshot.repository.ts';
import { importCatalogue } from '../src/modules/catalogue/catalogue-import.ts';
import { basketWith, createCustomer } from './support/factories.ts';
import { createTestApp, loginCookie, siteHost, type TestApp } from './support/test-app.ts';
import { createTestDatabase } from './support/test-database.ts';

/**
 * Issue 20 item 1, decision 0038: the hot reads answered from a per-instance cache of the catalogue
 * that the database's catalogue version invalidates. "Now" is Monday 23 November 2026, 12:00 London.
 */
const now = '2026-11-23T12:00:00Z';
const demoSource = fs.readFileSync(demoCataloguePath, 'utf8');
/** The demo file with Gym Anytime's monthly price moved from £30 to £31. */
const dearerGym = demoSource.replace(
  '{ key: monthly, paymentType: recurring, pricePence: 3000, joiningFeePence: 2000 }',
  '{ key: monthly, paymentType: recurring, pricePence: 3100, joiningFeePence: 2000 }',
);

/** The demo file with Gym Anytime's annual price moved from £300 to £310. */
const dearerAnnualGym = demoSource.replace(
  'paymentType: fixed,\n          pricePence: 30000,',
  'paymentType: fixed,\n          pricePence: 31000,',
);

describe('the cached catalogue', () => {
  const statements: string[] = [];
  let database: DatabaseHandle;
  /**
   * an instance as production runs it, checking the version once an hour here (tests are slow);
   * visitors' places are read on every request (their window is timetable-cache.test.ts's)
   */
  let cached: TestApp;
  /** the same code reading the database on every request */
  let uncached: TestApp;
  /** an instance that checks the version on every request */
  let checking: TestApp;
  let venues: Venue[];
  let customers: Record<string, string>;

  const get = async (t: TestApp, url: string, cookie?: string) => {
    const answer = await t.app.inject({
      url,
      headers: { host: siteHost.bookings, ...(cookie ? { cookie } : {}) },
    });
    return { status: answer.statusCode, body: answer.json() as { data?: unknown; message?: string } };
  };
  const statementsFor = async (t: TestApp, url: string, cookie?: string) => {
    const before = statements.length;
    expect((await get(t, url, cookie)).status).toBe(200);
    return statements.length - before;
  };
  const typesAt = async (t: TestApp, venueId: number) =>
    (await get(t, `/api/memberships/types?venue_id=${venueId}`)).body.data as MembershipType[];

  beforeAll(async () => {
    database = await createTestDatabase({ logQuery: (text) => statements.push(text) });
    cached = await createTestApp({
      database,
      now,
      catalogueCache: { checkEveryMs: 3_600_000, placesFreshMs: 0 },
    });
    uncached = await createTestApp({ database, now, catalogueCache: false });
    checking = await createTestApp({ database, now, catalogueCache: { checkEveryMs: 0 } });
    venues = (await get(uncached, '/api/activities/venues')).body.data as Venue[];
    customers = {
      member: await loginCookie(uncached, 'C100003'),
      priya: await loginCookie(uncached, 'C100002'),
      alex: await loginCookie(uncached, 'C100001'),
    };
  });
  afterAll(async () => {
    await checking?.app.close();
    await uncached?.app.close();
    await cached?.close();
  });

  /** Every hot read the sites make, with the ids the demo catalogue has. */
  async function hotUrls(): Promise<string[]> {
    const castlefield = venues.find((venue) => venue.slug === 'castlefield-leisure-centre')!;
    const types = await typesAt(uncached, castlefield.id);
    const timetable = (
      await get(uncached, `/api/activities/venues/${castlefield.slug}/timetable?from=2026-11-24&days=7`)
    ).body.data as Timetable;
    const sessionIds = timetable.days.flatMap((day) => day.sessions.map((session) => session.id));
    expect(sessionIds.length).toBeGreaterThan(20);
    return [
      '/api/client',
      '/api/frontend/theme',
      '/api/frontend/theme?venue=clifton-lido-and-spa',
      '/api/frontend/theme?venue=atlantis-leisure',
      '/api/venues/online-joining',
      '/api/activities/venues',
      '/api/venues/online-joining/meadowbank-sports-hub',
      '/api/activities/venues/atlantis-leisure',
      '/api/activities/footer?venue=clifton-lido-and-spa',
      '/api/terms/direct-debit',
      ...venues.map((venue) => `/api/memberships/types?venue_id=${venue.id}`),
      '/api/memberships/types?venue_id=999999',
      ...types.flatMap((type) => [
        `/api/terms/membership/${type.id}`,
        `/api/terms/membership/${type.id}/health-commitment`,
        `/api/custom-questions/memberships/${type.id}`,
        ...type.paymentOptions.map(
          (option) =>
            `/api/memberships/types/${type.id}/payment-options/${option.id}?venue_id=${castlefield.id}&start_date=2026-11-30${option.paymentType === 'recurring' ? '&billing_day=15' : ''}`,
        ),
      ]),
      `/api/memberships/types/${types[0]!.id}/payment-options/${types[0]!.paymentOptions[0]!.id}?venue_id=999999&start_date=2026-11-30&billing_day=15`,
      '/api/custom-questions/memberships/999999',
      ...['castlefield-leisure-centre', 'clifton-lido-and-spa', 'meadowbank-sports-hub'].map(
        (slug) => `/api/activities/venues/${slug}/timetable?from=2026-11-24&days=7`,
      ),
      '/api/activities/venues/atlantis-leisure/timetable',
      ...sessionIds.slice(0, 40).map((id) => `/api/activities/sessions/${id}`),
      '/api/activities/sessions/99999999',
    ];
  }

  async function expectSameAnswers(app: TestApp, callers = [undefined, ...Object.values(customers)]) {
    const urls = await hotUrls();
    for (const cookie of callers) {
      for (const url of urls) {
        const [fromCache, fromDatabase] = [await get(app, url, cookie), await get(uncached, url, cookie)];
        expect({ url, ...fromCache }).toEqual({ url, ...fromDatabase });
      }
    }
  }

  it('answers every hot read exactly as the uncached reads do, for visitors and customers', async () => {
    await expectSameAnswers(cached);
  }, 240_000);

  it('answers the catalogue, costs, terms, questions, theme, client and venues with no query', async () => {
    const urls = (await hotUrls()).filter(
      (url) => !url.includes('/timetable') && !url.includes('/sessions/'),
    );
    for (const url of urls) await get(cached, url); // warm, and leave 404s out of the counting
    for (const url of urls) {
      const before = statements.length;
      await get(cached, url);
      expect({ url, queries: statements.length - before }).toEqual({ url, queries: 0 });
    }
  });

  it("adds only the session check's reads for a logged-in customer, and computes their eligibility", async () => {
    const castlefield = venues.find((venue) => venue.slug === 'castlefield-leisure-centre')!;
    const token = customers.member!.split('=')[1];
    // Warm first: run before any other test (the order is random), the first read loads the cache.
    await get(cached, `/api/memberships/types?venue_id=${castlefield.id}`);
    const before = statements.length;
    await cached.services().auth.authenticate(token);
    const sessionCheck = statements.length - before;
    expect(
      await statementsFor(cached, `/api/memberships/types?venue_id=${castlefield.id}`, customers.member),
    ).toBe(sessionCheck);
  });

  it('reads a timetable week in one query and a session page in one (plus memberships and allowances for a customer)', async () => {
    const week = '/api/activities/venues/castlefield-leisure-centre/timetable?from=2026-11-24&days=7';
    await statementsFor(cached, week);
    expect(await statementsFor(cached, week)).toBe(1);
    const timetable = (await get(cached, week)).body.data as Timetable;
    const sessionId = timetable.days[0]!.sessions[0]!.id;
    expect(await statementsFor(cached, `/api/activities/sessions/${sessionId}`)).toBe(1);

    const token = customers.member!.split('=')[1];
    const before = statements.length;
    await cached.services().auth.authenticate(token);
    const sessionCheck = statements.length - before;
    // A customer's week adds their memberships (two reads) and what may pay for their places, their
    // benefits and packages (two more, read once per answer: decision 0088), and their strikes, for
    // whether online booking is stopped (one more: decision 0096).
    expect(await statementsFor(cached, week, customers.member)).toBe(sessionCheck + 5);
  });

  it('shows a place taken at once, however long the catalogue is cached', async () => {
    const week = '/api/activities/venues/castlefield-leisure-centre/timetable?from=2026-11-24&days=7';
    const open = ((await get(cached, week)).body.data as Timetable).days
      .flatMap((day) => day.sessions)
      // A class, not a facility: a court hour's answer names whichever court is free next.
      .find(
        (session) =>
          session.kind === 'session' &&
          session.availability.spacesLeft > 2 &&
          session.availability.status === 'available',
      );
    if (!open) throw new Error('The demo has no open session at Castlefield that week');
    await database.db
      .update(activitySessions)
      .set({ taken: sql`${activitySessions.taken} + 1` })
      .where(eq(activitySessions.id, open.id));
    const after = ((await get(cached, week)).body.data as Timetable).days
      .flatMap((day) => day.sessions)
      .find((session) => session.id === open.id)!;
    expect(after.availability.spacesLeft).toBe(open.availability.spacesLeft - 1);
    const page = (await get(cached, `/api/activities/sessions/${open.id}`)).body.data as SessionDetails;
    expect(page.availability.spacesLeft).toBe(open.availability.spacesLeft - 1);
  });

  it('sees an import on another instance by the next request that checks, and answers as the database does', async () => {
    const castlefield = venues.find((venue) => venue.slug === 'castlefield-leisure-centre')!;
    const monthlyGym = (types: MembershipType[]) =>
      types
        .find((type) => type.slug === 'gym-anytime')!
        .paymentOptions.find((option) => option.paymentType === 'recurring')!.globalBasePrice;
    expect(monthlyGym(await typesAt(checking, castlefield.id))).toMatchObject({ raw: { amount: 3000 } });
    const fromCache = await typesAt(cached, castlefield.id);

    expect(await importCatalogue(database.db, 1, dearerGym)).toMatchObject({ ok: true });
    expect(monthlyGym(await typesAt(checking, castlefield.id))).toMatchObject({ raw: { amount: 3100 } });
    expect(monthlyGym(await typesAt(uncached, castlefield.id))).toMatchObject({ raw: { amount: 3100 } });
    // The once-an-hour instance still answers its copy within its bound (its next check is ahead).
    expect(await typesAt(cached, castlefield.id)).toEqual(fromCache);
    await expectSameAnswers(checking, [undefined, customers.member]);

    expect(await importCatalogue(database.db, 1, demoSource)).toMatchObject({ ok: true });
    expect(monthlyGym(await typesAt(checking, castlefield.id))).toMatchObject({ raw: { amount: 3000 } });
  }, 120_000);

  it('answers from the new catalogue once the check interval has passed since the change, not before', async () => {
    let clock = 0;
    const cache = createCatalogueCache(createCatalogueSnapshotRepository(database.db), {
      checkEveryMs: 1000,
      now: () => clock,
    });
    const gymPrice = async () =>
      (await cache.current()).types
        .find((details) => details.type.slug === 'gym-anytime')!
        .options.find((option) => option.paymentType === 'recurring')!.pricePence;
    expect(await gymPrice()).toBe(3000);
    const loaded = await cache.current();

    expect(await importCatalogue(database.db, 1, dearerGym)).toMatchObject({ ok: true });
    clock = 999;
    expect(await cache.current()).toBe(loaded); // within the bound: no query, the copy it has
    clock = 1000;
    expect(await gymPrice()).toBe(3100);

    const before = statements.length;
    clock = 1500;
    await cache.current();
    expect(statements.length).toBe(before); // checked at 1000: nothing asked until 2000
    clock = 2000;
    await cache.current();
    expect(statements.slice(before)).toEqual([expect.stringContaining('catalogue_version')]);
    expect(await importCatalogue(database.db, 1, demoSource)).toMatchObject({ ok: true });
  });

  it('prices a basket line from the catalogue as of now, with one read of its version', async () => {
    const castlefield = venues.find((venue) => venue.slug === 'castlefield-leisure-centre')!;
    // An instance of its own (its copy changes here), checking once an hour like `cached`.
    const pricing = await createTestApp({
      database,
      now,
      catalogueCache: { checkEveryMs: 3_600_000, placesFreshMs: 0 },
    });
    await typesAt(pricing, castlefield.id); // the once-an-hour copy is loaded
    const annualGym = { slug: 'gym-anytime', paymentType: 'fixed' as const, startDate: '2026-11-30' };
    const gymLine = async () => {
      const buyer = await createCustomer(pricing);
      const before = statements.length;
      const cart = await basketWith(pricing, buyer, [annualGym]);
      return { cart, read: statements.slice(before) };
    };
    const first = await gymLine();
    // The pricing read the catalogue's version once and none of its tables.
    expect(first.read.filter((text) => text.includes('catalogue_version'))).toHaveLength(1);
    expect(
      first.read.filter((text) => /from "(membership_types|payment_options|venues)"/.test(text)),
    ).toEqual([]);

    expect(dearerAnnualGym).not.toBe(demoSource);
    expect(await importCatalogue(database.db, 1, dearerAnnualGym)).toMatchObject({ ok: true });
    try {
      // The copy is an hour from its next check, yet the basket charges the new price at once.
      const stale = (await typesAt(pricing, castlefield.id)).find((type) => type.slug === 'gym-anytime')!;
      expect(
        stale.paymentOptions.find((option) => option.paymentType === 'fixed')!.globalBasePrice,
      ).toMatchObject({ raw: { amount: 30000 } });
      const dearer = await gymLine();
      expect(dearer.cart.totals.total - first.cart.totals.total).toBe(1000);
      const fromDatabase = await basketWith(uncached, await createCustomer(uncached), [annualGym]);
      expect(dearer.cart.totals.total).toEqual(fromDatabase.totals.total);
    } finally {
      expect(await importCatalogue(database.db, 1, demoSource)).toMatchObject({ ok: true });
      await pricing.app.close();
    }
  }, 60_000);

  it('checks the version on every checked read, and reloads once for checks that find it moved', async () => {
    const cache = createCatalogueCache(createCatalogueSnapshotRepository(database.db), {
      checkEveryMs: 3_600_000,
    });
    const loaded = await cache.current();
    let before = statements.length;
    expect(await cache.checked()).toBe(loaded);
    expect(statements.slice(before)).toEqual([expect.stringContaining('catalogue_version')]);

    expect(await importCatalogue(database.db, 1, dearerGym)).toMatchObject({ ok: true });
    try {
      before = statements.length;
      const answers = await Promise.all(Array.from({ length: 10 }, () => cache.checked()));
      // Ten checks, and the one load they share (which reads the version with its rows).
      const versionReads = statements.slice(before).filter((text) => text.includes('catalogue_version'));
      expect(versionReads).toHaveLength(11);
      const loads = statements.slice(before).filter((text) => text.includes('"membership_types"'));
      expect(loads.length).toBeGreaterThan(0);
      const single = loads.length;
      expect(new Set(answers).size).toBe(1);
      expect(answers[0]!.version).toBeGreaterThan(loaded.version);
      before = statements.length;
      await cache.checked();
      expect(statements.slice(before).filter((text) => text.includes('"membership_types"'))).toHaveLength(0);
      expect(single).toBeLessThan(5);
    } finally {
      expect(await importCatalogue(database.db, 1, demoSource)).toMatchObject({ ok: true });
    }
  });

  it('shares one check among requests that arrive together', async () => {
    let clock = 0;
    const cache = createCatalogueCache(createCatalogueSnapshotRepository(database.db), {
      checkEveryMs: 1000,
      now: () => clock,
    });
    await cache.current();
    clock = 5000;
    const before = statements.length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.current()));
    expect(new Set(answers).size).toBe(1);
    expect(statements.length - before).toBe(1);
  });
});
