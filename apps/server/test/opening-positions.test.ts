import { sql } from 'drizzle-orm';
import type { QueuePlace } from '@lido/contracts/booking-openings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countBelow, createWaitingPositions } from '../src/modules/booking-openings/waiting-positions.ts';
import { createActivity, tomorrowAt } from './support/activity-factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createTestDatabase } from './support/test-database.ts';
import { bulkCustomerIds } from './support/factories.ts';

// Issue 39 item 3 (decision 0106): a waiting customer's position is answered from each instance's
// read of the waiting tickets, renewed when the queue moves, instead of a count in the database
// on every poll. The apps' clock is moved by hand.

describe('one read of the waiting tickets answers every poll', () => {
  const ticketsOf = (count: number) => Array.from({ length: count }, (_, i) => (i + 1) / (count + 1));

  function fakeReads(state: { tick: number; tickets: number[] }) {
    const log = { reads: 0 };
    const release: (() => void)[] = [];
    const positions = createWaitingPositions({
      freshMs: 2000,
      read: async () => {
        log.reads += 1;
        // What the database holds when the read begins (one statement, one moment).
        const seen = { tick: state.tick, tickets: [...state.tickets] };
        await new Promise<void>((resolve) => release.push(resolve));
        return seen;
      },
    });
    // Lets every read begun so far (and any a poll begins after one) answer.
    const settle = async () => {
      for (let round = 0; round < 5; round += 1) {
        release.splice(0).forEach((resolve) => resolve());
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    return { log, positions, settle };
  }

  it('counts the tickets below by binary search', () => {
    const tickets = Float64Array.from([0.1, 0.2, 0.2, 0.5, 1_800_000_000]);
    expect(
      [0, 0.1, 0.15, 0.2, 0.3, 0.9, 1_800_000_000, 1_900_000_000].map((t) => countBelow(tickets, t)),
    ).toEqual([0, 0, 1, 1, 3, 4, 4, 5]);
    expect(countBelow(new Float64Array(), 0.5)).toBe(0);
  });

  it('shares one read among polls at the same moment, and keeps it while the queue has not moved', async () => {
    const state = { tick: 1000, tickets: ticketsOf(500) };
    const { log, positions, settle } = fakeReads(state);
    const asked = Promise.all(state.tickets.map((ticket) => positions.ahead(7, 1000, ticket, 5000)));
    await settle();
    expect(await asked).toEqual(state.tickets.map((_, i) => i));
    expect(log.reads).toBe(1);
    // Within the window and with no tick since, nothing is read again.
    const again = positions.ahead(7, 1000, state.tickets[9]!, 6999);
    await settle();
    expect(await again).toBe(9);
    expect(log.reads).toBe(1);
    // Another opening has a read of its own.
    const other = positions.ahead(8, 1000, 0.5, 6999);
    await settle();
    await other;
    expect(log.reads).toBe(2);
  });

  it('reads again once the queue has moved (a later tick) or the read is the window old', async () => {
    const state = { tick: 1000, tickets: ticketsOf(100) };
    const { log, positions, settle } = fakeReads(state);
    const last = state.tickets[99]!;
    let asked = positions.ahead(7, 1000, last, 5000);
    await settle();
    expect(await asked).toBe(99);
    // A tick lets the first ten in; a poll that has read that tick is answered after it.
    state.tickets = state.tickets.slice(10);
    state.tick = 2000;
    asked = positions.ahead(7, 2000, last, 5100);
    await settle();
    expect(await asked).toBe(89);
    expect(log.reads).toBe(2);
    // Two seconds on, with no tick, it is read again all the same (late arrivals join the back).
    asked = positions.ahead(7, 2000, last, 7100);
    await settle();
    await asked;
    expect(log.reads).toBe(3);
    // A clock that went back is not trusted with the read kept.
    asked = positions.ahead(7, 2000, last, 4000);
    await settle();
    await asked;
    expect(log.reads).toBe(4);
  });

  it('does not answer from a read begun before the tick the poll saw, even one still under way', async () => {
    const state = { tick: 1000, tickets: ticketsOf(100) };
    const { log, positions, settle } = fakeReads(state);
    const last = state.tickets[99]!;
    const early = positions.ahead(7, 1000, last, 5000);
    // While that read is under way, a tick lets ten in and another poll reads that tick.
    state.tickets = state.tickets.slice(10);
    state.tick = 2000;
    const late = positions.ahead(7, 2000, last, 5000);
    await settle();
    expect(await early).toBe(99);
    expect(await late).toBe(89);
    expect(log.reads).toBe(2);
  });

  it('forgets a failed read, so the next poll reads again', async () => {
    let fail = true;
    let reads = 0;
    const positions = createWaitingPositions({
      freshMs: 2000,
      read: () => {
        reads += 1;
        return fail
          ? Promise.reject(new Error('connection lost'))
          : Promise.resolve({ tick: 1, tickets: [0.5] });
      },
    });
    await expect(positions.ahead(7, 1, 0.9, 100)).rejects.toThrow('connection lost');
    fail = false;
    expect(await positions.ahead(7, 1, 0.9, 100)).toBe(1);
    expect(reads).toBe(2);
  });
});

describe('positions in the waiting room, on two instances', () => {
  let clock = new Date();
  const at = (offsetSeconds: number, from: Date) => new Date(from.getTime() + offsetSeconds * 1000);
  const statements: string[] = [];
  const ticketReads = () => statements.filter((text) => /ARRAY\s*\(\s*SELECT ticket/i.test(text)).length;
  let t: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    const database = await createTestDatabase({ logQuery: (text) => statements.push(text) });
    t = await createTestApp({ now: () => clock, database });
    second = await createTestApp({ now: () => clock, database, seed: false });
  });
  afterAll(async () => {
    await second.app.close();
    await t.close();
  });

  const customerIds = (count: number) => bulkCustomerIds(t, count, 'place');

  /** An opening of a new activity's sessions, its waiting room open from 15 minutes before. */
  async function announce(opensAt: Date) {
    const activity = await createActivity(t, { name: 'Opening-day aqua' });
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(tomorrowAt(18));
    return t.services().bookingOpenings.announce({
      name: 'Aqua, next week',
      lobbyOpensAt: at(-900, opensAt),
      opensAt,
      gateEndsAt: at(3600, opensAt),
      activityId: activity.activity.id,
      venueId: null,
      sessionsFrom: day,
      sessionsTo: day,
    });
  }

  /** Everyone joins a minute before the opening and is seen ten seconds before it. */
  async function queueOf(count: number, opensAt: Date) {
    const opening = await announce(opensAt);
    const ids = await customerIds(count);
    clock = at(-60, opensAt);
    for (const id of ids) await t.services().bookingOpenings.join(id, opening.id);
    clock = at(-10, opensAt);
    for (const id of ids) await t.services().bookingOpenings.place(id, opening.id);
    return { opening, ids };
  }

  it('answers N polls within the window with one read of the tickets per instance, and one statement each', async () => {
    const opensAt = at(3600, new Date());
    const { opening, ids } = await queueOf(60, opensAt);
    // The first poll after the opening ticks (5 a second: two let in) on the first instance, and
    // counts the places left for the next two seconds' polls (decision 0098).
    const reads = ticketReads();
    clock = at(0.4, opensAt);
    await t.services().bookingOpenings.place(ids[0]!, opening.id);
    clock = at(0.5, opensAt);
    const before = statements.length;
    const onFirst = await Promise.all(ids.map((id) => t.services().bookingOpenings.place(id, opening.id)));
    // One read of the tickets for all of them, and one statement each (the opening and the
    // customer's own row): no count of the queue per poll.
    expect(ticketReads() - reads).toBe(1);
    const ticketReadsNow = statements
      .slice(before)
      .filter((text) => /ARRAY\s*\(\s*SELECT ticket/i.test(text));
    expect(statements.length - before - ticketReadsNow.length).toBe(ids.length);
    clock = at(0.6, opensAt);
    const onSecond = await Promise.all(
      ids.map((id) => second.services().bookingOpenings.place(id, opening.id)),
    );
    expect(ticketReads() - reads).toBe(2);
    // Both instances tell each customer the same place, and the places run 1.. with none shared.
    expect(onSecond.map((place) => place.position)).toEqual(onFirst.map((place) => place.position));
    const waiting = onFirst.filter((place) => place.status === 'waiting').map((place) => place.position!);
    expect(waiting.length).toBeGreaterThan(50);
    expect([...waiting].sort((a, b) => a - b)).toEqual(waiting.map((_, i) => i + 1));
    // The answers agree with a count in the database.
    const { rows } = (await t.database.db.execute(sql`
      SELECT e.customer_id AS id, (SELECT count(*)::int FROM opening_queue_entries w
        WHERE w.opening_id = e.opening_id AND w.admitted_at IS NULL AND w.ticket < e.ticket) + 1 AS position
        FROM opening_queue_entries e WHERE e.opening_id = ${opening.id} AND e.admitted_at IS NULL`)) as {
      rows: { id: number; position: number }[];
    };
    for (const row of rows) expect(onFirst[ids.indexOf(row.id)]!.position).toBe(row.position);
  });

  it('shows a customer let in on their next poll, and moves everyone behind up at once, whichever instance ticked', async () => {
    const opensAt = at(7200, new Date());
    const { opening, ids } = await queueOf(30, opensAt);
    clock = at(0.2, opensAt);
    const first = await Promise.all(ids.map((id) => t.services().bookingOpenings.place(id, opening.id)));
    const next = ids[first.findIndex((place) => place.position === 1)]!;
    // The second instance ticks a second later and lets the next five in; the first instance's
    // read of the tickets is not yet the window old, but the queue has moved since it.
    clock = at(1.3, opensAt);
    await second.services().bookingOpenings.place(ids[0]!, opening.id);
    const reads = ticketReads();
    expect((await t.services().bookingOpenings.place(next, opening.id)).status).toBe('admitted');
    const after = await Promise.all(ids.map((id) => t.services().bookingOpenings.place(id, opening.id)));
    expect(ticketReads() - reads).toBe(1);
    const stillWaiting = after.filter((place) => place.status === 'waiting');
    expect(stillWaiting).toHaveLength(30 - 1 - 5);
    expect(stillWaiting.map((place) => place.position).sort((a, b) => a! - b!)).toEqual(
      stillWaiting.map((_, i) => i + 1),
    );
  });

  it('never moves a waiting customer back, whichever instance each poll reaches', async () => {
    const opensAt = at(10_800, new Date());
    const { opening, ids } = await queueOf(40, opensAt);
    const shown = new Map<number, number[]>();
    const late = await customerIds(10);
    const record = (asking: number[], answers: QueuePlace[]) =>
      answers.forEach((place, i) => {
        if (place.status !== 'waiting') return;
        shown.set(asking[i]!, [...(shown.get(asking[i]!) ?? []), place.position!]);
      });
    const askAll = async (via: TestApp, offset: number) => {
      clock = at(offset, opensAt);
      record(ids, await Promise.all(ids.map((id) => via.services().bookingOpenings.place(id, opening.id))));
    };
    // Everyone asks the first instance just after the opening, the second a second later (it
    // ticks, letting more in), then the first again, whose read of the tickets is still young.
    await askAll(t, 0.1);
    await askAll(second, 1.2);
    await askAll(t, 1.3);
    // Then twenty seconds: each customer asks every two seconds (an eighth of them each quarter
    // second), each ask to the next instance in turn as a round-robin balancer sends them, and
    // later arrivals join (at the back) as it goes.
    let sent = 0;
    for (let step = 0; step < 80; step += 1) {
      clock = at(1.5 + step * 0.25, opensAt);
      if (step % 8 === 0 && late.length > 0) {
        const id = late.pop()!;
        await second.services().bookingOpenings.join(id, opening.id);
        ids.push(id);
      }
      const asking = ids.filter((_, i) => i % 8 === step % 8);
      record(
        asking,
        await Promise.all(
          asking.map((id) =>
            ((sent += 1) % 2 === 0 ? t : second).services().bookingOpenings.place(id, opening.id),
          ),
        ),
      );
    }
    let moved = 0;
    for (const positions of shown.values()) {
      for (let i = 1; i < positions.length; i += 1)
        expect(positions[i]).toBeLessThanOrEqual(positions[i - 1]!);
      if (positions.length > 1 && positions.at(-1)! < positions[0]!) moved += 1;
    }
    // The queue did move: most of those who waited saw their place fall.
    expect(moved).toBeGreaterThan(shown.size / 2);
  });
});
