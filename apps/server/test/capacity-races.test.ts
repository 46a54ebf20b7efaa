import type { CartBookingItem } from '@lido/contracts/activities';
import type { Cart } from '@lido/contracts/cart';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartBookingLines } from '../src/db/schema.ts';
import { createActivity, createSession, sessionCounts } from './support/activity-factories.ts';
import { apiClient } from './support/api.ts';
import { capacityMismatches } from './support/capacity-invariant.ts';
import { createCustomer, type TestCustomer } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const bookingLines = (cart: Cart | undefined) =>
  (cart?.items ?? []).filter((item): item is CartBookingItem => item.type === 'booking');

/** Issue 17 item 9 and the basket's attack list: capacity is never oversold, whatever arrives at once. */
describe('capacity under concurrent basket calls (issue 17 item 9)', () => {
  let t: TestApp;
  const api = apiClient(() => t);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const customersMade = async (count: number) => {
    const made: TestCustomer[] = [];
    for (let index = 0; index < count; index += 1) made.push(await createCustomer(t));
    return made;
  };
  const statuses = (answers: { status: number }[]) =>
    answers.reduce<Record<number, number>>((counts, answer) => {
      counts[answer.status] = (counts[answer.status] ?? 0) + 1;
      return counts;
    }, {});

  it('50 customers at once for the last place: exactly one holds it', async () => {
    const activity = await createActivity(t);
    const session = await createSession(t, activity, { capacity: 1 });
    const crowd = await customersMade(50);
    const answers = await Promise.all(
      crowd.map((customer) => api.as(customer).book(session.id, activity.price('adult').id)),
    );
    expect(statuses(answers)).toEqual({ 200: 1, 422: 49 });
    const refused = answers.filter((answer) => answer.status === 422);
    expect(new Set(refused.map((answer) => answer.message))).toEqual(new Set(['This session is full.']));
    const [line] = await t.database.db
      .select()
      .from(cartBookingLines)
      .where(eq(cartBookingLines.sessionId, session.id));
    expect(line).toBeDefined();
    expect(await t.database.db.$count(cartBookingLines, eq(cartBookingLines.sessionId, session.id))).toBe(1);
    expect(await sessionCounts(t, session.id)).toEqual({ capacity: 1, taken: 1 });
    expect(await capacityMismatches(t)).toEqual([]);
  });

  it('20 quantity changes at once, on one line and across baskets, never pass capacity', async () => {
    const activity = await createActivity(t);
    const session = await createSession(t, activity, { capacity: 10 });
    const price = activity.price('adult').id;
    const [owner, ...others] = await customersMade(5);
    const lineOf = async (customer: TestCustomer) =>
      bookingLines((await api.as(customer).book(session.id, price)).data)[0]!.id;
    const ownerLine = await lineOf(owner!);
    const otherLines = await Promise.all(
      others.map(async (customer) => [customer, await lineOf(customer)] as const),
    );
    // 12 changes to the owner's line and 8 to the others', each asking for 1 to 6 places.
    const changes = [
      ...Array.from(
        { length: 12 },
        (_, index) => () => api.as(owner!).updateCartItem(ownerLine, { quantity: (index % 6) + 1 }),
      ),
      ...Array.from({ length: 8 }, (_, index) => () => {
        const [customer, line] = otherLines[index % otherLines.length]!;
        return api.as(customer).updateCartItem(line, { quantity: (index % 3) + 2 });
      }),
    ];
    const answers = await Promise.all(changes.map((change) => change()));
    expect(answers.every((answer) => answer.status === 200 || answer.status === 422)).toBe(true);
    const counts = await sessionCounts(t, session.id);
    expect(counts.taken).toBeLessThanOrEqual(10);
    expect(await capacityMismatches(t)).toEqual([]);
  });

  it('a place held in one basket cannot be added from another', async () => {
    const activity = await createActivity(t);
    const session = await createSession(t, activity, { capacity: 2 });
    const [first, second] = await customersMade(2);
    expect((await api.as(first!).book(session.id, activity.price('adult').id, 2)).status).toBe(200);
    const refused = await api.as(second!).book(session.id, activity.price('adult').id);
    expect({ status: refused.status, message: refused.message }).toEqual({
      status: 422,
      message: 'This session is full.',
    });
    expect(bookingLines((await api.as(second!).cart()).data)).toEqual([]);
    expect(await capacityMismatches(t)).toEqual([]);
  });

  it('expiry racing quantity changes and removals gives every place back exactly once', async () => {
    const activity = await createActivity(t);
    const session = await createSession(t, activity, { capacity: 40 });
    const crowd = await customersMade(10);
    const lines = await Promise.all(
      crowd.map(async (customer) => {
        const cart = (await api.as(customer).book(session.id, activity.price('adult').id, 2)).data;
        return { customer, lineId: bookingLines(cart)[0]!.id };
      }),
    );
    await t.database.db.execute(sql`UPDATE cart_booking_lines SET held_until = now() - interval '1 second'
      WHERE session_id = ${session.id}`);
    const calls = lines.flatMap(({ customer, lineId }, index) => [
      () => t.services().cart.releaseExpired(),
      () =>
        index % 2 === 0
          ? api.as(customer).updateCartItem(lineId, { quantity: 4 })
          : api.as(customer).removeFromCart([lineId]),
    ]);
    const answers = await Promise.all(calls.map((call) => call()));
    for (const answer of answers)
      if (typeof answer === 'object') expect([200, 404, 422]).toContain(answer.status);
    expect(await sessionCounts(t, session.id)).toEqual({ capacity: 40, taken: 0 });
    expect(await capacityMismatches(t)).toEqual([]);
  });

  it('the same add sent 50 times at once by one customer holds one line of one place', async () => {
    const activity = await createActivity(t);
    const session = await createSession(t, activity, { capacity: 30 });
    const [customer] = await customersMade(1);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => api.as(customer!).book(session.id, activity.price('adult').id)),
    );
    expect(statuses(answers)).toEqual({ 200: 1, 422: 49 });
    const cart = (await api.as(customer!).cart()).data;
    expect(bookingLines(cart).map((line) => line.options.quantity)).toEqual([1]);
    expect(await sessionCounts(t, session.id)).toEqual({ capacity: 30, taken: 1 });
    expect(await capacityMismatches(t)).toEqual([]);
  });

  it('refuses junk options, NUL bytes and other customers’ lines with a 4xx, changing nothing', async () => {
    const activity = await createActivity(t);
    const session = await createSession(t, activity, { capacity: 5 });
    const price = activity.price('adult').id;
    const [owner, intruder] = await customersMade(2);
    const ownerLine = bookingLines((await api.as(owner!).book(session.id, price)).data)[0]!.id;
    await api.as(intruder!).book(session.id, price);
    const before = {
      owner: (await api.as(owner!).cart()).data,
      counts: await sessionCounts(t, session.id),
    };
    const add = (item: object) => api.as(intruder!).post<Cart>('/api/cart/add', { items: [item] });
    const attempts = [
      add({ id: session.id, type: 'booking', pricing_option_id: price, options: { quantity: '1\u0000' } }),
      add({
        id: session.id,
        type: 'booking',
        pricing_option_id: price,
        options: { quantity: { a: { b: [1] } } },
      }),
      add({ id: session.id, type: 'booking', pricing_option_id: price, options: { quantity: 1, price: 0 } }),
      add({ id: `${session.id}\u0000`, type: 'booking', pricing_option_id: price }),
      add({ id: session.id, type: 'booking', pricing_option_id: price, price: 1 }),
      add({ id: session.id, type: 'booking', pricing_option_id: price, options: { quantity: -1 } }),
      add({ id: session.id, type: 'booking', pricing_option_id: price, options: { quantity: 1e9 } }),
      api.as(intruder!).put<Cart>(`/api/cart/${ownerLine}`, { options: { quantity: 5 } }),
      api.as(intruder!).put<Cart>(`/api/cart/%3${String(ownerLine).split('').join('%3')}`, {
        options: { quantity: 5 },
      }),
      api.as(intruder!).put<Cart>('/api/cart/%00', { options: { quantity: 2 } }),
      api.as(intruder!).post<Cart>('/api/cart/remove', { cart_item_ids: [ownerLine] }),
      api.as(intruder!).post<Cart>('/api/cart/remove', { cart_item_ids: [`${ownerLine}\u0000`] }),
    ];
    const answers = await Promise.all(attempts);
    for (const answer of answers) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.message).toEqual(expect.any(String));
    }
    expect((await api.as(owner!).cart()).data).toEqual(before.owner);
    expect(await sessionCounts(t, session.id)).toEqual(before.counts);
    // The owner's own line, named with a percent-encoded id, is theirs to change.
    const encoded = String(ownerLine)
      .split('')
      .map((digit) => `%3${digit}`)
      .join('');
    const own = await api.as(owner!).put<Cart>(`/api/cart/${encoded}`, { options: { quantity: 2 } });
    expect(own.status).toBe(200);
    expect(await capacityMismatches(t)).toEqual([]);
  });
});
