import type { CartBookingItem } from '@lido/contracts/activities';
import type { Cart } from '@lido/contracts/cart';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nothingHeldToKeep } from '../src/modules/cart/keep-places.ts';
import { createActivity, createSession, sessionCounts } from './support/activity-factories.ts';
import { apiClient } from './support/api.ts';
import { capacityMismatches } from './support/capacity-invariant.ts';
import { createCustomer } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const bookingLines = (cart: Cart) =>
  cart.items.filter((item): item is CartBookingItem => item.type === 'booking');
const minutesLeft = (line: CartBookingItem) => (Date.parse(line.heldUntil) - Date.now()) / 60_000;

/**
 * Issue 33 item 7, decision 0090: POST /api/cart/keep-places, the basket's "Keep my places for
 * longer". A held line gets another full hold (15 minutes here) from now, at most four holds from
 * when it was added; a lapsed line is released and named, never revived; capacity never moves.
 */
describe('keeping held places longer (issue 33 item 7)', () => {
  let t: TestApp;
  const api = apiClient(() => t);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  async function heldLine(capacity = 3) {
    const customer = await createCustomer(t);
    const activity = await createActivity(t);
    const session = await createSession(t, activity, { capacity });
    const cart = (await api.as(customer).book(session.id, activity.price('adult').id, 2)).data;
    return { customer, session, cartId: cart.cartId! };
  }

  it('holds a place for another full hold from now, without taking another place', async () => {
    const { customer, session, cartId } = await heldLine();
    await t.database.db.execute(
      sql`UPDATE cart_booking_lines SET held_until = now() + interval '90 seconds' WHERE cart_id = ${cartId}`,
    );
    const before = await sessionCounts(t, session.id);
    const kept = await api.as(customer).post<Cart>('/api/cart/keep-places');
    expect(kept.status).toBe(200);
    const [line] = bookingLines(kept.data);
    expect(minutesLeft(line!)).toBeGreaterThan(14);
    expect(minutesLeft(line!)).toBeLessThanOrEqual(15);
    expect(line!.options.quantity).toBe(2);
    expect(await sessionCounts(t, session.id)).toEqual(before);
    expect(await capacityMismatches(t)).toEqual([]);
  });

  it('never holds a place for more than four holds in all', async () => {
    const { customer, cartId } = await heldLine();
    // Added 55 minutes ago: four holds of 15 minutes end 5 minutes from now.
    await t.database.db.execute(
      sql`UPDATE cart_booking_lines SET created_at = now() - interval '55 minutes',
            held_until = now() + interval '1 minute' WHERE cart_id = ${cartId}`,
    );
    const kept = await api.as(customer).post<Cart>('/api/cart/keep-places');
    expect(kept.status).toBe(200);
    const left = minutesLeft(bookingLines(kept.data)[0]!);
    expect(left).toBeGreaterThan(4.5);
    expect(left).toBeLessThanOrEqual(5);
    // Asked again, it stays where it is (never shortened).
    const again = await api.as(customer).post<Cart>('/api/cart/keep-places');
    expect(bookingLines(again.data)[0]!.heldUntil).toBe(bookingLines(kept.data)[0]!.heldUntil);
  });

  it('does not revive a lapsed hold: the place goes back on sale and the answer says so', async () => {
    const { customer, session, cartId } = await heldLine();
    await t.database.db.execute(
      sql`UPDATE cart_booking_lines SET held_until = now() - interval '1 second' WHERE cart_id = ${cartId}`,
    );
    const kept = await api.as(customer).post<Cart>('/api/cart/keep-places');
    expect(kept.status).toBe(200);
    expect(bookingLines(kept.data)).toEqual([]);
    expect(kept.data.expiredItems).toHaveLength(1);
    expect(kept.data.expiredItems![0]!.message).toBe(
      'Your place was held for you for a limited time, which has run out, so it was released. Add the session again if spaces are left.',
    );
    expect(await sessionCounts(t, session.id)).toEqual({ capacity: 3, taken: 0 });
  });

  it('answers 404 without a basket, and 422 when it holds no places', async () => {
    const customer = await createCustomer(t);
    const answer = await api.as(customer).post<Cart>('/api/cart/keep-places');
    expect(answer.status).toBe(404);
    const { customer: other, cartId } = await heldLine();
    await api
      .as(other)
      .removeFromCart(bookingLines((await api.as(other).cart()).data).map((line) => line.id));
    const empty = await api.as(other).post<Cart>('/api/cart/keep-places');
    expect({ status: empty.status, message: empty.message }).toEqual({
      status: 422,
      message: nothingHeldToKeep,
    });
    expect(cartId).toBeGreaterThan(0);
  });
});
