import type { Dashboard } from '@lido/contracts/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivity, createSession } from './support/activity-factories.ts';
import { createCustomer } from './support/factories.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

const staffHost = siteHost.frontOfHouse;
const range = 'from=2027-03-01&to=2027-03-07';

/** Issue 37 item 1 (decision 0099): the manager's dashboard counts what was seeded, and only that. */
describe('the manager’s dashboard', () => {
  let t: TestApp;
  let manager = '';
  let desk = '';

  const login = async (username: string, password: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      headers: { host: staffHost, origin: `http://${staffHost}` },
      payload: { username, password },
    });
    return String(response.headers['set-cookie']).match(/lido_staffToken=[^;]+/)![0];
  };
  const get = (query: string, cookie = manager) =>
    t.app.inject({
      method: 'GET',
      url: `/api/staff/dashboard?${query}`,
      headers: { host: staffHost, cookie },
    });
  const dashboard = async (query: string) => {
    const response = await get(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Dashboard }>().data;
  };
  const one = async <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    (await t.database.query<R>(sql, params))[0]!;

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date('2027-03-10T12:00:00Z') });
    [manager, desk] = await Promise.all([
      login('manager', 'Pool-Manager-2026!'),
      login('desk', 'Desk-Staff-2026!'),
    ]);
  });
  afterAll(() => t?.close());

  it('refuses anyone but a manager, other centres, and ranges back to front or over 366 days', async () => {
    expect((await get(range, desk)).statusCode).toBe(403);
    const others = await t.database.query<{ slug: string }>(
      `SELECT slug FROM venues WHERE slug NOT IN ('castlefield-leisure-centre', 'salford-quays-aquatics') LIMIT 1`,
    );
    if (others[0]) expect((await get(`${range}&centre=${others[0].slug}`)).statusCode).toBe(403);
    expect((await get(`${range}&centre=nowhere`)).statusCode).toBe(404);
    const backwards = await get('from=2027-03-07&to=2027-03-01');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json<{ message: string }>().message).toBe(
      'The start of the range must be on or before its end.',
    );
    const long = await get('from=2027-01-01&to=2028-01-02');
    expect(long.statusCode).toBe(422);
    expect(long.json<{ message: string }>().message).toBe('The range can be at most 366 days.');
    expect((await get('from=2027-01-01&to=2028-01-01')).statusCode).toBe(200);
    for (const bad of ['from=2027-02-30&to=2027-03-01', 'from=soon&to=2027-03-01', 'to=2027-03-01'])
      expect((await get(bad)).statusCode, bad).toBe(422);
  });

  it('counts bookings, attendance, money, memberships, Direct Debit and waiting lists of the centre and range', async () => {
    const before = await dashboard(`${range}&centre=castlefield-leisure-centre`);
    const activity = await createActivity(t, { name: 'Dashboard Spin' });
    const customer = await createCustomer(t, { homeVenueSlug: 'castlefield-leisure-centre' });
    const tuesday = await createSession(t, activity, {
      startsAt: new Date('2027-03-02T10:00:00Z'),
      capacity: 10,
    });
    const thursday = await createSession(t, activity, {
      startsAt: new Date('2027-03-04T23:30:00Z'),
      capacity: 8,
    });
    const cancelled = await createSession(t, activity, {
      startsAt: new Date('2027-03-03T10:00:00Z'),
      cancelled: true,
    });
    const elsewhere = await createSession(t, activity, {
      startsAt: new Date('2027-03-02T10:00:00Z'),
      venueSlug: 'salford-quays-aquatics',
    });
    const book = async (session: typeof tuesday, quantity = 1, status = 'booked') =>
      (
        await one<{ id: number }>(
          `INSERT INTO customer_bookings (customer_id, venue_id, activity_name, starts_at, ends_at, status, session_id, quantity)
           VALUES ($1, $2, 'Dashboard Spin', $3, $4, $5, $6, $7) RETURNING id`,
          [customer.id, session.venueId, session.startsAt, session.endsAt, status, session.id, quantity],
        )
      ).id;
    const came = await book(tuesday, 2);
    const missed = await book(tuesday);
    await book(tuesday, 1, 'cancelled');
    await book(thursday, 1, 'attended'); // as older data marked it, with no register row
    await book(cancelled);
    await book(elsewhere);
    await t.database.query(
      `INSERT INTO booking_attendance (booking_id, status, source) VALUES ($1, 'attended', 'register'), ($2, 'no-show', 'register')`,
      [came, missed],
    );
    for (const status of ['waiting', 'booked', 'expired'])
      await t.database.query(
        `INSERT INTO waiting_list_entries (session_id, customer_id, attendee_customer_id, status) VALUES ($1, $2, $2, $3)`,
        [tuesday.id, customer.id, status],
      );

    const venue = tuesday.venueId;
    const staffId = (await one<{ id: number }>(`SELECT id FROM staff_users WHERE username = 'manager'`)).id;
    const order = async (ref: string, method: string, total: number, credit: number, voided = false) =>
      (
        await one<{ id: number }>(
          `INSERT INTO orders (reference, customer_id, venue_id, source, status, total_pence, payment_method,
             credit_pence, completed_at, voided_at)
           VALUES ($1, $2, $3, 'bookings', 'completed', $4, $5, $6, '2027-03-02T12:00:00Z', $7) RETURNING id`,
          [ref, customer.id, venue, total, method, credit, voided ? new Date('2027-03-02T13:00:00Z') : null],
        )
      ).id;
    const online = await order('LD-9370001', 'card', 1500, 500);
    const atDesk = await order('LD-9370002', 'offline', 1500, 0);
    const voided = await order('LD-9370003', 'offline', 9900, 0, true);
    await t.database.query(
      `INSERT INTO order_items (order_id, position, item_type, description, amount_pence)
       VALUES ($1, 1, 'booking', 'Spin', 1500), ($2, 1, 'package', 'Ten swims', 1500), ($3, 1, 'package', 'Void', 9900)`,
      [online, atDesk, voided],
    );
    await t.database.query(
      `INSERT INTO order_tenders (order_id, tender_type, amount_pence, tendered_pence, staff_user_id)
       VALUES ($1, 'cash', 1000, 2000, $3), ($1, 'cheque', 500, 500, $3), ($2, 'cash', 9900, 9900, $3)`,
      [atDesk, voided, staffId],
    );

    const type = await one<{ id: number; name: string; option: number }>(
      `SELECT mt.id, mt.name, po.id AS option FROM membership_types mt JOIN payment_options po ON po.membership_type_id = mt.id
       ORDER BY mt.id, po.id LIMIT 1`,
    );
    const membership = async (start: string, cancelAt: string | null) =>
      (
        await one<{ id: number }>(
          `INSERT INTO customer_memberships (customer_id, membership_type_id, payment_option_id, home_venue_id, status,
             start_date, price_pence, cancel_requested_at)
           VALUES ($1, $2, $3, $4, 'active', $5, 3000, $6) RETURNING id`,
          [customer.id, type.id, type.option, venue, start, cancelAt],
        )
      ).id;
    const joined = await membership('2027-03-03', null);
    const leaving = await membership('2026-01-01', '2027-03-05T09:00:00Z');
    await t.database.query(
      `INSERT INTO membership_freezes (customer_membership_id, starts_on, ends_on, status) VALUES ($1, '2027-03-06', '2027-04-06', 'scheduled')`,
      [leaving],
    );
    await t.database.query(
      `INSERT INTO membership_events (customer_membership_id, kind, occurred_at) VALUES ($1, 'changed', '2027-03-04T10:00:00Z')`,
      [joined],
    );
    const instruction = await one<{ id: number }>(
      `INSERT INTO direct_debit_instructions (customer_id, provider, status, account_holder, account_number_ending,
         sort_code_ending, confirmation_due_by) VALUES ($1, 'go_cardless', 'active', 'A Member', '11', '00', '2027-01-01')
       RETURNING id`,
      [customer.id],
    );
    for (const [member, status, amount] of [
      [joined, 'paid_out', 3000],
      [leaving, 'failed', 3000],
      [leaving, 'cancelled', 4400],
    ] as const)
      await t.database.query(
        `INSERT INTO direct_debit_collections (instruction_id, customer_membership_id, description, amount_pence,
           billing_date, charge_date, status) VALUES ($1, $2, 'Monthly', $3, '2027-03-01', '2027-03-02', $4)`,
        [instruction.id, member, amount, status],
      );

    const after = await dashboard(`${range}&centre=castlefield-leisure-centre`);
    const places = (d: Dashboard, date: string) => d.bookingsPerDay.find((day) => day.date === date)!.places;
    expect(after.bookingsPerDay).toHaveLength(7);
    expect(places(after, '2027-03-02') - places(before, '2027-03-02')).toBe(3);
    expect(places(after, '2027-03-03') - places(before, '2027-03-03')).toBe(0);
    expect(places(after, '2027-03-04') - places(before, '2027-03-04')).toBe(1);
    expect(places(after, '2027-03-05') - places(before, '2027-03-05')).toBe(0);
    expect(after.utilisation.find((row) => row.activity === 'Dashboard Spin')).toEqual({
      activity: 'Dashboard Spin',
      sessions: 2,
      capacity: 18,
      booked: 4,
      attended: 3,
      noShows: 1,
    });
    const tender = (d: Dashboard, name: string) =>
      d.revenueByTender.find((row) => row.tender === name)!.pence;
    const change = (name: string) => tender(after, name) - tender(before, name);
    expect(after.revenueByTender.map((row) => row.label)).toEqual([
      'Card',
      'Direct Debit',
      'Cash',
      'Voucher',
      'Cheque',
      'Account credit',
    ]);
    expect([
      change('card'),
      change('direct-debit'),
      change('cash'),
      change('cheque'),
      change('credit'),
    ]).toEqual([1000, 3000, 1000, 500, 500]);
    const product = (d: Dashboard, kind: string) =>
      d.revenueByProduct.find((row) => row.kind === kind)!.pence;
    expect(product(after, 'booking') - product(before, 'booking')).toBe(1500);
    expect(product(after, 'package') - product(before, 'package')).toBe(1500);
    const moves = (d: Dashboard) =>
      d.memberships.find((row) => row.type === type.name) ?? {
        joined: 0,
        changed: 0,
        frozen: 0,
        cancelled: 0,
        net: 0,
      };
    const [was, now] = [moves(before), moves(after)];
    expect(
      (['joined', 'changed', 'frozen', 'cancelled', 'net'] as const).map((key) => now[key] - was[key]),
    ).toEqual([1, 1, 1, 1, 0]);
    const slot = (d: Dashboard, weekday: number, hour: number) =>
      d.utilisationByHour.find((row) => row.weekday === weekday && row.hour === hour) ?? {
        sessions: 0,
        capacity: 0,
        booked: 0,
      };
    const slotChange = (weekday: number, hour: number) => {
      const [a, b] = [slot(before, weekday, hour), slot(after, weekday, hour)];
      return [b.sessions - a.sessions, b.capacity - a.capacity, b.booked - a.booked];
    };
    expect(slotChange(2, 10)).toEqual([1, 10, 3]); // Tuesday 10:00 (GMT in early March)
    expect(slotChange(4, 23)).toEqual([1, 8, 1]); // Thursday 23:30
    const dd = (d: Dashboard) => d.directDebit;
    expect(dd(after).expected.count - dd(before).expected.count).toBe(2);
    expect(dd(after).expected.pence - dd(before).expected.pence).toBe(6000);
    expect(dd(after).collected.pence - dd(before).collected.pence).toBe(3000);
    expect(dd(after).failed.count - dd(before).failed.count).toBe(1);
    expect(after.waitingList.find((row) => row.activity === 'Dashboard Spin')).toEqual({
      activity: 'Dashboard Spin',
      joined: 3,
      booked: 1,
    });
    expect(after.centres.map((c) => c.slug).sort()).toEqual([
      'castlefield-leisure-centre',
      'salford-quays-aquatics',
    ]);

    const quays = await dashboard(`${range}&centre=salford-quays-aquatics`);
    expect(quays.centre.name).toBe('Salford Quays Aquatics');
    expect(quays.utilisation.find((row) => row.activity === 'Dashboard Spin')).toMatchObject({
      sessions: 1,
      booked: 1,
    });
  });
});
