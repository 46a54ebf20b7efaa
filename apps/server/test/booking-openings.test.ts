import { sql } from 'drizzle-orm';
import type { QueuePlace } from '@lido/contracts/booking-openings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkAgainSeconds,
  checkBeforeOpening,
  nextRate,
  percentile95,
} from '../src/modules/booking-openings/admission-rate.ts';
import {
  createActivity,
  createSession,
  tomorrowAt,
  type TestActivity,
} from './support/activity-factories.ts';
import { apiClient } from './support/api.ts';
import { createCustomer, type TestCustomer, bulkCustomerIds } from './support/factories.ts';
import { staffLogin } from './support/staff-login.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

// Issue 39 (decision 0094): an announced opening's fair queue. The app's clock is moved by hand, so
// each case stands at a chosen moment before, at and after the opening.

let clock = new Date();
const at = (offsetSeconds: number, from: Date) => new Date(from.getTime() + offsetSeconds * 1000);

let t: TestApp;
let second: TestApp;
let activity: TestActivity;
const api = apiClient(() => t, siteHost.bookings);

const customerIds = (count: number) => bulkCustomerIds(t, count, 'queue');

/** An opening of the test activity's sessions, its waiting room open from `lobby` seconds before. */
async function announce(opensAt: Date, options: { lobby?: number; idleSeconds?: number } = {}) {
  // Each case its own activity, so no two cases' openings gate the same sessions.
  activity = await createActivity(t, { name: 'Opening-day spin' });
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(tomorrowAt(18));
  return t.services().bookingOpenings.announce({
    name: 'Spin, next week',
    lobbyOpensAt: at(-(options.lobby ?? 900), opensAt),
    opensAt,
    gateEndsAt: at(3600, opensAt),
    activityId: activity.activity.id,
    venueId: null,
    sessionsFrom: day,
    sessionsTo: day,
    idleSeconds: options.idleSeconds ?? 180,
  });
}

const pearson = (xs: number[], ys: number[]) => {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const [mx, my] = [mean(xs), mean(ys)];
  let [sxy, sxx, syy] = [0, 0, 0];
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i]! - my);
    sxx += (x - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
};

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  // A second instance of the app on the same database, as behind a load balancer.
  second = await createTestApp({ now: () => clock, database: t.database, seed: false });
});
afterAll(async () => {
  await second.app.close();
  await t.close();
});

describe('an announced opening', () => {
  it('draws everyone there by the opening a random place: arriving earlier gives no advantage', async () => {
    const opensAt = at(600, new Date());
    clock = at(-600, opensAt);
    const opening = await announce(opensAt);
    const { bookingOpenings } = t.services();
    const ids = await customerIds(200);
    // They arrive one a second over the ten minutes before the opening, earliest first.
    for (const [arrival, id] of ids.entries()) {
      clock = at(-600 + arrival * 2.5, opensAt);
      const place = await bookingOpenings.join(id, opening.id);
      expect(place).toMatchObject({ status: 'waiting', position: null });
    }
    clock = at(0.5, opensAt);
    const positions: number[] = [];
    for (const id of ids) positions.push((await bookingOpenings.place(id, opening.id)).position ?? 0);
    // Everyone has a place (the first few may already be let in: position 0 here), no two share one...
    const waiting = positions.filter((position) => position > 0);
    expect(new Set(waiting).size).toBe(waiting.length);
    // ...and the order of arrival says nothing about the order of the queue.
    const arrivals = ids.map((_, arrival) => arrival).filter((_, i) => positions[i]! > 0);
    expect(Math.abs(pearson(arrivals, waiting))).toBeLessThan(0.3);
    // Not arrival order, nor its reverse: a real shuffle.
    expect(waiting).not.toEqual([...waiting].sort((a, b) => a - b));
  });

  it('puts later arrivals at the back, and a refresh or a second tab keeps the place', async () => {
    const opensAt = at(300, new Date());
    clock = at(-120, opensAt);
    const opening = await announce(opensAt);
    const { bookingOpenings } = t.services();
    const [late, ...early] = await customerIds(21);
    for (const id of early) await bookingOpenings.join(id, opening.id);
    // Their pages keep asking while they wait (only people still there are let in).
    clock = at(-5, opensAt);
    for (const id of early) await bookingOpenings.place(id, opening.id);
    clock = at(30, opensAt);
    const latePlace = await bookingOpenings.join(late!, opening.id);
    // Three seconds' worth at 5 a second were let in from the twenty early arrivals, and the late
    // arrival is behind the five still waiting.
    expect(latePlace).toMatchObject({ status: 'waiting', position: 6 });
    const earlyPlaces = await Promise.all(early.map((id) => bookingOpenings.place(id, opening.id)));
    expect(earlyPlaces.filter((place) => place.status === 'admitted')).toHaveLength(15);
    expect(
      earlyPlaces
        .filter((place) => place.status === 'waiting')
        .map((place) => place.position)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5]);
    const again = await bookingOpenings.join(late!, opening.id);
    expect(again.position).toBe(6);
  });

  it('judges a join by when the request arrived, not when a busy server got to it', async () => {
    const opensAt = at(300, new Date());
    clock = at(-60, opensAt);
    const opening = await announce(opensAt);
    const { bookingOpenings } = t.services();
    const [arrivedBefore, arrivedAfter] = await customerIds(2);
    // Both are handled a second after the opening; one of them arrived a moment before it.
    clock = at(1, opensAt);
    await bookingOpenings.join(arrivedBefore!, opening.id, at(-0.2, opensAt));
    await bookingOpenings.join(arrivedAfter!, opening.id);
    const tickets = (await t.database.query<{ customer_id: number; ticket: number }>(
      'SELECT customer_id, ticket FROM opening_queue_entries WHERE opening_id = $1',
      [opening.id],
    )) as { customer_id: number; ticket: number }[];
    const ticketOf = (id: number) => Number(tickets.find((row) => row.customer_id === id)!.ticket);
    // A fair draw in [0, 1) for the one there by the opening; the arrival time for the other.
    expect(ticketOf(arrivedBefore!)).toBeLessThan(1);
    expect(ticketOf(arrivedAfter!)).toBeGreaterThan(1);
  });

  it('gates the basket: not before the opening, then only with the customer’s own admission, which lapses unused', async () => {
    const opensAt = at(900, new Date());
    clock = at(-300, opensAt);
    const opening = await announce(opensAt, { idleSeconds: 60 });
    const session = await createSession(t, activity, { startsAt: tomorrowAt(18), capacity: 10 });
    const adult = activity.price('adult');
    const ana: TestCustomer = await createCustomer(t, { firstName: 'Ana' });
    const ben: TestCustomer = await createCustomer(t, { firstName: 'Ben' });
    const early = await api.as(ana.cookie).book(session.id, adult.id);
    expect(early.status).toBe(409);
    expect(early.message).toMatch(/^Booking opens \w+day \d+ \w+ at \d\d:\d\d\.$/);

    // Ana waits in the room and is let in after the opening; Ben never queued.
    const joined = await api.as(ana.cookie).post<QueuePlace>(`/api/booking-openings/${opening.id}/queue`);
    expect(joined.status).toBe(200);
    expect(joined.data).toMatchObject({ status: 'waiting', position: null });
    // Her page keeps asking while she waits, and once the opening comes.
    clock = at(-10, opensAt);
    expect((await api.as(ana.cookie).get(`/api/booking-openings/${opening.id}/queue`)).status).toBe(200);
    clock = at(2, opensAt);
    const place = await api.as(ana.cookie).get<QueuePlace>(`/api/booking-openings/${opening.id}/queue`);
    expect(place.data).toMatchObject({ status: 'admitted' });

    const refused = await api.as(ben.cookie).book(session.id, adult.id);
    expect(refused.status).toBe(409);
    expect(refused.message).toBe(
      'Booking has just opened and places are given out in turn: join the queue to book.',
    );
    expect((refused.body as { opening?: { id: number } }).opening?.id).toBe(opening.id);
    const notQueued = await api.as(ben.cookie).get(`/api/booking-openings/${opening.id}/queue`);
    expect(notQueued.status).toBe(404);

    const booked = await api.as(ana.cookie).book(session.id, adult.id);
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);

    // Used, the admission moved on; left alone for the idle time, it lapses and the turn passes.
    clock = at(2 + 59, opensAt);
    expect(
      (await api.as(ana.cookie).get<QueuePlace>(`/api/booking-openings/${opening.id}/queue`)).data,
    ).toMatchObject({ status: 'admitted' });
    clock = at(2 + 61, opensAt);
    expect(
      (await api.as(ana.cookie).get<QueuePlace>(`/api/booking-openings/${opening.id}/queue`)).data,
    ).toMatchObject({ status: 'lapsed', admittedUntil: null });
    const other = await createSession(t, activity, { startsAt: tomorrowAt(19), capacity: 10 });
    expect((await api.as(ana.cookie).book(other.id, adult.id)).status).toBe(409);
    // Joining again puts her at the back, waiting.
    const rejoined = await api.as(ana.cookie).post<QueuePlace>(`/api/booking-openings/${opening.id}/queue`);
    expect(rejoined.data?.status).toMatch(/waiting|admitted/);

    // Sessions the opening doesn't name are on ordinary sale.
    const unnamed = await createActivity(t, { name: 'Ordinary yoga' });
    const yoga = await createSession(t, unnamed, { startsAt: tomorrowAt(18) });
    expect((await api.as(ben.cookie).book(yoga.id, unnamed.price('adult').id)).status).toBe(200);
  });

  it('lets the desk book for the person in front of it from the opening, never before, without a turn', async () => {
    const opensAt = at(900, new Date());
    clock = at(-60, opensAt);
    await announce(opensAt);
    const session = await createSession(t, activity, { startsAt: tomorrowAt(18), capacity: 10 });
    const ana = await createCustomer(t, { firstName: 'Ana' });
    const host = siteHost.frontOfHouse;
    const cookie = await staffLogin(t, 'desk', 'Desk-Staff-2026!');
    const deskAdd = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/cart/add?selectedUserId=${ana.id}`,
        headers: { host, origin: `http://${host}`, cookie },
        payload: {
          items: [{ id: session.id, type: 'booking', pricing_option_id: activity.price('adult').id }],
        },
      });
    const early = await deskAdd();
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toMatch(/^Booking opens /);
    clock = at(5, opensAt);
    const atTheCounter = await deskAdd();
    expect(atTheCounter.statusCode, atTheCounter.body).toBe(200);
    // Online, the same customer still needs a turn.
    const online = await api.as(ana.cookie).book(session.id, activity.price('adult').id);
    expect(online.status).toBe(409);
  });

  it('refuses the desk and visitors a place in the queue, and names what is wrong', async () => {
    const opensAt = at(900, new Date());
    clock = at(-1200, opensAt);
    const opening = await announce(opensAt);
    const ana = await createCustomer(t, { firstName: 'Ana' });
    expect((await api.guest.post(`/api/booking-openings/${opening.id}/queue`)).status).toBe(401);
    const early = await api.as(ana.cookie).post(`/api/booking-openings/${opening.id}/queue`);
    expect(early.status).toBe(409);
    expect(early.message).toBe('The waiting room for this opening is not open yet.');
    expect((await api.as(ana.cookie).post('/api/booking-openings/99999999/queue')).status).toBe(404);
    const bad = await api.as(ana.cookie).post('/api/booking-openings/first/queue');
    expect(bad.status).toBe(422);
    const listed =
      await api.guest.get<{ id: number; state: string; opensText: string }[]>('/api/booking-openings');
    expect(listed.data?.find((row) => row.id === opening.id)).toMatchObject({ state: 'announced' });
  });

  it('lets in exactly what the rate allows when two instances tick at once, each customer once', async () => {
    const opensAt = at(600, new Date());
    clock = at(-20, opensAt);
    const opening = await announce(opensAt);
    const ids = await customerIds(40);
    for (const id of ids) await t.services().bookingOpenings.join(id, opening.id);
    // Two seconds after the opening, everyone asks at once, half through each instance.
    clock = at(2, opensAt);
    const ask = () =>
      Promise.all(
        ids.map((id, i) => (i % 2 === 0 ? t : second).services().bookingOpenings.place(id, opening.id)),
      );
    await ask();
    // The starting rate is 5 a second: two seconds let in 10, however many ticks were attempted.
    const { rows } = (await t.database.db.execute(sql`
      SELECT count(*)::int AS n FROM opening_queue_entries WHERE opening_id = ${opening.id} AND admitted_at IS NOT NULL`)) as {
      rows: { n: number }[];
    };
    expect(rows[0]!.n).toBe(10);
    // A poll answered while the tick was committing may say "waiting" once; the next one (the same
    // moment, so no further tick) says what was decided.
    const answers = await ask();
    expect(answers.filter((answer) => answer.status === 'admitted')).toHaveLength(10);
    // Positions of those still waiting run 1..30 with none shared.
    const positions = answers
      .filter((answer) => answer.status === 'waiting')
      .map((answer) => answer.position);
    expect([...positions].sort((a, b) => a! - b!)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });
});

describe('the admission rate', () => {
  it('grows by one while adds are well under 300 ms, halves over it, and holds without evidence', () => {
    expect(nextRate(5, [{ adds: 20, p95Ms: 80 }])).toBe(6);
    expect(
      nextRate(100, [
        { adds: 20, p95Ms: 80 },
        { adds: 30, p95Ms: 420 },
      ]),
    ).toBe(50);
    expect(nextRate(100, [{ adds: 20, p95Ms: 220 }])).toBe(100);
    expect(nextRate(100, [{ adds: 2, p95Ms: 5000 }])).toBe(100);
    expect(nextRate(1, [{ adds: 50, p95Ms: 9000 }])).toBe(1);
    expect(nextRate(500, [{ adds: 50, p95Ms: 10 }])).toBe(500);
  });

  it('asks a waiting page back often when its turn is near, rarely when far off or the places are gone', () => {
    expect([5, 20, 21, 120, 121, 600, 601, 5000].map((estimate) => checkAgainSeconds(estimate, 40))).toEqual([
      2, 2, 5, 5, 15, 15, 30, 30,
    ]);
    expect(checkAgainSeconds(5, 0)).toBe(30);
    // Always within the 45 s that counts a customer as still there.
    expect(checkAgainSeconds(1e9, null)).toBeLessThan(45);
  });

  it('asks a page in the waiting room back every 2 to 15 s, then once just after the opening', () => {
    expect([600, 60, 20].map((until) => checkBeforeOpening(until))).toEqual([15, 15, 5]);
    expect(checkBeforeOpening(10)).toBe(11);
    expect(checkBeforeOpening(0.2)).toBe(1);
  });

  it('reads the 95th percentile by nearest rank', () => {
    expect(percentile95([])).toBe(0);
    expect(percentile95(Array.from({ length: 100 }, (_, i) => i + 1))).toBe(95);
    expect(percentile95([300, 10])).toBe(300);
  });
});
