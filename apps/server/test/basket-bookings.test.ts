import type { CartBookingItem } from '@lido/contracts/activities';
import type { Cart } from '@lido/contracts/cart';
import { todayIn } from '@lido/pricing/calendar-date';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityPrices, cartBookingLines, customers } from '../src/db/schema.ts';
import {
  createActivity,
  createLocation,
  createSession,
  holdPlace,
  sessionCounts,
  tomorrowAt,
  type ActivityOptions,
  type SessionOptions,
} from './support/activity-factories.ts';
import { apiClient } from './support/api.ts';
import { capacityMismatches } from './support/capacity-invariant.ts';
import { basketWith, catalogueAt, createCustomer, heldMembership } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const bookingLines = (cart: Cart) =>
  cart.items.filter((item): item is CartBookingItem => item.type === 'booking');

describe('booking lines in the basket (issue 17 items 3 and 6)', () => {
  let t: TestApp;
  const api = apiClient(() => t);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  /** An activity and one of its sessions. */
  async function sessionOf(activityOptions: ActivityOptions = {}, sessionOptions: SessionOptions = {}) {
    const activity = await createActivity(t, activityOptions);
    const session = await createSession(t, activity, sessionOptions);
    return { activity, session };
  }

  /** The basket and the session's counts before and after a refused call: nothing may change. */
  async function expectRefusal(
    customer: Awaited<ReturnType<typeof createCustomer>>,
    sessionId: number,
    call: () => Promise<{ status: number; message: string | undefined }>,
    status: number,
    message: string,
  ) {
    const before = { cart: (await api.as(customer).cart()).data, counts: await sessionCounts(t, sessionId) };
    const answer = await call();
    expect({ status: answer.status, message: answer.message }).toEqual({ status, message });
    expect((await api.as(customer).cart()).data).toEqual(before.cart);
    expect(await sessionCounts(t, sessionId)).toEqual(before.counts);
  }

  it('never sells a retired price band, while a basket already holding it can still give places back', async () => {
    const holder = await createCustomer(t);
    const latecomer = await createCustomer(t);
    const { activity, session } = await sessionOf({}, { capacity: 10 });
    const adult = activity.price('adult');
    const held = await api.as(holder).book(session.id, adult.id, 2);
    expect(held.status).toBe(200);
    // What a catalogue import does to a band that left the file while a basket names it.
    await t.database.db.update(activityPrices).set({ retired: true }).where(eq(activityPrices.id, adult.id));

    await expectRefusal(
      latecomer,
      session.id,
      () => api.as(latecomer).book(session.id, adult.id, 1),
      422,
      'This price is not available for this session.',
    );
    const [line] = bookingLines(held.data);
    const fewer = await api.as(holder).updateCartItem(line!.id, { quantity: 1 });
    expect(fewer.status).toBe(200);
    expect(bookingLines(fewer.data)[0]?.options.quantity).toBe(1);
    const more = await api.as(holder).updateCartItem(line!.id, { quantity: 3 });
    expect(more.status).toBe(422);
  });

  it('holds a place priced by the server and shows when, where, who teaches, the band and the hold', async () => {
    const customer = await createCustomer(t);
    const { activity, session } = await sessionOf(
      { name: 'Spin', waiverRequired: true, waiverText: 'I ride at my own risk.' },
      { capacity: 10, startsAt: new Date('2026-12-01T18:00:00Z'), durationMinutes: 45 },
    );
    // Far enough ahead that the adult window is not yet open: open it for this test.
    await t.database.db.execute(
      sql`UPDATE activity_prices SET booking_window_days = 30 WHERE activity_id = ${activity.activity.id}`,
    );
    const added = await api.as(customer).book(session.id, activity.price('adult').id, 2);
    expect(added.status).toBe(200);
    const [line] = bookingLines(added.data);
    expect(line).toMatchObject({
      type: 'booking',
      objectId: session.id,
      pricingOptionId: activity.price('adult').id,
      purchasedForUserId: customer.id,
      name: 'Spin',
      options: { quantity: 2 },
      session: { id: session.id, when: 'Tue 1 Dec 2026, 18:00 to 18:45', instructor: 'Sam Rivers' },
      priceBand: { band: 'adult', label: 'Adult' },
      unitPrice: { formatted: '£6.50' },
      price: { formatted: '£13.00', raw: { amount: 1300, currency: 'GBP' } },
      waiverRequired: true,
      waiverText: 'I ride at my own risk.',
      sortBy: 1,
    });
    expect(line!.session.location).toBe('Studio 1');
    const heldFor = Date.parse(line!.heldUntil) - Date.now();
    expect(heldFor).toBeGreaterThan(14 * 60_000);
    expect(heldFor).toBeLessThanOrEqual(15 * 60_000 + 5_000);
    expect(added.data.totals).toMatchObject({ total: 1300, itemCount: 1, formattedTotal: '£13.00' });
    expect(added.data.attendeeWaiversRequired).toBe(true);
    expect(added.data.expiredItems).toEqual([]);
    expect(await sessionCounts(t, session.id)).toEqual({ capacity: 10, taken: 2 });
    expect(await capacityMismatches(t)).toEqual([]);
  });

  it('lists bookings and memberships together in the order they were added, in one total', async () => {
    const customer = await createCustomer(t);
    const { activity, session } = await sessionOf();
    await api.as(customer).book(session.id, activity.price('adult').id);
    const at = await catalogueAt(t);
    const today = todayIn('Europe/London', new Date());
    const cart = await basketWith(
      t,
      customer,
      [{ slug: 'swim-unlimited', paymentType: 'fixed', startDate: today }],
      at,
    );
    expect(cart.items.map((item) => [item.type, item.sortBy])).toEqual([
      ['booking', 1],
      ['membership', 2],
    ]);
    const membership = cart.items[1]!;
    expect(cart.totals.total).toBe(650 + Number(membership.price.raw.amount));
    expect(cart.attendeeWaiversRequired).toBe(false);
  });

  it('refuses what the rules refuse, each with its reason, and changes nothing', async () => {
    const customer = await createCustomer(t, { dateOfBirth: '1990-04-02' });
    const me = api.as(customer);
    const { activity, session } = await sessionOf({
      prices: { adult: 650, junior: 400, concession: 450, member: 0 },
    });
    const book =
      (id: number, band: 'adult' | 'junior' | 'concession' | 'member' = 'adult') =>
      () =>
        me.book(id, activity.price(band).id);

    await expectRefusal(customer, session.id, book(999_999), 404, 'This session could not be found.');
    await expectRefusal(
      customer,
      session.id,
      book(session.id, 'junior'),
      422,
      'The Junior price is for attendees under 18 on the day of the session.',
    );
    await expectRefusal(
      customer,
      session.id,
      book(session.id, 'concession'),
      422,
      'The Concession price is for attendees aged 60 or over on the day of the session.',
    );
    await expectRefusal(
      customer,
      session.id,
      book(session.id, 'member'),
      422,
      'The Member price is for customers with an active membership.',
    );
    const other = await createActivity(t);
    await expectRefusal(
      customer,
      session.id,
      () => me.book(session.id, other.price('adult').id),
      422,
      'This price is not available for this session.',
    );

    const cancelled = await createSession(t, activity, { cancelled: true });
    await expectRefusal(customer, cancelled.id, book(cancelled.id), 422, 'This session has been cancelled.');
    const started = await createSession(t, activity, { startsAt: new Date(Date.now() - 60_000) });
    await expectRefusal(
      customer,
      started.id,
      book(started.id),
      422,
      'This session has already started, so it can no longer be booked.',
    );
    const closed = await createSession(t, activity, { onlineBookingEnabled: false });
    await expectRefusal(
      customer,
      closed.id,
      book(closed.id),
      422,
      'This session cannot be booked online. Please book it at the centre’s reception.',
    );
    const full = await createSession(t, activity, { capacity: 1 });
    await holdPlace(t, (await createCustomer(t)).id, full, activity.price('adult'));
    await expectRefusal(customer, full.id, book(full.id), 422, 'This session is full.');

    // Booking for a session 20 days ahead opens 5 days before it, at 08:00 London time.
    const later = await createSession(t, activity, { startsAt: new Date(Date.now() + 20 * 86_400_000) });
    const answer = await me.book(later.id, activity.price('adult').id);
    expect(answer.status).toBe(422);
    expect(answer.message).toMatch(
      /^Booking for this session opens (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2} 08:00\.$/,
    );

    await me.book(session.id, activity.price('adult').id);
    await expectRefusal(
      customer,
      session.id,
      book(session.id),
      422,
      'This session is already in your basket for this person: change the number of places there.',
    );
    expect(await capacityMismatches(t)).toEqual([]);
  });

  it('checks age limits against the attendee’s date of birth on the session’s day', async () => {
    const { activity, session } = await sessionOf({
      minAge: 8,
      maxAge: 17,
      prices: { adult: 650, junior: 400 },
    });
    const adult = await createCustomer(t, { dateOfBirth: '1990-04-02' });
    await expectRefusal(
      adult,
      session.id,
      () => api.as(adult).book(session.id, activity.price('adult').id),
      422,
      'This session is for ages 8 to 17.',
    );
    const unknownAge = await createCustomer(t, { dateOfBirth: null });
    await expectRefusal(
      unknownAge,
      session.id,
      () => api.as(unknownAge).book(session.id, activity.price('adult').id),
      422,
      'This session is for ages 8 to 17: add your date of birth in My account to book it.',
    );
    const teen = await createCustomer(t, { dateOfBirth: `${new Date().getUTCFullYear() - 14}-01-01` });
    const added = await api.as(teen).book(session.id, activity.price('junior').id);
    expect(added.status).toBe(200);
    expect(bookingLines(added.data)[0]).toMatchObject({ priceBand: { band: 'junior', label: 'Junior' } });
  });

  it('offers the member price to a customer holding an active membership', async () => {
    const customer = await createCustomer(t);
    await heldMembership(t, customer, { slug: 'gym-anytime', optionKey: 'monthly', startDate: '2026-01-01' });
    const { activity, session } = await sessionOf();
    const added = await api.as(customer).book(session.id, activity.price('member').id);
    expect(added.status).toBe(200);
    expect(added.data.totals.total).toBe(0);
  });

  it('refuses a customer with outstanding penalties and says what to do', async () => {
    const customer = await createCustomer(t);
    await t.database.db
      .update(customers)
      .set({ hasOutstandingPenalties: true })
      .where(eq(customers.id, customer.id));
    const { activity, session } = await sessionOf();
    await expectRefusal(
      customer,
      session.id,
      () => api.as(customer).book(session.id, activity.price('adult').id),
      422,
      'You cannot book online while your account has outstanding penalties. Please contact the centre to settle them, then book again.',
    );
  });

  it('books only for the customer themself: another customer’s id finds nothing', async () => {
    const customer = await createCustomer(t);
    const stranger = await createCustomer(t);
    const { activity, session } = await sessionOf();
    await expectRefusal(
      customer,
      session.id,
      () =>
        api.as(customer).addToCart([
          {
            id: session.id,
            type: 'booking',
            pricing_option_id: activity.price('adult').id,
            purchased_for_user_id: stranger.id,
          },
        ]),
      404,
      'Unable to complete request, item not found.',
    );
  });

  it('changes the number of places, taking or giving back the difference', async () => {
    const customer = await createCustomer(t);
    const me = api.as(customer);
    const { activity, session } = await sessionOf({}, { capacity: 5 });
    await holdPlace(t, (await createCustomer(t)).id, session, activity.price('adult'));
    const added = await me.book(session.id, activity.price('adult').id);
    const lineId = bookingLines(added.data)[0]!.id;
    const more = await me.updateCartItem(lineId, { quantity: 3 });
    expect(more.status).toBe(200);
    expect(bookingLines(more.data)[0]).toMatchObject({
      options: { quantity: 3 },
      price: { formatted: '£19.50' },
    });
    expect(await sessionCounts(t, session.id)).toEqual({ capacity: 5, taken: 4 });
    await expectRefusal(
      customer,
      session.id,
      () => me.updateCartItem(lineId, { quantity: 5 }),
      422,
      'Only 1 more place is free in this session.',
    );
    const fewer = await me.updateCartItem(lineId, { quantity: 1 });
    expect(fewer.data.totals.total).toBe(650);
    expect(await sessionCounts(t, session.id)).toEqual({ capacity: 5, taken: 2 });
    await expectRefusal(
      customer,
      session.id,
      () => me.updateCartItem(lineId, { start_date: '2026-12-01' }),
      422,
      'A booking can only change its number of places (quantity).',
    );
    await expectRefusal(
      customer,
      session.id,
      () => me.updateCartItem(lineId, { quantity: 11 }),
      422,
      'Book at most 10 places at a time.',
    );
  });

  it('re-checks the booking window, age and penalties when a line gets more places, as an add does', async () => {
    const customer = await createCustomer(t, { dateOfBirth: '1990-04-02' });
    const me = api.as(customer);
    const { activity, session } = await sessionOf(
      { minAge: 18 },
      { capacity: 10, startsAt: new Date(Date.now() + 10 * 24 * 3600_000) },
    );
    const adultPrice = activity.price('adult').id;
    const setWindow = (days: number) =>
      t.database.db
        .update(activityPrices)
        .set({ bookingWindowDays: days })
        .where(eq(activityPrices.id, adultPrice));
    await setWindow(14);
    const added = await me.book(session.id, adultPrice);
    expect(added.status).toBe(200);
    const lineId = bookingLines(added.data)[0]!.id;

    // The operator shortens the window: the held place stays, but no more can be added yet.
    await setWindow(5);
    const early = await me.updateCartItem(lineId, { quantity: 2 });
    expect(early.status).toBe(422);
    expect(early.message).toMatch(/^Booking for this session opens /);
    await setWindow(14);

    // Penalties recorded since the add: no more places, though giving places back is always allowed.
    const penalties = (value: boolean) =>
      t.database.db
        .update(customers)
        .set({ hasOutstandingPenalties: value })
        .where(eq(customers.id, customer.id));
    await penalties(true);
    await expectRefusal(
      customer,
      session.id,
      () => me.updateCartItem(lineId, { quantity: 2 }),
      422,
      'You cannot book online while your account has outstanding penalties. Please contact the centre to settle them, then book again.',
    );
    await penalties(false);

    // A date of birth corrected to under the session's age limit.
    await t.database.db
      .update(customers)
      .set({ dateOfBirth: `${new Date().getUTCFullYear() - 14}-01-01` })
      .where(eq(customers.id, customer.id));
    await expectRefusal(
      customer,
      session.id,
      () => me.updateCartItem(lineId, { quantity: 2 }),
      422,
      'This session is for ages 18 and over.',
    );
    await t.database.db
      .update(customers)
      .set({ dateOfBirth: '1990-04-02' })
      .where(eq(customers.id, customer.id));
    const more = await me.updateCartItem(lineId, { quantity: 2 });
    expect(more.status).toBe(200);
    expect(await sessionCounts(t, session.id)).toEqual({ capacity: 10, taken: 2 });
  });

  it('gives places back when a line is removed and when the basket is emptied', async () => {
    const customer = await createCustomer(t);
    const me = api.as(customer);
    const { activity, session } = await sessionOf({}, { capacity: 4 });
    const second = await createSession(t, activity, { capacity: 4 });
    const first = bookingLines((await me.book(session.id, activity.price('adult').id, 2)).data)[0]!;
    await me.book(second.id, activity.price('adult').id, 3);
    const removed = await me.removeFromCart([first.id]);
    expect(removed.status).toBe(200);
    expect(bookingLines(removed.data).map((line) => line.objectId)).toEqual([second.id]);
    expect(await sessionCounts(t, session.id)).toEqual({ capacity: 4, taken: 0 });
    expect((await me.discardCart()).status).toBe(200);
    expect(await sessionCounts(t, second.id)).toEqual({ capacity: 4, taken: 0 });
    expect(await capacityMismatches(t)).toEqual([]);
  });

  it('books any free court of a facility slot when the given court is taken, one court a line', async () => {
    const customer = await createCustomer(t);
    const me = api.as(customer);
    const badminton = await createActivity(t, { kind: 'facility', name: 'Badminton' });
    const startsAt = tomorrowAt(19);
    const courts: Awaited<ReturnType<typeof createSession>>[] = [];
    for (let court = 1; court <= 3; court += 1) {
      const { location } = await createLocation(t, { kind: 'court', name: `Court ${court}` });
      courts.push(await createSession(t, badminton, { capacity: 1, startsAt, locationId: location.id }));
    }
    await t.database.db.execute(sql`UPDATE activity_sessions SET taken = 1 WHERE id = ${courts[0]!.id}`);
    const price = badminton.price('adult').id;
    const first = await me.book(courts[0]!.id, price);
    expect(first.status).toBe(200);
    expect(bookingLines(first.data).map((line) => line.session.location)).toEqual(['Court 2']);
    const second = await me.book(courts[0]!.id, price);
    expect(bookingLines(second.data).map((line) => line.session.location)).toEqual(['Court 2', 'Court 3']);
    await expectRefusal(
      customer,
      courts[0]!.id,
      () => me.book(courts[0]!.id, price),
      422,
      'This session is full.',
    );
    await expectRefusal(
      customer,
      courts[1]!.id,
      () => me.book(courts[1]!.id, price, 2),
      422,
      'A court is booked one at a time: add the slot again to book another court.',
    );
    await t.database.db.execute(sql`UPDATE activity_sessions SET taken = 0 WHERE id = ${courts[0]!.id}`);
    expect(await capacityMismatches(t)).toEqual([]);
  });

  it('releases a lapsed hold when the basket is next read, and says so', async () => {
    const customer = await createCustomer(t);
    const me = api.as(customer);
    const { activity, session } = await sessionOf({ name: 'Aqua fit' }, { capacity: 2 });
    const line = bookingLines((await me.book(session.id, activity.price('adult').id, 2)).data)[0]!;
    await t.database.db
      .update(cartBookingLines)
      .set({ heldUntil: sql`now() - interval '1 second'` })
      .where(eq(cartBookingLines.id, line.id));
    const read = await me.cart();
    expect(read.status).toBe(200);
    expect(bookingLines(read.data)).toEqual([]);
    expect(read.data.expiredItems).toEqual([
      {
        id: line.id,
        name: 'Aqua fit',
        when: line.session.when,
        message:
          'Your place was held for you for a limited time, which has run out, so it was released. Add the session again if spaces are left.',
      },
    ]);
    expect(await sessionCounts(t, session.id)).toEqual({ capacity: 2, taken: 0 });
    expect((await me.cart()).data.expiredItems).toEqual([]);
  });

  it('the job releases lapsed holds of open baskets, but never of a basket being paid for', async () => {
    const idle = await createCustomer(t);
    const paying = await createCustomer(t);
    const { activity, session } = await sessionOf({}, { capacity: 5 });
    const price = activity.price('adult').id;
    await api.as(idle).book(session.id, price, 2);
    const payingCart = (await api.as(paying).book(session.id, price, 1)).data;
    await t.database.db.execute(sql`UPDATE cart_booking_lines SET held_until = now() - interval '1 minute'
      WHERE session_id = ${session.id}`);
    await t.database.db.execute(sql`INSERT INTO payment_attempts
      (uuid, customer_id, cart_id, provider, vendor_tx_code, amount_pence, credit_pence, currency, status, billing)
      VALUES (gen_random_uuid(), ${paying.id}, ${payingCart.cartId}, 'sandbox', ${`LC-test-${paying.id}`}, 650, 0,
        'GBP', 'pending_sca', '{}'::jsonb)`);
    expect(await t.services().cart.releaseExpired()).toBe(1);
    expect(await sessionCounts(t, session.id)).toEqual({ capacity: 5, taken: 1 });
    expect(bookingLines((await api.as(paying).cart()).data)).toHaveLength(1);
    expect(await capacityMismatches(t)).toEqual([]);
  });

  it('extendHolds gives a basket being paid for a fresh hold, never a shorter one', async () => {
    const { extendHolds } = await import('../src/modules/cart/cart.service.ts');
    const customer = await createCustomer(t);
    const { activity, session } = await sessionOf();
    const cart = (await api.as(customer).book(session.id, activity.price('adult').id)).data;
    await t.database.db.execute(sql`UPDATE cart_booking_lines SET held_until = now() + interval '1 minute'
      WHERE cart_id = ${cart.cartId}`);
    await t.database.db.transaction((tx) => extendHolds(tx, cart.cartId!));
    const [row] = await t.database.db
      .select()
      .from(cartBookingLines)
      .where(eq(cartBookingLines.cartId, cart.cartId!));
    expect(row!.heldUntil.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
  });
});
