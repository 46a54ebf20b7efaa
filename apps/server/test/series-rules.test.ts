import fs from 'node:fs';
import type { Cart } from '@lido/contracts/cart';
import type { SeriesSaved } from '@lido/contracts/timetable';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCataloguePath } from '../src/db/seed/seed-demo.ts';
import { createActivitiesRepository } from '../src/modules/activities/index.ts';
import { exportCatalogue } from '../src/modules/catalogue/catalogue-export.ts';
import { parseCatalogue } from '../src/modules/catalogue/catalogue-file.ts';
import { importCatalogue } from '../src/modules/catalogue/catalogue-import.ts';
import { apiClient } from './support/api.ts';
import { createCustomer } from './support/factories.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

const host = siteHost.frontOfHouse;
const origin = `http://${host}`;
/** A Monday noon: a Tuesday 21:00 series' first session is 33 hours away. */
const now = '2026-11-30T12:00:00Z';

/** A late yoga class in the coaching studio (free at 21:00), on a day of its own per test. */
const lateYoga = (key: string, day: string, rules: object = {}) => ({
  key,
  activity: 'yoga',
  venue: 'castlefield-leisure-centre',
  location: 'coaching-studio',
  days: [day],
  times: ['21:00'],
  durationMinutes: 45,
  capacity: 12,
  ...rules,
});

/** Its rules, as the session page words them. */
interface SessionPage {
  ageLimit: string | null;
  waiverRequired: boolean;
  waiverText: string;
  cancellationPolicy: string;
  prices: { id: number; band: string; price: { raw: { amount: number } } }[];
  availability: { status: string; opensAt: string | null };
}

/**
 * Issue 35 item 2, decision 0100: a weekly series sets its own age limits, waiver and cancellation
 * cut-off (the demo's yoga is 16 and over, no waiver, 2 hours), checked by the one schema, applied
 * wherever a session is shown, booked and cancelled, and written back by `catalogue:export`.
 */
describe('a weekly series’ own booking rules', () => {
  let t: TestApp;
  let manager = '';
  const api = apiClient(() => t, siteHost.bookings);

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { host, origin, cookie: manager },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const create = async (series: object) => {
    const response = await call('POST', '/api/staff/timetable/series', { series });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: SeriesSaved }>().data;
  };
  const firstSessionOf = async (key: string) => {
    const [first] = await t.database.query<{ id: number }>(
      `SELECT se.id FROM activity_sessions se JOIN activity_schedules s ON s.id = se.schedule_id
       WHERE split_part(s.key, ':', 1) = $1 ORDER BY se.starts_at LIMIT 1`,
      [key],
    );
    return first!.id;
  };
  /** A booking of a session, made as checkout makes it (the place taken, the booking row). */
  const bookedOn = async (sessionId: number, customerId: number) => {
    await t.database.query('UPDATE activity_sessions SET taken = taken + 1 WHERE id = $1', [sessionId]);
    await t.database.query(
      `INSERT INTO customer_bookings (customer_id, venue_id, activity_name, starts_at, ends_at, status, session_id, location_name)
       SELECT $2, se.venue_id, 'Yoga', se.starts_at, se.ends_at, 'booked', se.id, 'Coaching studio'
       FROM activity_sessions se WHERE se.id = $1`,
      [sessionId, customerId],
    );
  };
  const sessionPage = async (sessionId: number, cookie?: string) => {
    const answer = await api.as(cookie).get<SessionPage>(`/api/activities/sessions/${sessionId}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.data;
  };

  beforeAll(async () => {
    t = await createTestApp({ now });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      headers: { host, origin },
      payload: { username: 'manager', password: 'Pool-Manager-2026!' },
    });
    manager = String(response.headers['set-cookie']).match(/lido_staffToken=[^;]+/)![0];
  });
  afterAll(() => t?.close());

  it('checks the rules with the file’s one schema, in the form’s words, and saves nothing refused', async () => {
    const refused = lateYoga('rules-refused', 'sun', {
      minAge: 30,
      maxAge: 20,
      waiverRequired: true,
      cancellationCutoffMinutes: -5,
    });
    const bad = await call('POST', '/api/staff/timetable/series', { series: refused });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      maxAge: ['Oldest age must not be below the youngest age (minAge).'],
      waiverText: ['Waiver text must be given when a waiver is required (waiverRequired: true).'],
      cancellationCutoffMinutes: ['Cancellation cut-off in minutes must be a whole number from 0 to 10080.'],
    });
    const loneText = await call('POST', '/api/staff/timetable/series', {
      series: lateYoga('rules-refused', 'sun', { waiverText: 'I am fit to exercise.' }),
    });
    expect(loneText.json().errors).toEqual({
      waiverText: ['Waiver text is only given when a waiver is required (waiverRequired: true).'],
    });
    // With the activity's own ages (yoga: 16 and over), a series' own must leave someone an age.
    const nobody = await call('POST', '/api/staff/timetable/series', {
      series: lateYoga('rules-refused', 'sun', { maxAge: 12 }),
    });
    expect(nobody.json().errors).toEqual({
      maxAge: [
        "Oldest age leaves no age to book: the youngest age would be 16 and the oldest 12 (the activity's where the series gives none).",
      ],
    });
    // The file says the same of the same entry.
    const inFile = parseCatalogue(
      fs
        .readFileSync(demoCataloguePath, 'utf8')
        .replace('schedules:\n', `schedules:\n  - ${JSON.stringify(refused)}\n`),
      new Set(['castlefield-leisure-centre']),
    );
    expect(inFile.ok ? [] : inFile.problems.map((problem) => problem.message)).toEqual(
      expect.arrayContaining([
        'must not be below the youngest age (minAge)',
        'must be given when a waiver is required (waiverRequired: true)',
        'must be a whole number from 0 to 10080',
      ]),
    );
    expect(
      await t.database.query("SELECT id FROM activity_schedules WHERE key LIKE 'rules-refused:%'"),
    ).toEqual([]);
  });

  it('gives a session its series’ rules where set and its activity’s where not', async () => {
    const saved = await create(
      lateYoga('rules-young-yoga', 'tue', {
        minAge: 18,
        maxAge: 25,
        waiverRequired: true,
        waiverText: 'I am fit to exercise.',
        cancellationCutoffMinutes: 2880,
      }),
    );
    expect(saved.series.series).toMatchObject({ minAge: 18, maxAge: 25, cancellationCutoffMinutes: 2880 });
    await create(lateYoga('rules-plain-yoga', 'wed'));
    const young = await firstSessionOf('rules-young-yoga');
    const plain = await firstSessionOf('rules-plain-yoga');

    // As a visitor sees it (the shared cached read) and as a customer does (live).
    const customer = await createCustomer(t, { dateOfBirth: '2005-06-01' });
    for (const cookie of [undefined, customer.cookie]) {
      expect(await sessionPage(young, cookie)).toMatchObject({
        ageLimit: 'Ages 18 to 25',
        waiverRequired: true,
        waiverText: 'I am fit to exercise.',
        cancellationPolicy: expect.stringContaining('48 hours'),
      });
      expect(await sessionPage(plain, cookie)).toMatchObject({
        ageLimit: 'Ages 16 and over',
        waiverRequired: false,
        cancellationPolicy: expect.stringContaining('2 hours'),
      });
    }

    // The database's own read, which the cached one stands in for, says the same.
    const [row] = await createActivitiesRepository(t.database.db).sessionGroup(young, null);
    expect(row!.activity).toMatchObject({
      minAge: 18,
      maxAge: 25,
      waiverRequired: true,
      waiverText: 'I am fit to exercise.',
      cancellationCutoffMinutes: 2880,
    });
    const [plainRow] = await createActivitiesRepository(t.database.db).sessionGroup(plain, null);
    expect(plainRow!.activity).toMatchObject({ minAge: 16, maxAge: null, cancellationCutoffMinutes: 120 });

    // Booked: My account's cancel-by time is the series' cut-off (48 hours before), or yoga's (2 hours);
    // the register asks for the series' waiver.
    const booker = await createCustomer(t);
    await bookedOn(young, booker.id);
    await bookedOn(plain, booker.id);
    const mine = await api.as(booker).get<{
      upcoming: {
        sessionId: number;
        startsAt: string;
        cancellation: { allowed: boolean; cancelBefore: string | null };
      }[];
    }>('/api/my-account/bookings');
    const cancelBy = (sessionId: number) => {
      const booking = mine.data.upcoming.find((item) => item.sessionId === sessionId)!;
      return (Date.parse(booking.startsAt) - Date.parse(booking.cancellation.cancelBefore!)) / 60_000;
    };
    expect(cancelBy(young)).toBe(2880);
    expect(cancelBy(plain)).toBe(120);
    expect(mine.data.upcoming.find((item) => item.sessionId === young)!.cancellation.allowed).toBe(false);
    const register = async (sessionId: number) =>
      (await call('GET', `/api/staff/registers/${sessionId}`)).json<{
        data: { entries: { waiver: string }[] };
      }>().data.entries;
    expect((await register(young)).map((entry) => entry.waiver)).toEqual(['missing']);
    expect((await register(plain)).map((entry) => entry.waiver)).toEqual(['not needed']);

    // Booking: the series' ages are checked (a 30-year-old is turned away from the 18 to 25 class,
    // though the activity takes anyone over 16), and its waiver and cut-off reach the basket.
    const older = await createCustomer(t, { dateOfBirth: '1996-01-10' });
    const adultPrice = (await sessionPage(young, older.cookie)).prices.find((p) => p.band === 'adult')!;
    const turnedAway = await api.as(older).book(young, adultPrice.id);
    expect(turnedAway.status).toBe(422);
    expect(JSON.stringify(turnedAway.errors)).toContain('This session is for ages 18 to 25.');
    expect((await api.as(older).book(plain, adultPrice.id)).status).toBe(200);

    const added = await api.as(customer).book(young, adultPrice.id);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const line = (added.data as Cart & { items: { sessionId?: number; id: number }[] }).items as unknown as {
      waiverRequired: boolean;
      waiverText: string;
      warnings: { kind: string }[];
    }[];
    expect(line).toEqual([
      expect.objectContaining({
        waiverRequired: true,
        waiverText: 'I am fit to exercise.',
        // 33 hours before the start is inside the series' 48-hour cut-off (the activity's is 2 hours).
        warnings: [expect.objectContaining({ kind: 'inside_cutoff' })],
      }),
    ]);
  });

  it('prices its activity’s own bands its own way, amount and booking window, where the session is shown and booked', async () => {
    const notYours = await call('POST', '/api/staff/timetable/series', {
      series: lateYoga('rules-refused-prices', 'sun', {
        prices: [{ band: 'junior', pricePence: 300, bookingWindowDays: 5 }],
      }),
    });
    expect(notYours.statusCode).toBe(422);
    expect(notYours.json().errors).toEqual({
      prices: [
        'Prices must be one of the bands "yoga" is priced in (adult, concession, member): a series prices only its activity\'s own bands.',
      ],
    });

    // Friday 4 December at 21:00: yoga's adults book 5 days ahead (open now, Monday); this series' 2 (from Wednesday).
    await create(
      lateYoga('rules-late-window-yoga', 'fri', {
        prices: [{ band: 'adult', pricePence: 1200, bookingWindowDays: 2 }],
      }),
    );
    // Thursday 3 December: a dearer adult place, the window as yoga's.
    await create(
      lateYoga('rules-dear-yoga', 'thu', {
        prices: [{ band: 'adult', pricePence: 1500, bookingWindowDays: 5 }],
      }),
    );
    const later = await firstSessionOf('rules-late-window-yoga');
    const dear = await firstSessionOf('rules-dear-yoga');
    const customer = await createCustomer(t, { dateOfBirth: '1990-04-02' });
    for (const cookie of [undefined, customer.cookie]) {
      const page = await sessionPage(later, cookie);
      const adult = page.prices.find((price) => price.band === 'adult')!;
      const concession = page.prices.find((price) => price.band === 'concession')!;
      expect(adult.price.raw.amount).toBe(1200);
      expect(concession.price.raw.amount).toBe(560);
      const dearAdult = (await sessionPage(dear, cookie)).prices.find((price) => price.band === 'adult')!;
      expect(dearAdult.price.raw.amount).toBe(1500);
    }
    const laterPage = await sessionPage(later, customer.cookie);
    expect(laterPage.availability).toMatchObject({
      status: 'not_yet_open',
      opensAt: '2026-12-02T08:00:00.000Z',
    });
    const [laterRow] = await createActivitiesRepository(t.database.db).sessionGroup(later, null);
    expect(laterRow!.prices.find((price) => price.band === 'adult')).toMatchObject({
      pricePence: 1200,
      bookingWindowDays: 2,
    });

    // The basket: the series' window holds the adult place back; its price is the one charged.
    const adultId = laterPage.prices.find((price) => price.band === 'adult')!.id;
    const early = await api.as(customer).book(later, adultId);
    expect(early.status).toBe(422);
    expect(JSON.stringify(early.errors)).toMatch(/open/i);
    const added = await api.as(customer).book(dear, adultId);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(JSON.stringify(added.data)).toContain('"amount":1500');
    const [line] = await t.database.query<{ unit_price_pence: number; price_id: number }>(
      'SELECT unit_price_pence, price_id FROM cart_booking_lines WHERE session_id = $1',
      [dear],
    );
    // The band's row stays the activity's; the amount is the series'.
    expect(line).toEqual({ unit_price_pence: 1500, price_id: adultId });

    // The OpenActive feed publishes the session's own prices, and publishes it again when they change.
    const feedItem = async (sessionId: number) => {
      const [row] = await t.database.query<{ feed_modified: string | number }>(
        'SELECT feed_modified FROM activity_sessions WHERE id = $1',
        [sessionId],
      );
      const page = await t.app.inject({
        method: 'GET',
        url: `/openactive/feeds/scheduled-sessions?afterTimestamp=${Number(row!.feed_modified) - 1}&afterId=${sessionId}`,
        headers: { host: siteHost.bookings },
      });
      const items = page.json<{
        items: {
          id: number | string;
          modified: number;
          data: { offers: { identifier: string; price: number }[] };
        }[];
      }>().items;
      const item = items.find((candidate) => Number(candidate.id) === sessionId)!;
      return {
        modified: item.modified,
        offers: item.data.offers.map((offer) => [offer.identifier, offer.price]),
      };
    };
    const published = await feedItem(dear);
    expect(published.offers).toEqual([
      ['adult', 15],
      ['concession', 5.6],
      ['member', 0],
    ]);
    // A new price in the catalogue file (as the staff site's save writes it too): only this series' sessions go again.
    const untouched = await feedItem(later);
    const exported = await exportCatalogue(t.database.db, 1);
    const source = exported.ok ? exported.source : '';
    const repriced = source.replace(/(key: rules-dear-yoga[\s\S]*?pricePence: )1500/, '$11600');
    expect(repriced).not.toBe(source);
    expect(await importCatalogue(t.database.db, 1, repriced, { now: new Date(now) })).toMatchObject({
      ok: true,
    });
    const republished = await feedItem(dear);
    expect(republished.modified).toBeGreaterThan(published.modified);
    expect(republished.offers[0]).toEqual(['adult', 16]);
    expect((await feedItem(later)).modified).toBe(untouched.modified);
  });

  it('exports the rules with the series, and importing the export changes nothing', async () => {
    await create(
      lateYoga('rules-exported-yoga', 'sat', {
        minAge: 21,
        waiverRequired: false,
        prices: [{ band: 'member', pricePence: 100, bookingWindowDays: 9 }],
      }),
    );
    const exported = await exportCatalogue(t.database.db, 1);
    const source = exported.ok ? exported.source : '';
    expect(source).toMatch(/key: rules-exported-yoga[\s\S]*?minAge: 21\n\s+waiverRequired: false\n/);
    expect(source).toMatch(
      /key: rules-exported-yoga[\s\S]*?prices:\n\s+- band: member\n\s+pricePence: 100\n\s+bookingWindowDays: 9\n/,
    );
    const tables = ['activity_schedules', 'activity_sessions', 'activities', 'staff_audit_log'];
    const snapshot = async () =>
      Promise.all(tables.map(async (table) => t.database.query(`SELECT * FROM ${table} ORDER BY 1`)));
    const before = await snapshot();
    const result = await importCatalogue(t.database.db, 1, source, { now: new Date(now) });
    expect(result).toMatchObject({ ok: true, sessionsCreated: 0, sessionsDeleted: 0 });
    expect(await snapshot()).toEqual(before);
    const twice = await exportCatalogue(t.database.db, 1);
    expect(twice.ok && twice.source).toBe(source);
  });
});
