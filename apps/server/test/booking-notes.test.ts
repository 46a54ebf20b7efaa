import type { Booking } from '@lido/contracts/account';
import type { CartBookingItem } from '@lido/contracts/activities';
import type { Cart } from '@lido/contracts/cart';
import type { Register } from '@lido/contracts/registers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createActivity,
  createSession,
  sessionCounts,
  type TestActivity,
} from './support/activity-factories.ts';
import { apiClient } from './support/api.ts';
import { createCustomer, type TestCustomer } from './support/factories.ts';
import { staffLogin } from './support/staff-login.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

const bookingLines = (cart: Cart) =>
  cart.items.filter((item): item is CartBookingItem => item.type === 'booking');

/** Issue 35 item 4 (decision 0101): a note the customer gives when booking reaches the register. */
describe('a note for the instructor', () => {
  let t: TestApp;
  let activity: TestActivity;
  const api = apiClient(() => t, siteHost.bookings);
  const rows = <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.database.query<R>(sql, params);
  const addWithNote = (customer: TestCustomer, sessionId: number, note: unknown) =>
    api.as(customer).post<Cart>('/api/cart/add', {
      items: [
        {
          id: sessionId,
          type: 'booking',
          pricing_option_id: activity.price('adult').id,
          options: { quantity: 1, note },
        },
      ],
    });

  beforeAll(async () => {
    t = await createTestApp();
    activity = await createActivity(t, { name: 'Pilates' });
  });
  afterAll(() => t?.close());

  it('travels from the basket line to the booking, My account and the register', async () => {
    const customer = await createCustomer(t, {
      creditBalancePence: 2000,
      firstName: 'Nia',
      lastName: 'Hughes',
    });
    const session = await createSession(t, activity);
    const note = 'Recovering from a knee injury, first class back';
    const added = await addWithNote(customer, session.id, `  ${note} `);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(bookingLines(added.data)[0]).toMatchObject({ note });

    const paid = await api.as(customer).post<{ orderId: number }>('/api/checkout/complete', {
      source: 'bookings',
      payments: [{ tender_type: 'credit', amount: 650 }],
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [booking] = await rows<{ id: number; note: string | null }>(
      'SELECT id, note FROM customer_bookings WHERE order_id = $1',
      [paid.data.orderId],
    );
    expect(booking!.note).toBe(note);

    const mine = await api.as(customer).get<Booking>(`/api/my-account/bookings/${booking!.id}`);
    expect(mine.status).toBe(200);
    expect(mine.data.note).toBe(note);

    const desk = await staffLogin(t, 'desk', 'Desk-Staff-2026!');
    const register = await t.app.inject({
      method: 'GET',
      url: `/api/staff/registers/${session.id}`,
      headers: { host: siteHost.frontOfHouse, origin: `http://${siteHost.frontOfHouse}`, cookie: desk },
    });
    expect(register.statusCode, register.body).toBe(200);
    expect(register.json<{ data: Register }>().data.entries).toEqual([
      expect.objectContaining({ bookingId: booking!.id, name: 'Nia Hughes', note }),
    ]);
  });

  it('is optional: no note, or a blank one, is stored as none', async () => {
    const session = await createSession(t, activity);
    for (const note of [undefined, '', '   ']) {
      const customer = await createCustomer(t);
      const added = await addWithNote(customer, session.id, note);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(bookingLines(added.data)[0]!.note).toBeNull();
    }
  });

  it('refuses a note too long, not text, or with control characters, and holds nothing', async () => {
    const customer = await createCustomer(t);
    const session = await createSession(t, activity);
    const before = await sessionCounts(t, session.id);
    const controls =
      'The note must be plain text on one line: remove line breaks, tabs and other control characters.';
    const cases: [unknown, string][] = [
      ['x'.repeat(201), 'The note can be at most 200 characters.'],
      [`${' '.repeat(10)}${'x'.repeat(201)}`, 'The note can be at most 200 characters.'],
      // NUL is refused for every field before any schema reads it.
      ['bad\u0000byte', 'must not contain a NUL character'],
      ['two\nlines', controls],
      ['tab\there', controls],
      ['del\u007f', controls],
      ['c1\u0085', controls],
      [42, 'The note must be text.'],
      [{ text: 'hi' }, 'The note must be text.'],
    ];
    for (const [note, message] of cases) {
      const refused = await addWithNote(customer, session.id, note);
      expect(refused.status, JSON.stringify(note)).toBe(422);
      expect(JSON.stringify(refused.body), JSON.stringify(note)).toContain(message);
    }
    expect(await sessionCounts(t, session.id)).toEqual(before);
    expect(bookingLines((await api.as(customer).cart()).data)).toEqual([]);
    // Exactly 200 characters, with an apostrophe and accents, is fine.
    const longest = `Don’t worry, café ${'x'.repeat(182)}`;
    expect(longest).toHaveLength(200);
    const added = await addWithNote(customer, session.id, longest);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(bookingLines(added.data)[0]!.note).toBe(longest);
  });
});
