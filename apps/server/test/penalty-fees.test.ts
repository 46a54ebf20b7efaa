import type { Cart } from '@lido/contracts/cart';
import type { CustomerPenaltyFees, MyPenaltyFees } from '@lido/contracts/penalty-fees';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCataloguePath } from '../src/db/seed/seed-demo.ts';
import { importCatalogue } from '../src/modules/catalogue/catalogue-import.ts';
import { bookedSession, createActivity, type TestActivity } from './support/activity-factories.ts';
import { createCustomer, type TestCustomer } from './support/factories.ts';
import { staffLogin } from './support/staff-login.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

const hour = 60 * 60 * 1000;
const staffHost = siteHost.frontOfHouse;

/** The demo catalogue with a fee instead of a strike: £5 for a no-show, £3 for a late cancellation. */
const feeRules = `bookingPenalties:
  noShowStrike: false
  noShowFeePence: 500
  lateCancelHours: 4
  lateCancelStrike: false
  lateCancelFeePence: 300
  strikesToBlock: 2
  strikeWindowDays: 30
  blockDays: 7
`;

/**
 * Issue 35 item 6 (decision 0101): a catalogue rule giving a fee owed on the account instead of a
 * strike: given once per booking, shown to the customer, stopping online booking until paid through
 * the ordinary basket, waivable by a manager with a reason.
 */
describe('penalty fees for a no-show or a late cancellation', () => {
  let t: TestApp;
  const now = new Date('2026-12-01T20:00:00Z');
  let activity: TestActivity;
  const rows = <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.database.query<R>(sql, params);
  const call = (host: string, method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { host, origin: `http://${host}`, cookie },
      ...(payload ? { payload } : {}),
    });
  const desk = () => staffLogin(t, 'desk', 'Desk-Staff-2026!');
  const manager = () => staffLogin(t, 'manager', 'Pool-Manager-2026!');

  /** A session `hoursFromNow` from the clock, and a booking of it for `customer`. */
  const booked = async (customer: TestCustomer, hoursFromNow: number) => {
    // The customer's booking as checkout records it.
    return bookedSession(t, activity, customer, {
      startsAt: new Date(now.getTime() + hoursFromNow * hour),
    });
  };
  const mark = (cookie: string, sessionId: number, bookingId: number, status: string) =>
    call(staffHost, 'POST', `/api/staff/registers/${sessionId}/bookings/${bookingId}`, cookie, { status });
  const myFees = async (customer: TestCustomer) => {
    const response = await call(siteHost.myAccount, 'GET', '/api/my-account/penalty-fees', customer.cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: MyPenaltyFees }>().data;
  };
  const blockedOnline = async (customer: TestCustomer, sessionId: number) => {
    const response = await call(
      siteHost.bookings,
      'GET',
      `/api/activities/sessions/${sessionId}`,
      customer.cookie,
    );
    return response.json<{ data: { bookingBlocked: string | null } }>().data.bookingBlocked;
  };
  const penalties = async (customer: TestCustomer) =>
    (await call(siteHost.bookings, 'GET', '/api/auth/user', customer.cookie)).json<{
      data: { hasOutstandingPenalties: boolean };
    }>().data.hasOutstandingPenalties;

  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
    const demo = fs.readFileSync(demoCataloguePath, 'utf8');
    const withFees = demo.replace(/bookingPenalties:\n( {2}.*\n)+/, feeRules);
    expect(withFees).not.toBe(demo);
    expect(await importCatalogue(t.database.db, 1, withFees, { now })).toMatchObject({ ok: true });
    activity = await createActivity(t, { name: 'Spin' });
  });
  afterAll(() => t?.close());

  it('gives a no-show one fee however often it is marked at once, and stops booking online until paid', async () => {
    const customer = await createCustomer(t, { firstName: 'Owen', lastName: 'Price' });
    const { session, bookingId } = await booked(customer, -1);
    const later = await booked(customer, 30);
    expect(await blockedOnline(customer, later.session.id)).toBeNull();
    const cookie = await desk();
    const marks = await Promise.all([1, 2, 3].map(() => mark(cookie, session.id, bookingId, 'no-show')));
    expect(marks.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const fees = await rows<{ amount_pence: number; kind: string }>(
      'SELECT amount_pence, kind FROM account_penalty_fees WHERE booking_id = $1',
      [bookingId],
    );
    expect(fees).toEqual([{ amount_pence: 500, kind: 'no-show' }]);
    // A fee instead of a strike: no strike was given.
    expect(await rows('SELECT id FROM booking_strikes WHERE booking_id = $1', [bookingId])).toEqual([]);
    const emails = await rows<{ subject: string; text: string }>(
      'SELECT subject, text_body AS text FROM email_outbox WHERE to_address = $1',
      [customer.email],
    );
    expect(emails.map((email) => email.subject)).toEqual(['A fee on your account']);
    expect(emails[0]!.text).toContain('a fee of £5.00 has been added to your account');

    const mine = await myFees(customer);
    expect(mine.owed.formatted).toBe('£5.00');
    expect(mine.fees).toEqual([
      expect.objectContaining({
        kind: 'no-show',
        about: 'No-show: Spin, Tue 1 Dec, 19:00',
        status: 'owed',
        prettyGivenAt: '1 Dec 2026',
        amount: expect.objectContaining({ formatted: '£5.00' }),
      }),
    ]);
    expect(await blockedOnline(customer, later.session.id)).toBe(
      'Online booking is stopped until you pay £5.00 owed on your account (No-show: Spin, Tue 1 Dec, 19:00). ' +
        'Pay it in My account. You can still book at the centre’s reception.',
    );
    expect(await penalties(customer)).toBe(true);
    const refused = await call(siteHost.bookings, 'POST', '/api/cart/add', customer.cookie, {
      items: [{ id: later.session.id, type: 'booking', pricing_option_id: activity.price('adult').id }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('Online booking is stopped until you pay £5.00');
  });

  it('is paid through the ordinary basket, once, and online booking opens again', async () => {
    const customer = await createCustomer(t, { creditBalancePence: 2000 });
    const { session, bookingId } = await booked(customer, -2);
    const later = await booked(customer, 30);
    expect((await mark(await desk(), session.id, bookingId, 'no-show')).statusCode).toBe(200);
    const pay = () => call(siteHost.myAccount, 'POST', '/api/my-account/penalty-fees/pay', customer.cookie);
    const first = await pay();
    expect(first.statusCode, first.body).toBe(201);
    // "Pay now" twice puts the fee in the basket once.
    const basket = (await pay()).json<{ data: Cart }>().data;
    expect(basket.items).toEqual([
      expect.objectContaining({
        type: 'penalty_fee',
        name: 'Penalty fee',
        description: 'No-show: Spin, Tue 1 Dec, 18:00',
        price: expect.objectContaining({ formatted: '£5.00' }),
      }),
    ]);
    expect(basket.totals.total).toBe(500);
    const paid = await call(siteHost.bookings, 'POST', '/api/checkout/complete', customer.cookie, {
      source: 'bookings',
      payments: [{ tender_type: 'credit', amount: 500 }],
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const orderId = paid.json<{ data: { orderId: number } }>().data.orderId;
    expect(
      await rows('SELECT item_type, description, amount_pence FROM order_items WHERE order_id = $1', [
        orderId,
      ]),
    ).toEqual([
      {
        item_type: 'penalty_fee',
        description: 'Penalty fee: No-show: Spin, Tue 1 Dec, 18:00',
        amount_pence: 500,
      },
    ]);
    // The order's confirmation names the fee it paid.
    const order = await call(siteHost.bookings, 'GET', `/api/orders/${orderId}`, customer.cookie);
    expect(order.json<{ data: { items: unknown[] } }>().data.items).toEqual([
      {
        type: 'penalty_fee',
        name: 'Penalty fee',
        description: 'Penalty fee: No-show: Spin, Tue 1 Dec, 18:00',
        total: expect.objectContaining({ formatted: '£5.00' }),
      },
    ]);
    expect((await myFees(customer)).fees).toEqual([expect.objectContaining({ status: 'paid' })]);
    expect((await myFees(customer)).owed.formatted).toBe('£0.00');
    expect(await blockedOnline(customer, later.session.id)).toBeNull();
    expect(await penalties(customer)).toBe(false);
    // Nothing is left to pay: "Pay now" says so and adds nothing.
    const none = await pay();
    expect(none.statusCode).toBe(422);
    expect(none.body).toContain('You have no fees to pay.');

    // The register was wrong: marked attended (three times at once), the paid fee comes back as
    // account credit once, and it is said so.
    const credit = async () =>
      (
        await rows<{ balance_pence: number }>(
          'SELECT balance_pence FROM account_credit_balances WHERE customer_id = $1',
          [customer.id],
        )
      )[0]?.balance_pence;
    expect(await credit()).toBe(1500);
    const corrected = await Promise.all(
      [1, 2, 3].map(async () => mark(await desk(), session.id, bookingId, 'attended')),
    );
    for (const answer of corrected) expect(answer.statusCode, answer.body).toBe(200);
    expect(await credit()).toBe(2000);
    expect((await myFees(customer)).fees).toEqual([expect.objectContaining({ status: 'given-back' })]);
    expect((await mark(await desk(), session.id, bookingId, 'attended')).statusCode).toBe(200);
    expect(await credit()).toBe(2000);
  });

  it('is paid at the desk from the basket; like arrears, that order is not voided at the desk', async () => {
    const customer = await createCustomer(t);
    const { session, bookingId } = await booked(customer, -1);
    const deskCookie = await desk();
    expect((await mark(deskCookie, session.id, bookingId, 'no-show')).statusCode).toBe(200);
    expect(
      (await call(siteHost.myAccount, 'POST', '/api/my-account/penalty-fees/pay', customer.cookie))
        .statusCode,
    ).toBe(201);
    const paid = await call(staffHost, 'POST', '/api/cart/pay', deskCookie, {
      source: 'front-of-house',
      selectedUserId: customer.id,
      transactionUuid: randomUUID(),
      payments: [{ tender_type: 'cash', amount: 500 }],
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await myFees(customer)).fees).toEqual([expect.objectContaining({ status: 'paid' })]);
    const orderId = paid.json<{ data: { orderId: number } }>().data.orderId;
    // Taken "today" on the app's clock (1 Dec), which the database's own now() is not.
    await rows('UPDATE orders SET created_at = $1, completed_at = $1 WHERE id = $2', [now, orderId]);
    const supervisor = await staffLogin(t, 'supervisor', 'Supervisor-2026!');
    const preview = await call(staffHost, 'GET', `/api/staff/orders/${orderId}/void`, supervisor);
    expect(preview.statusCode).toBe(422);
    const voided = await call(staffHost, 'POST', `/api/staff/orders/${orderId}/void`, supervisor, {
      reason: 'Charged the wrong customer',
      handBackPence: 500,
    });
    expect(voided.statusCode).toBe(422);
    expect(voided.json().message).toContain('cannot be voided at the desk');
    expect((await myFees(customer)).fees).toEqual([expect.objectContaining({ status: 'paid' })]);
    expect(await penalties(customer)).toBe(false);
  });

  it('takes a fee line out of the basket like any other line', async () => {
    const customer = await createCustomer(t);
    const { session, bookingId } = await booked(customer, -1);
    expect((await mark(await desk(), session.id, bookingId, 'no-show')).statusCode).toBe(200);
    const basket = (
      await call(siteHost.myAccount, 'POST', '/api/my-account/penalty-fees/pay', customer.cookie)
    ).json<{ data: Cart }>().data;
    const removed = await call(siteHost.bookings, 'POST', '/api/cart/remove', customer.cookie, {
      cart_item_ids: [basket.items[0]!.id],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<{ data: Cart }>().data.items).toEqual([]);
    expect((await myFees(customer)).fees).toEqual([expect.objectContaining({ status: 'owed' })]);
  });

  it('is waived by a manager of the centre with a reason, in the audit log; never by the desk', async () => {
    const customer = await createCustomer(t);
    const { session, bookingId } = await booked(customer, -1);
    const deskCookie = await desk();
    expect((await mark(deskCookie, session.id, bookingId, 'no-show')).statusCode).toBe(200);
    const [fee] = await rows<{ id: number }>('SELECT id FROM account_penalty_fees WHERE booking_id = $1', [
      bookingId,
    ]);
    const waive = (cookie: string, payload: object) =>
      call(staffHost, 'POST', `/api/staff/penalty-fees/${fee!.id}/waive`, cookie, payload);
    const refused = await waive(deskCookie, { reason: 'Goodwill' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only a manager of the booking’s centre can waive a fee.');
    const managerCookie = await manager();
    const listed = await call(
      staffHost,
      'GET',
      `/api/staff/customers/${customer.id}/penalty-fees`,
      managerCookie,
    );
    expect(listed.json<{ data: CustomerPenaltyFees }>().data.fees).toEqual([
      expect.objectContaining({ id: fee!.id, status: 'owed', waivable: true }),
    ]);
    for (const body of [{}, { reason: '' }, { reason: 'x'.repeat(501) }, { reason: 'ok', extra: 1 }])
      expect((await waive(managerCookie, body)).statusCode, JSON.stringify(body)).toBe(422);
    expect((await waive(managerCookie, { reason: 'Pool closed early; not her fault' })).statusCode).toBe(200);
    expect((await waive(managerCookie, { reason: 'Again' })).statusCode).toBe(409);
    expect(
      (
        await call(staffHost, 'POST', '/api/staff/penalty-fees/2147483647/waive', managerCookie, {
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect((await myFees(customer)).fees).toEqual([
      expect.objectContaining({ status: 'waived', waivedReason: 'Pool closed early; not her fault' }),
    ]);
    expect(await penalties(customer)).toBe(false);
    const audit = await rows<{ action: string; amount_pence: number; details: { reason: string } }>(
      `SELECT action, amount_pence, details FROM staff_audit_log WHERE customer_id = $1`,
      [customer.id],
    );
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'penalty-fee.waived',
        amount_pence: 500,
        details: expect.objectContaining({ reason: 'Pool closed early; not her fault' }),
      }),
    ]);
  });

  it('gives a late cancellation its fee; a no-show corrected to attended owes nothing, and owes again if re-marked', async () => {
    const customer = await createCustomer(t);
    const late = await booked(customer, 3);
    const cancelled = await call(
      siteHost.myAccount,
      'POST',
      `/api/my-account/bookings/${late.bookingId}/cancel`,
      customer.cookie,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await myFees(customer)).fees).toEqual([
      expect.objectContaining({
        kind: 'late-cancel',
        status: 'owed',
        amount: expect.objectContaining({ formatted: '£3.00' }),
      }),
    ]);
    expect(await rows('SELECT id FROM booking_strikes WHERE booking_id = $1', [late.bookingId])).toEqual([]);

    const other = await createCustomer(t);
    const { session, bookingId } = await booked(other, -1);
    const cookie = await desk();
    expect((await mark(cookie, session.id, bookingId, 'no-show')).statusCode).toBe(200);
    expect((await mark(cookie, session.id, bookingId, 'attended')).statusCode).toBe(200);
    expect((await myFees(other)).fees).toEqual([expect.objectContaining({ status: 'waived' })]);
    expect(await penalties(other)).toBe(false);
    expect((await mark(cookie, session.id, bookingId, 'no-show')).statusCode).toBe(200);
    expect((await myFees(other)).fees).toEqual([expect.objectContaining({ status: 'owed' })]);
    expect(await rows('SELECT id FROM account_penalty_fees WHERE booking_id = $1', [bookingId])).toHaveLength(
      1,
    );
  });
});
