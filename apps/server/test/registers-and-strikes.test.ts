import type { CustomerStrikes, Marked, Register, RegisterList } from '@lido/contracts/registers';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalogue } from '../src/modules/catalogue/catalogue-file.ts';
import { demoCataloguePath } from '../src/db/seed/seed-demo.ts';
import {
  bookedSession,
  createActivity,
  createSession,
  type TestActivity,
} from './support/activity-factories.ts';
import { apiClient } from './support/api.ts';
import { createCustomer, type TestCustomer } from './support/factories.ts';
import { demoPassword } from '../src/db/seed/demo-customers.ts';
import { createTestApp, loginCookie, siteHost, type TestApp } from './support/test-app.ts';

const staffHost = siteHost.frontOfHouse;
const hour = 60 * 60 * 1000;

/**
 * Issue 35 items 4 and 6 (decision 0096): registers, and the demo operator's no-show and
 * late-cancel rules (2 strikes within 30 days stop online booking for 7 days).
 */
describe('registers and strikes', () => {
  let t: TestApp;
  let now = new Date('2026-12-01T20:00:00Z');
  const api = apiClient(() => t, siteHost.bookings);
  let desk = '';
  let manager = '';
  let supervisor = '';
  let activity: TestActivity;

  const login = async (username: string, password: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      headers: { host: staffHost, origin: `http://${staffHost}` },
      payload: { username, password },
    });
    return String(response.headers['set-cookie']).match(/lido_staffToken=[^;]+/)![0];
  };
  const staffCall = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { host: staffHost, origin: `http://${staffHost}`, cookie },
      ...(payload ? { payload } : {}),
    });
  const rows = <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.database.query<R>(sql, params);

  /** A session at a centre, `hoursFromNow` from the clock, and a booking of it for `customer`. */
  const booked = async (
    customer: TestCustomer,
    hoursFromNow: number,
    venueSlug = 'castlefield-leisure-centre',
  ) => {
    // The customer's booking as checkout records it.
    return bookedSession(t, activity, customer, {
      startsAt: new Date(now.getTime() + hoursFromNow * hour),
      venueSlug,
    });
  };
  const mark = (cookie: string, sessionId: number, bookingId: number, status: string) =>
    staffCall('POST', `/api/staff/registers/${sessionId}/bookings/${bookingId}`, cookie, { status });
  const strikesOf = (customerId: number) =>
    rows<{ id: number; kind: string; removed_at: Date | null }>(
      'SELECT id, kind, removed_at FROM booking_strikes WHERE customer_id = $1 ORDER BY id',
      [customerId],
    );
  const emailsTo = (email: string) =>
    rows<{ subject: string; text: string }>(
      'SELECT subject, text_body AS text FROM email_outbox WHERE to_address = $1 ORDER BY id',
      [email],
    );
  const sessionPage = async (customer: TestCustomer, sessionId: number) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/activities/sessions/${sessionId}`,
      headers: { host: siteHost.bookings, cookie: customer.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { bookingBlocked: string | null } }>().data;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
    [desk, manager, supervisor] = await Promise.all([
      login('desk', 'Desk-Staff-2026!'),
      login('manager', 'Pool-Manager-2026!'),
      login('supervisor', 'Supervisor-2026!'),
    ]);
    activity = await createActivity(t, { name: 'Spin', waiverRequired: true });
  });
  afterAll(() => t?.close());

  it('lists who is booked, with age band, who booked a family member, the waiver and the marks', async () => {
    const parent = await createCustomer(t, {
      firstName: 'Rhian',
      lastName: 'Parry',
      dateOfBirth: '1980-01-15',
    });
    const { session, bookingId } = await booked(parent, -1);
    const list = await staffCall(
      'GET',
      `/api/staff/registers?centre=castlefield-leisure-centre&date=2026-12-01`,
      desk,
    );
    expect(list.statusCode, list.body).toBe(200);
    const day = list.json<{ data: RegisterList }>().data;
    expect(day.sessions.find((s) => s.id === session.id)).toMatchObject({ booked: 1, marked: 0 });
    for (const date of ['2026-13-45', '2026-02-30', 'soon', '0000-01-01', '9999-12-31'])
      expect((await staffCall('GET', `/api/staff/registers?date=${date}`, desk)).statusCode, date).toBe(422);
    expect((await staffCall('GET', '/api/staff/registers/2147483648', desk)).statusCode).toBe(422);
    expect((await staffCall('GET', '/api/staff/registers/2147483647', desk)).statusCode).toBe(404);

    const response = await staffCall('GET', `/api/staff/registers/${session.id}`, desk);
    expect(response.statusCode, response.body).toBe(200);
    const register = response.json<{ data: Register }>().data;
    expect(register.canMark).toBe(true);
    expect(register.canRemoveStrikes).toBe(false);
    expect(register.entries).toEqual([
      expect.objectContaining({
        bookingId,
        name: 'Rhian Parry',
        ageBand: 'Adult (age 46)',
        who: 'customer',
        waiver: 'missing',
        attendance: null,
        strike: null,
      }),
    ]);
    const attended = await mark(desk, session.id, bookingId, 'attended');
    expect(attended.statusCode, attended.body).toBe(200);
    expect(attended.json<{ data: Marked }>().data.entry.attendance).toBe('attended');
    expect(await strikesOf(parent.id)).toEqual([]);
  });

  it('lets a manager mark only their own centres’ registers, and refuses a no-show before the start', async () => {
    const customer = await createCustomer(t);
    const elsewhere = await booked(customer, -1, 'roath-park-fitness');
    const refused = await mark(manager, elsewhere.session.id, elsewhere.bookingId, 'no-show');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^You don’t manage Roath Park Fitness/);
    expect(
      (await staffCall('GET', `/api/staff/registers?centre=roath-park-fitness`, manager)).statusCode,
    ).toBe(403);
    expect((await staffCall('GET', `/api/staff/registers/${elsewhere.session.id}`, manager)).statusCode).toBe(
      403,
    );
    // Desk staff and supervisors mark any centre's registers.
    expect((await mark(supervisor, elsewhere.session.id, elsewhere.bookingId, 'attended')).statusCode).toBe(
      200,
    );

    const later = await booked(customer, 2);
    const early = await mark(desk, later.session.id, later.bookingId, 'no-show');
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe('A no-show can be marked once the session has started.');
    const tomorrow = await booked(customer, 30);
    expect((await mark(desk, tomorrow.session.id, tomorrow.bookingId, 'attended')).statusCode).toBe(422);
    expect(await strikesOf(customer.id)).toEqual([]);
    // Nobody outside the staff site, and no customer, marks a register.
    const asCustomer = await t.app.inject({
      method: 'POST',
      url: `/api/staff/registers/${later.session.id}/bookings/${later.bookingId}`,
      headers: { host: siteHost.bookings, origin: `http://${siteHost.bookings}`, cookie: customer.cookie },
      payload: { status: 'attended' },
    });
    expect(asCustomer.statusCode).toBe(403);
  });

  it('gives one strike for a no-show marked twice at once, emails it, and blocks online booking at the second', async () => {
    const customer = await createCustomer(t, { firstName: 'Nia' });
    const first = await booked(customer, -2);
    const answers = await Promise.all([
      mark(desk, first.session.id, first.bookingId, 'no-show'),
      mark(manager, first.session.id, first.bookingId, 'no-show'),
      mark(desk, first.session.id, first.bookingId, 'no-show'),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(await strikesOf(customer.id)).toHaveLength(1);
    const firstEmails = await emailsTo(customer.email);
    expect(firstEmails).toHaveLength(1);
    expect(firstEmails[0]!.subject).toBe('A strike on your account');
    expect(firstEmails[0]!.text).toContain('You have 1 strike in the last 30 days.');

    const upcoming = await createSession(t, activity, { startsAt: new Date(now.getTime() + 48 * hour) });
    expect((await sessionPage(customer, upcoming.id)).bookingBlocked).toBeNull();

    const second = await booked(customer, -1);
    const blocked = await mark(desk, second.session.id, second.bookingId, 'no-show');
    expect(blocked.json<{ data: Marked }>().data.blockedUntil).toBe(
      new Date(now.getTime() + 7 * 24 * hour).toISOString(),
    );
    const words =
      'Online booking is stopped until Tue 8 Dec, 20:00: you have had 2 strikes (a no-show or a late cancellation) within 30 days. You can still book at the centre’s reception.';
    expect((await sessionPage(customer, upcoming.id)).bookingBlocked).toBe(words);
    // My account says the same, for the customer only.
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/my-account/booking-block',
      headers: { host: siteHost.myAccount, cookie: customer.cookie },
    });
    expect(mine.json<{ data: { blocked: string | null } }>().data.blocked).toBe(words);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/my-account/booking-block',
      headers: { host: siteHost.myAccount },
    });
    expect(anonymous.statusCode).toBe(401);
    const emails = await emailsTo(customer.email);
    expect(emails.at(-1)!.subject).toBe('Online booking is stopped for now');
    expect(emails.at(-1)!.text).toContain(words);

    // Adding to the basket online is refused with the same words; the desk may still book.
    const add = await api.as(customer).book(upcoming.id, activity.price('adult').id);
    expect({ status: add.status, message: add.message }).toEqual({ status: 422, message: words });
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/activities/guest-pass/add',
      headers: { host: siteHost.bookings, origin: `http://${siteHost.bookings}`, cookie: customer.cookie },
      payload: { sessionId: upcoming.id, guestFirstName: 'Ola', guestLastName: 'Guest' },
    });
    expect(guest.statusCode).toBe(422);
    expect(guest.json().errors.customer).toEqual([words]);
    const atDesk = await staffCall(
      'GET',
      `/api/activities/sessions/${upcoming.id}?selected_user_id=${customer.id}`,
      desk,
    );
    expect(atDesk.statusCode, atDesk.body).toBe(200);
    expect(atDesk.json().data.bookingBlocked).toBeNull();
    const deskAdd = await staffCall('POST', '/api/cart/add', desk, {
      selectedUserId: customer.id,
      items: [{ id: upcoming.id, type: 'booking', pricing_option_id: activity.price('adult').id }],
    });
    expect(deskAdd.statusCode, deskAdd.body).toBe(200);

    // A week later the block has ended by itself.
    const before = now;
    now = new Date(now.getTime() + 7 * 24 * hour + 60_000);
    expect((await sessionPage(customer, upcoming.id)).bookingBlocked).toBeNull();
    now = before;
  });

  it('lets a manager of the centre remove a strike with a reason, in the audit log; the block lifts', async () => {
    const customer = await createCustomer(t);
    const one = await booked(customer, -3);
    const two = await booked(customer, -2);
    await mark(desk, one.session.id, one.bookingId, 'no-show');
    await mark(desk, two.session.id, two.bookingId, 'no-show');
    const upcoming = await createSession(t, activity, { startsAt: new Date(now.getTime() + 48 * hour) });
    expect((await sessionPage(customer, upcoming.id)).bookingBlocked).toMatch(/^Online booking is stopped/);

    const register = (await staffCall('GET', `/api/staff/registers/${two.session.id}`, manager)).json<{
      data: Register;
    }>().data;
    expect(register.canRemoveStrikes).toBe(true);
    const strike = register.entries.find((entry) => entry.bookingId === two.bookingId)!.strike!;
    expect(strike).toMatchObject({ kind: 'no-show', about: 'Spin, Tue 1 Dec, 18:00', removed: false });
    const byDesk = await staffCall('POST', `/api/staff/strikes/${strike.id}/remove`, desk, { reason: 'x' });
    expect(byDesk.statusCode).toBe(403);
    const noReason = await staffCall('POST', `/api/staff/strikes/${strike.id}/remove`, manager, {
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(422);
    const removed = await staffCall('POST', `/api/staff/strikes/${strike.id}/remove`, manager, {
      reason: 'Came late; the desk had the wrong class',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await sessionPage(customer, upcoming.id)).bookingBlocked).toBeNull();
    const audit = await rows<{ action: string; details: { reason: string } }>(
      `SELECT action, details FROM staff_audit_log WHERE customer_id = $1 ORDER BY id`,
      [customer.id],
    );
    expect(audit).toEqual([
      {
        action: 'strike.removed',
        details: expect.objectContaining({ reason: 'Came late; the desk had the wrong class' }),
      },
    ]);
    // Marking the no-show again does not bring back a strike a manager removed.
    await mark(desk, two.session.id, two.bookingId, 'attended');
    await mark(desk, two.session.id, two.bookingId, 'no-show');
    expect((await strikesOf(customer.id)).filter((s) => s.removed_at === null)).toHaveLength(1);
  });

  it('offers a stopped customer a waiting list’s freed place rather than booking it for them', async () => {
    const customer = await createCustomer(t);
    for (const hoursAgo of [3, 2]) {
      const { session, bookingId } = await booked(customer, -hoursAgo);
      expect((await mark(desk, session.id, bookingId, 'no-show')).statusCode).toBe(200);
    }
    const free = await createActivity(t, { name: 'Free swim', prices: { adult: 0 } });
    const holder = await createCustomer(t);
    const session = await createSession(t, free, {
      startsAt: new Date(now.getTime() + 48 * hour),
      capacity: 1,
      taken: 1,
    });
    const [held] = await rows<{ id: number }>(
      `INSERT INTO customer_bookings (customer_id, venue_id, activity_name, starts_at, ends_at, status, session_id, price_id)
       VALUES ($1, $2, 'Free swim', $3, $4, 'booked', $5, $6) RETURNING id`,
      [holder.id, session.venueId, session.startsAt, session.endsAt, session.id, free.price('adult').id],
    );
    const joined = await api
      .as(customer)
      .post(`/api/activities/sessions/${session.id}/waiting-list`, { autoBook: true });
    expect(joined.status).toBe(200);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/my-account/bookings/${held!.id}/cancel`,
      headers: { host: siteHost.myAccount, origin: `http://${siteHost.myAccount}`, cookie: holder.cookie },
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await t.services().waitingList.run();
    const [entry] = await rows<{ status: string }>(
      'SELECT status FROM waiting_list_entries WHERE customer_id = $1 AND session_id = $2',
      [customer.id, session.id],
    );
    expect(entry!.status).toBe('offered');
  });

  it('takes a no-show strike away when the booking is marked attended after all', async () => {
    const customer = await createCustomer(t);
    const { session, bookingId } = await booked(customer, -1);
    await mark(desk, session.id, bookingId, 'no-show');
    expect((await strikesOf(customer.id))[0]!.removed_at).toBeNull();
    await mark(desk, session.id, bookingId, 'attended');
    expect((await strikesOf(customer.id))[0]!.removed_at).not.toBeNull();
  });

  it('has the demo’s Morgan stopped, and Dana stopped once both her registers mark her a no-show', async () => {
    const [morgan, dana] = await Promise.all([
      loginCookie(t, 'C100011', demoPassword, siteHost.bookings),
      loginCookie(t, 'C100012', demoPassword, siteHost.bookings),
    ]);
    const upcoming = await createSession(t, activity, { startsAt: new Date(now.getTime() + 48 * hour) });
    const page = async (cookie: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/activities/sessions/${upcoming.id}`,
          headers: { host: siteHost.bookings, cookie },
        })
      ).json().data.bookingBlocked as string | null;
    // Morgan's second no-show was marked yesterday at 11:00 (London): stopped for 7 days from then.
    expect(await page(morgan)).toBe(
      'Online booking is stopped until Mon 7 Dec, 11:00: you have had 2 strikes (a no-show or a late cancellation) within 30 days. You can still book at the centre’s reception.',
    );
    expect(await page(dana)).toBeNull();
    // The spec's auth user says so too (`hasOutstandingPenalties`).
    const penalties = async (cookie: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/auth/user',
          headers: { host: siteHost.bookings, cookie },
        })
      ).json().data.hasOutstandingPenalties as boolean;
    expect([await penalties(morgan), await penalties(dana)]).toEqual([true, false]);
    const danaBookings = await rows<{ id: number; session_id: number }>(
      `SELECT b.id, b.session_id FROM customer_bookings b JOIN customers c ON c.id = b.customer_id
       WHERE c.reference = 'C100012' ORDER BY b.starts_at`,
    );
    expect(danaBookings).toHaveLength(2);
    for (const booking of danaBookings)
      expect((await mark(desk, booking.session_id, booking.id, 'no-show')).statusCode).toBe(200);
    expect(await page(dana)).toMatch(/^Online booking is stopped until Tue 8 Dec, 20:00:/);
    expect(await penalties(dana)).toBe(true);
  });

  it('reads the rules from the catalogue file, refusing what makes no sense', async () => {
    const demo = fs.readFileSync(demoCataloguePath, 'utf8');
    const centres = new Set((await rows<{ slug: string }>('SELECT slug FROM venues')).map((v) => v.slug));
    const parsed = parseCatalogue(demo.replace('strikesToBlock: 2', 'strikesToBlock: 0'), centres);
    expect(parsed.ok ? [] : parsed.problems.map((problem) => `${problem.path} ${problem.message}`)).toEqual([
      'bookingPenalties.strikesToBlock must be a whole number from 1 to 20',
    ]);
    const kept = parseCatalogue(demo, centres);
    expect(kept.ok && kept.catalogue.bookingPenalties).toEqual({
      noShowStrike: true,
      lateCancelHours: 4,
      // No fee in the demo (decision 0101): a strike each, as the file says.
      lateCancelStrike: true,
      noShowFeePence: 0,
      lateCancelFeePence: 0,
      strikesToBlock: 2,
      strikeWindowDays: 30,
      blockDays: 7,
    });
  });

  it('gives a strike for a cancellation within 4 hours of the start, and none before', async () => {
    const customer = await createCustomer(t);
    const early = await booked(customer, 30);
    const late = await booked(customer, 3);
    const cancel = (bookingId: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/my-account/bookings/${bookingId}/cancel`,
        headers: {
          host: siteHost.myAccount,
          origin: `http://${siteHost.myAccount}`,
          cookie: customer.cookie,
        },
        payload: {},
      });
    expect((await cancel(early.bookingId)).statusCode).toBe(200);
    expect(await strikesOf(customer.id)).toEqual([]);
    const answer = await cancel(late.bookingId);
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await strikesOf(customer.id)).map((s) => s.kind)).toEqual(['late-cancel']);
    const emails = await emailsTo(customer.email);
    expect(emails.at(-1)!.text).toContain('within 4 hours of the start');

    // A cancelled booking is on no register: the customer's page at the desk lists its strike, and
    // a manager of the centre removes it there.
    const strikes = async (cookie: string) => {
      const response = await staffCall('GET', `/api/staff/customers/${customer.id}/strikes`, cookie);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: CustomerStrikes }>().data;
    };
    const atDesk = await strikes(desk);
    expect(atDesk).toEqual({
      strikes: [
        expect.objectContaining({
          kind: 'late-cancel',
          about: 'Spin, Tue 1 Dec, 23:00',
          removed: false,
          removable: false,
        }),
      ],
      blocked: null,
    });
    const [late1] = (await strikes(manager)).strikes;
    expect(late1!.removable).toBe(true);
    const removed = await staffCall('POST', `/api/staff/strikes/${late1!.id}/remove`, manager, {
      reason: 'The class was moved',
    });
    expect(removed.statusCode).toBe(200);
    expect((await strikes(desk)).strikes[0]).toMatchObject({
      removed: true,
      removedReason: 'The class was moved',
    });
  });
});
