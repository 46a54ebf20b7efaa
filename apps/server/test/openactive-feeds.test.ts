import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { RpdePage } from '@lido/contracts/openactive';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { activitySchedules, activitySessions } from '../src/db/schema.ts';
import { seedDemoIfEmpty } from '../src/db/seed/seed-demo.ts';
import { createActivity, createLocation, createSession, tomorrowAt } from './support/activity-factories.ts';
import { datasetFindings, failures, modelFindings, rpdeFindings } from './support/openactive-validation.ts';
import { type TestApp, testConfig } from './support/test-app.ts';
import { createTestDatabase } from './support/test-database.ts';

/** A port nothing listens on, so the feeds' absolute URLs can point at this very server. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const feedNames = ['session-series', 'scheduled-sessions', 'facility-uses', 'slots'] as const;
// Small pages, so the walk crosses several of them (production pages hold 500 items).
const pageSize = 3;

describe('OpenActive feeds (RPDE) and the dataset page', () => {
  let t: TestApp;
  let origin: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const port = await freePort();
    const config = testConfig({
      LIDO_PORT: String(port),
      LIDO_OPENACTIVE_DISCUSSION_URL: 'https://github.com/example-leisure/opendata/issues',
    });
    const database = await createTestDatabase();
    // only this file's sessions: the feeds are walked at a page size of 3
    await seedDemoIfEmpty(database.db, { timetable: false });
    const app = await buildApp({ config, database, openActivePageSize: pageSize });
    await app.listen({ port, host: '127.0.0.1' });
    origin = `http://localhost:${port}`;
    t = {
      app,
      config,
      database,
      services: () => app.services,
      close: async () => {
        await app.close();
        await database.close();
      },
    };

    const swim = await createActivity(t, {
      name: 'Lane swim',
      minAge: 8,
      prices: { adult: 550, junior: 300, concession: 350, member: 0 },
    });
    const pool = await createLocation(t, { kind: 'pool', name: 'Main pool' });
    for (let day = 0; day < 5; day += 1) {
      const startsAt = new Date(tomorrowAt(7).getTime() + day * 86_400_000);
      const session = await createSession(t, swim, { locationId: pool.location.id, startsAt, capacity: 30 });
      ids[`swim${day}`] = session.id;
    }
    const spin = await createActivity(t, { name: 'Spin' });
    // The weekly schedules the series publish (sessions made by the factories stand alone).
    const studio = await createLocation(t, { kind: 'studio', name: 'Studio 2' });
    await t.database.db.insert(activitySchedules).values([
      {
        key: `swim-${pool.location.id}`,
        activityId: swim.activity.id,
        locationId: pool.location.id,
        weekday: 1,
        startTime: '07:00',
        durationMinutes: 45,
        capacity: 30,
      },
      {
        key: `spin-${studio.location.id}`,
        activityId: spin.activity.id,
        locationId: studio.location.id,
        weekday: 3,
        startTime: '18:30',
        durationMinutes: 45,
        capacity: 20,
        instructor: 'Ali Khan',
      },
    ]);
    const cancelled = await createSession(t, spin, { cancelled: true, instructor: 'Ali Khan' });
    ids.cancelled = cancelled.id;
    const removed = await createSession(t, spin, { startsAt: tomorrowAt(19) });
    ids.removed = removed.id;
    const badminton = await createActivity(t, {
      name: 'Badminton court',
      kind: 'facility',
      prices: { adult: 1200, junior: 600 },
    });
    for (let court = 1; court <= 4; court += 1) {
      const { location } = await createLocation(t, { kind: 'court', name: `Court ${court}` });
      const slot = await createSession(t, badminton, {
        locationId: location.id,
        capacity: 1,
        durationMinutes: 60,
        instructor: null,
      });
      ids[`court${court}`] = slot.id;
    }
    // Changes after publication: a place taken, a session removed from the timetable.
    await t.database.db
      .update(activitySessions)
      .set({ taken: sql`${activitySessions.taken} + 1` })
      .where(eq(activitySessions.id, ids.swim0!));
    await t.database.db.delete(activitySessions).where(eq(activitySessions.id, ids.removed!));
  });

  afterAll(async () => {
    await t?.close();
  });

  async function walk(feed: string): Promise<{ pages: RpdePage[]; headers: Headers[] }> {
    const pages: RpdePage[] = [];
    const headers: Headers[] = [];
    let url = `${origin}/openactive/feeds/${feed}`;
    for (let guard = 0; guard < 100; guard += 1) {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      const page = (await response.json()) as RpdePage;
      pages.push(page);
      headers.push(response.headers);
      if (page.next === url) return { pages, headers };
      url = page.next;
    }
    throw new Error(`${feed} never reached its last page`);
  }

  it.each(feedNames)('%s passes the RPDE validator with no errors', async (feed) => {
    const findings = await rpdeFindings(`${origin}/openactive/feeds/${feed}`);
    expect(failures(findings)).toEqual([]);
    // What is left are warnings: pages under 500 items (this test's page size is 3) and, in feeds
    // where nothing has been deleted yet, "no deleted items seen".
    for (const finding of findings) expect(['warning', 'suggestion', 'notice']).toContain(finding.severity);
  });

  it.each(feedNames)("%s items pass OpenActive's data model validator with no errors", async (feed) => {
    const { pages } = await walk(feed);
    const items = pages.flatMap((page) => page.items);
    expect(items.length).toBeGreaterThan(0);
    const findings = await modelFindings(items);
    expect(failures(findings)).toEqual([]);
    // Every activity named is the list's, by id and by label (a wrong label is only a warning).
    expect(findings.filter((finding) => finding.type === 'activity_not_in_activity_list')).toEqual([]);
  });

  it('orders every page by (modified, id), links each to the next and ends on a page that names itself', async () => {
    const { pages, headers } = await walk('scheduled-sessions');
    expect(pages.length).toBeGreaterThan(2);
    const items = pages.flatMap((page) => page.items);
    const keys = items.map((item) => [item.modified, item.id] as const);
    for (let i = 1; i < keys.length; i += 1) {
      const [m0, id0] = keys[i - 1]!;
      const [m1, id1] = keys[i]!;
      expect(m1 > m0 || (m1 === m0 && id1 > id0)).toBe(true);
    }
    for (const page of pages.slice(0, -1)) {
      expect(page.items.length).toBeLessThanOrEqual(pageSize);
      const last = page.items.at(-1)!;
      expect(page.next).toBe(
        `${origin}/openactive/feeds/scheduled-sessions?afterTimestamp=${last.modified}&afterId=${last.id}`,
      );
      expect(page.license).toBe('https://creativecommons.org/licenses/by/4.0/');
    }
    expect(pages.at(-1)!.items).toEqual([]);
    expect(headers.slice(0, -1).every((h) => h.get('cache-control') === 'public, max-age=3600')).toBe(true);
    expect(headers.at(-1)!.get('cache-control')).toBe('public, max-age=8');
    expect(headers.at(-1)!.get('content-type')).toMatch(/^application\/json/);
  });

  it('keeps remainingAttendeeCapacity current: a place taken republishes the session at the end of the feed', async () => {
    const before = (await walk('scheduled-sessions')).pages.flatMap((page) => page.items);
    const lastPageUrl = (await walk('scheduled-sessions')).pages.at(-1)!.next;
    const swim1 = before.find((item) => item.id === ids.swim1)!;
    expect(swim1.data).toMatchObject({ maximumAttendeeCapacity: 30, remainingAttendeeCapacity: 30 });
    const swim0 = before.find((item) => item.id === ids.swim0)!;
    expect(swim0.data).toMatchObject({ remainingAttendeeCapacity: 29 });

    await t.database.db.update(activitySessions).set({ taken: 4 }).where(eq(activitySessions.id, ids.swim1!));
    // A reader polling the last page sees only the change.
    const polled = (await (await fetch(lastPageUrl)).json()) as RpdePage;
    expect(polled.items.map((item) => item.id)).toEqual([ids.swim1]);
    expect(polled.items[0]!.modified).toBeGreaterThan(swim1.modified);
    expect(polled.items[0]!.data).toMatchObject({ remainingAttendeeCapacity: 26 });
  });

  it('publishes a cancelled session as cancelled and a removed one as deleted', async () => {
    const items = (await walk('scheduled-sessions')).pages.flatMap((page) => page.items);
    const cancelled = items.find((item) => item.id === ids.cancelled)!;
    expect(cancelled.state).toBe('updated');
    expect(cancelled.data).toMatchObject({
      eventStatus: 'https://schema.org/EventCancelled',
      remainingAttendeeCapacity: 0,
    });
    const removed = items.filter((item) => item.id === ids.removed);
    expect(removed).toEqual([
      { state: 'deleted', kind: 'ScheduledSession', id: ids.removed, modified: expect.any(Number) },
    ]);
  });

  it('links sessions to their series and slots to their facility use, with absolute URLs from the configured origin', async () => {
    const series = (await walk('session-series')).pages.flatMap((page) => page.items);
    const swimSeries = series.find((item) => item.data?.name === 'Lane swim')!;
    expect(swimSeries.data).toMatchObject({
      '@type': 'SessionSeries',
      '@id': `${origin}/openactive/session-series/${swimSeries.id}`,
      ageRange: { minValue: 8 },
      location: { '@type': 'Place', name: 'Castlefield Leisure Centre' },
    });
    const offers = swimSeries.data!.offers as { identifier: string; price: number; priceCurrency: string }[];
    expect(offers.map((offer) => [offer.identifier, offer.price])).toEqual([
      ['adult', 5.5],
      ['junior', 3],
      ['concession', 3.5],
      ['member', 0],
    ]);
    const sessions = (await walk('scheduled-sessions')).pages.flatMap((page) => page.items);
    expect(sessions.find((item) => item.id === ids.swim2)!.data!.superEvent).toBe(swimSeries.data!['@id']);

    const slots = (await walk('slots')).pages.flatMap((page) => page.items);
    const court1 = slots.find((item) => item.id === ids.court1)!;
    expect(court1.data).toMatchObject({
      '@type': 'Slot',
      remainingUses: 1,
      maximumUses: 1,
      duration: 'PT1H',
    });
    const uses = (await walk('facility-uses')).pages.flatMap((page) => page.items);
    expect(uses.map((item) => item.data?.['@id'])).toContain(court1.data!.facilityUse);

    // The Host header a caller sends changes nothing in the links.
    const spoofed = await t.app.inject({
      method: 'GET',
      url: '/openactive/feeds/slots',
      headers: { host: 'evil.example' },
    });
    expect((spoofed.json() as RpdePage).next.startsWith(`${origin}/openactive/feeds/slots`)).toBe(true);
  });

  it('moves a series and its sessions to come to the end of their feeds when its prices change, and only then', async () => {
    const yoga = await createActivity(t, { name: 'Yoga flow', prices: { adult: 700 } });
    const { location } = await createLocation(t, { kind: 'studio', name: 'Studio 3' });
    const coming = await createSession(t, yoga, { locationId: location.id });
    const over = await createSession(t, yoga, {
      locationId: location.id,
      startsAt: new Date(Date.now() - 3 * 3_600_000),
    });
    await t.database.db.insert(activitySchedules).values({
      key: `yoga-${location.id}`,
      activityId: yoga.activity.id,
      locationId: location.id,
      weekday: 5,
      startTime: '12:15',
      durationMinutes: 60,
      capacity: 16,
    });
    const lastPage = (await walk('session-series')).pages.at(-1)!.next;
    const lastSessionsPage = (await walk('scheduled-sessions')).pages.at(-1)!.next;
    const itemsAt = async (url: string) => ((await (await fetch(url)).json()) as RpdePage).items;
    const adultPrice = (item: RpdePage['items'][number]) =>
      (item.data?.offers as { identifier: string; price: number }[]).find((o) => o.identifier === 'adult')!
        .price;
    await t.database.db.execute(
      sql`UPDATE activity_prices SET price_pence = price_pence WHERE id = ${yoga.price('adult').id}`,
    );
    expect(await itemsAt(lastPage)).toEqual([]);
    expect(await itemsAt(lastSessionsPage)).toEqual([]);
    await t.database.db.execute(
      sql`UPDATE activity_prices SET price_pence = 750 WHERE id = ${yoga.price('adult').id}`,
    );
    const changed = await itemsAt(lastPage);
    expect(changed.map((item) => [item.data?.name, adultPrice(item)])).toEqual([['Yoga flow', 7.5]]);
    // The sessions carry the prices as offers too: the one still to come is republished, the one
    // that is over is left as it was.
    const sessions = await itemsAt(lastSessionsPage);
    expect(sessions.map((item) => [item.id, adultPrice(item)])).toEqual([[coming.id, 7.5]]);
    expect(sessions.map((item) => item.id)).not.toContain(over.id);
  });

  it('names the Activity List concept the catalogue gives, where the name matcher finds none', async () => {
    const pilates = await createActivity(t, { name: 'Reformer pilates', prices: { adult: 900 } });
    const { location } = await createLocation(t, { kind: 'studio', name: 'Studio 4' });
    await createSession(t, pilates, { locationId: location.id });
    await t.database.db.insert(activitySchedules).values({
      key: `pilates-${location.id}`,
      activityId: pilates.activity.id,
      locationId: location.id,
      weekday: 2,
      startTime: '09:30',
      durationMinutes: 50,
      capacity: 8,
    });
    const seriesOf = async () =>
      (await walk('session-series')).pages
        .flatMap((page) => page.items)
        .filter((item) => item.data?.name === 'Reformer pilates')
        .at(-1)!;
    expect((await seriesOf()).data?.activity).toBeUndefined();
    const concept = 'https://openactive.io/activity-list#3a6b1c08-7aa6-48d4-9690-dca9e0133057';
    await t.database.db.execute(
      sql`UPDATE activities SET openactive_activity_id = ${concept}, openactive_activity_label = 'Pilates'
           WHERE id = ${pilates.activity.id}`,
    );
    expect((await seriesOf()).data?.activity).toEqual([
      expect.objectContaining({ '@type': 'Concept', '@id': concept, prefLabel: 'Pilates' }),
    ]);
  });

  it('publishes a withdrawn activity as deleted and a venue change as a new version of its series', async () => {
    const climbing = await createActivity(t, { name: 'Climbing taster' });
    const taster = await createSession(t, climbing);
    const lastPage = (await walk('session-series')).pages.at(-1)!.next;
    const lastSessionsPage = (await walk('scheduled-sessions')).pages.at(-1)!.next;
    await t.database.db.execute(sql`UPDATE activities SET active = false WHERE id = ${climbing.activity.id}`);
    const gone = ((await (await fetch(lastSessionsPage)).json()) as RpdePage).items;
    expect(gone).toEqual([
      { state: 'deleted', kind: 'ScheduledSession', id: taster.id, modified: expect.any(Number) },
    ]);
    const withdrawn = ((await (await fetch(lastPage)).json()) as RpdePage).items;
    expect(withdrawn).toEqual([
      { state: 'deleted', kind: 'SessionSeries', id: expect.any(Number), modified: expect.any(Number) },
    ]);

    const next = ((await (await fetch(lastPage)).json()) as RpdePage).next;
    await t.database.db.execute(
      sql`UPDATE venues SET address2 = 'Rear entrance' WHERE slug = 'castlefield-leisure-centre'`,
    );
    const moved = ((await (await fetch(next)).json()) as RpdePage).items;
    expect(moved.length).toBeGreaterThan(0);
    expect(
      moved.filter((item) => item.data).every((item) => JSON.stringify(item.data).includes('Rear entrance')),
    ).toBe(true);
  });

  it('refuses a bad position or an unknown feed with a clear 4xx', async () => {
    const only = await t.app.inject({ method: 'GET', url: '/openactive/feeds/slots?afterTimestamp=5' });
    expect(only.statusCode).toBe(422);
    expect(only.body).toContain('afterTimestamp and afterId go together');
    const word = await t.app.inject({
      method: 'GET',
      url: '/openactive/feeds/slots?afterTimestamp=abc&afterId=1',
    });
    expect(word.statusCode).toBe(422);
    const unknown = await t.app.inject({ method: 'GET', url: '/openactive/feeds/orders' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      message: expect.stringContaining('There is no OpenActive feed called "orders"'),
    });
  });

  it('has a dataset page whose Dataset JSON-LD links the four feeds', async () => {
    const response = await fetch(`${origin}/openactive`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    const dataset = JSON.parse(json!) as { '@type': string; distribution: { contentUrl: string }[] };
    expect(dataset['@type']).toBe('Dataset');
    expect(failures(await datasetFindings(dataset))).toEqual([]);
    expect(dataset).toMatchObject({
      discussionUrl: 'https://github.com/example-leisure/opendata/issues',
      publisher: { name: 'Brightwater Leisure', logo: { url: `${origin}/logos/brightwater.svg` } },
    });
    expect(dataset.distribution.map((d) => d.contentUrl)).toEqual(
      feedNames.map((feed) => `${origin}/openactive/feeds/${feed}`),
    );
    for (const feed of feedNames) expect(html).toContain(`href="${origin}/openactive/feeds/${feed}"`);
  });
});
