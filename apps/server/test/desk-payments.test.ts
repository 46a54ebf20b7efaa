import { createAuthRepository } from '../src/modules/auth/auth.repository.ts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '@lido/pricing/calendar-date';
import { creditMessages } from '@lido/contracts/offline-payments';
import { nonCashOverMessage } from '../src/modules/desk-payments/desk-tenders.ts';
import { transactionReused } from '../src/modules/desk-payments/desk-pay.ts';
import { insertDependant } from '../src/modules/customers/family.repository.ts';
import { staffSiteOnly } from '../src/http/callers.ts';
import { staffOnlyMessage } from '../src/http/callers.ts';
import { apiClient } from './support/api.ts';
import { basketWith, createCustomer, type TestCustomer } from './support/factories.ts';
import { createActivity, createSession, holdPlace, sessionCounts } from './support/activity-factories.ts';
import type { Order } from '@lido/contracts/order';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

const host = siteHost.frontOfHouse;
const origin = `http://${host}`;
const desk = { username: 'desk', password: 'Desk-Staff-2026!' };
const supervisor = { username: 'supervisor', password: 'Supervisor-2026!' };

type Tender = {
  tenderType: 'cash' | 'offline-voucher' | 'cheque' | 'credit';
  amount: number;
  voucherCode?: string;
};
/** A paper voucher's code no other test has used (another's vouchers pay once). */
const randomVoucherCode = () => `PAPER-${randomUUID().slice(0, 8).toUpperCase()}`;

/** POST {checkout}/pay at the front desk (issue 19 items 4 and 5, decision 0056). */
describe('taking payment at the desk', () => {
  let t: TestApp;
  let deskCookie = '';
  let supervisorCookie = '';

  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: unknown, at = host) =>
    t.app.inject({
      method,
      url,
      headers: { host: at, origin: `http://${at}`, cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const staffCookie = async (who: { username: string; password: string }) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      headers: { host, origin },
      payload: who,
    });
    const cookie = String(response.headers['set-cookie']).match(/lido_staffToken=[^;]+/)?.[0];
    if (!cookie) throw new Error(`staff login failed: ${response.statusCode} ${response.body}`);
    return cookie;
  };
  const rows = <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.database.query<R>(sql, params);

  /** An annual Gym Anytime starting today (orders are stamped by the database's clock, so the real today). */
  const gymToday = () => [
    { slug: 'gym-anytime', paymentType: 'fixed' as const, startDate: todayIn(t.config.timeZone, new Date()) },
  ];
  /** A customer with an annual Gym Anytime in their basket (built as they would online). */
  const withBasket = async (creditBalancePence = 0) => {
    const customer = await createCustomer(t, { creditBalancePence });
    const cart = await basketWith(t, customer, gymToday());
    const terms = (await apiClient(t).as(customer).terms(cart.cartId!)).data.data.map((term) => term.id);
    return { customer, total: cart.totals.total, terms };
  };
  const pay = (
    customer: { id: number },
    body: { payments?: unknown; terms?: number[]; transactionUuid?: string },
    cookie = deskCookie,
  ) =>
    call('POST', '/api/cart/pay', cookie, {
      source: 'front-of-house',
      selectedUserId: customer.id,
      transactionUuid: randomUUID(),
      ...body,
    });
  const ordersOf = (customer: TestCustomer) =>
    rows<{
      id: number;
      total_pence: number;
      credit_pence: number;
      change_pence: number;
      payment_method: string;
    }>(
      'SELECT id, total_pence, credit_pence, change_pence, payment_method FROM orders WHERE customer_id = $1',
      [customer.id],
    );
  const tendersOf = (orderId: number) =>
    rows<{ tender_type: string; amount_pence: number; tendered_pence: number }>(
      'SELECT tender_type, amount_pence, tendered_pence FROM order_tenders WHERE order_id = $1 ORDER BY id',
      [orderId],
    );
  const voucherCodesOf = async (orderId: number) =>
    (
      await rows<{ voucher_code: string | null }>(
        'SELECT voucher_code FROM order_tenders WHERE order_id = $1 ORDER BY id',
        [orderId],
      )
    ).map((row) => row.voucher_code);
  const auditOf = (orderId: number, action: string) =>
    rows<{ action: string; actor: string; amount_pence: number; details: Record<string, unknown> }>(
      'SELECT action, actor, amount_pence, details FROM staff_audit_log WHERE order_id = $1 AND action = $2',
      [orderId, action],
    );
  const balanceOf = async (customer: TestCustomer) =>
    (
      await rows<{ b: number }>(
        'SELECT coalesce((SELECT balance_pence FROM account_credit_balances WHERE customer_id = $1), 0) AS b',
        [customer.id],
      )
    )[0]!.b;

  beforeAll(async () => {
    t = await createTestApp();
    deskCookie = await staffCookie(desk);
    supervisorCookie = await staffCookie(supervisor);
  });
  afterAll(() => t?.close());

  describe('the tender rules', () => {
    it('folds the tenders: a later cash entry replaces the earlier one, and the change comes from cash', async () => {
      const { customer, total, terms } = await withBasket();
      const response = await pay(customer, {
        terms,
        payments: [
          { tenderType: 'cash', amount: 100 },
          { tenderType: 'cash', amount: total + 500 },
        ],
      });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json().data;
      expect(answer).toMatchObject({ status: 'completed', change: { raw: { amount: 500 } } });
      const [order] = await ordersOf(customer);
      expect(order).toMatchObject({ id: answer.orderId, total_pence: total, change_pence: 500 });
      expect(order!.payment_method).toBe('offline');
      expect(await tendersOf(order!.id)).toEqual([
        { tender_type: 'cash', amount_pence: total, tendered_pence: total + 500 },
      ]);
    });

    it('splits cash and vouchers; vouchers and cheques add up, and an amount of 0 adds nothing', async () => {
      const { customer, total, terms } = await withBasket();
      const [first, second] = [randomVoucherCode(), randomVoucherCode()];
      const payments: Tender[] = [
        { tenderType: 'offline-voucher', amount: 1000, voucherCode: first },
        { tenderType: 'cheque', amount: 999 },
        { tenderType: 'cheque', amount: 0 },
        { tenderType: 'offline-voucher', amount: 500, voucherCode: second },
        { tenderType: 'cash', amount: total - 2499 },
      ];
      const response = await pay(customer, { terms, payments });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.change.raw.amount).toBe(0);
      expect(await tendersOf(response.json().data.orderId)).toEqual([
        { tender_type: 'offline-voucher', amount_pence: 1000, tendered_pence: 1000 },
        { tender_type: 'cheque', amount_pence: 999, tendered_pence: 999 },
        { tender_type: 'offline-voucher', amount_pence: 500, tendered_pence: 500 },
        { tender_type: 'cash', amount_pence: total - 2499, tendered_pence: total - 2499 },
      ]);
      expect(await voucherCodesOf(response.json().data.orderId)).toEqual([first, null, second, null]);
    });

    it('removes cash with a negative amount, so what is left is refused with the amount still to pay', async () => {
      const { customer, total, terms } = await withBasket();
      const response = await pay(customer, {
        terms,
        payments: [
          { tenderType: 'cash', amount: total },
          { tenderType: 'cheque', amount: 1000 },
          { tenderType: 'cash', amount: -5 },
        ],
      });
      expect(response.statusCode).toBe(422);
      const left = ((total - 1000) / 100).toFixed(2);
      expect(response.json().message).toBe(`£${left} is still to pay.`);
      expect(await ordersOf(customer)).toEqual([]);
    });

    it('refuses vouchers, cheques and credit that are more than the total (only cash gives change)', async () => {
      const { customer, total, terms } = await withBasket();
      const response = await pay(customer, {
        terms,
        payments: [
          { tenderType: 'cheque', amount: total + 1 },
          { tenderType: 'cash', amount: 500 },
        ],
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        message: nonCashOverMessage,
        errors: { payments: [nonCashOverMessage] },
      });
      expect(await ordersOf(customer)).toEqual([]);
    });

    it('pays with account credit (a later credit entry replaces the earlier) and spends it from the balance', async () => {
      const { customer, total, terms } = await withBasket(5000);
      const response = await pay(customer, {
        terms,
        payments: [
          { tenderType: 'credit', amount: 4000 },
          { tenderType: 'credit', amount: 2000 },
          { tenderType: 'cash', amount: total },
        ],
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.change.raw.amount).toBe(2000);
      expect(await balanceOf(customer)).toBe(3000);
      const [order] = await ordersOf(customer);
      expect(order!.credit_pence).toBe(2000);
      expect(await tendersOf(order!.id)).toEqual([
        { tender_type: 'credit', amount_pence: 2000, tendered_pence: 2000 },
        { tender_type: 'cash', amount_pence: total - 2000, tendered_pence: total },
      ]);
    });

    it('refuses credit beyond the customer’s balance and changes nothing', async () => {
      const { customer, total, terms } = await withBasket(300);
      const response = await pay(customer, {
        terms,
        payments: [
          { tenderType: 'credit', amount: 400 },
          { tenderType: 'cash', amount: total },
        ],
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(creditMessages.notEnough);
      expect(await balanceOf(customer)).toBe(300);
      expect(await ordersOf(customer)).toEqual([]);
    });

    it('completes a basket with nothing to pay with no tenders at all', async () => {
      const customer = await createCustomer(t);
      const cart = await basketWith(t, customer, gymToday());
      const terms = (await apiClient(t).as(customer).terms(cart.cartId!)).data.data.map((term) => term.id);
      await rows('UPDATE cart_items SET amount_pence = 0 WHERE cart_id = $1', [cart.cartId]);
      const response = await pay(customer, { terms });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.change.raw.amount).toBe(0);
      const [order] = await ordersOf(customer);
      expect(order!.total_pence).toBe(0);
      expect(await tendersOf(order!.id)).toEqual([]);
    });

    it('checks the terms as online checkout does', async () => {
      const { customer, total } = await withBasket();
      const response = await pay(customer, { payments: [{ tenderType: 'cash', amount: total }] });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('Please check all required terms and conditions');
      expect(await ordersOf(customer)).toEqual([]);
    });
  });

  describe('one order per transaction', () => {
    it('answers 20 concurrent identical calls with one order, one audit row and one receipt', async () => {
      const { customer, total, terms } = await withBasket();
      const body = {
        terms,
        transactionUuid: randomUUID(),
        payments: [{ tenderType: 'cash', amount: total + 20 }],
      };
      const answers = await Promise.all(Array.from({ length: 20 }, () => pay(customer, body)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
      const ids = new Set(answers.map((answer) => answer.json().data.orderId));
      expect(ids.size).toBe(1);
      expect(answers.every((answer) => answer.json().data.change.raw.amount === 20)).toBe(true);
      const orders = await ordersOf(customer);
      expect(orders).toHaveLength(1);
      const audit = await auditOf(orders[0]!.id, 'order.pay');
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actor: 'staff: desk',
        amount_pence: total,
        details: {
          changePence: 20,
          tenders: [{ tenderType: 'cash', tenderedPence: total + 20, paidPence: total }],
        },
      });
      const receipts = await rows<{ text_body: string }>(
        'SELECT text_body FROM email_outbox WHERE dedupe_key = $1',
        [`receipt:${orders[0]!.id}`],
      );
      expect(receipts).toHaveLength(1);
      expect(receipts[0]!.text_body).toContain(
        `Paid at the desk: Cash £${(total / 100).toFixed(2)}. Change given: £0.20.`,
      );
    });

    it('refuses a pay with no basket instead of answering the customer’s last order', async () => {
      const { customer, total, terms } = await withBasket();
      expect(
        (await pay(customer, { terms, payments: [{ tenderType: 'cash', amount: total }] })).statusCode,
      ).toBe(200);
      const again = await pay(customer, { terms, payments: [{ tenderType: 'cash', amount: total }] });
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe('Your basket is empty.');
      expect(await ordersOf(customer)).toHaveLength(1);
    });

    it('refuses the same transaction for another payment with 409', async () => {
      const { customer, total, terms } = await withBasket();
      const transactionUuid = randomUUID();
      const first = await pay(customer, {
        terms,
        transactionUuid,
        payments: [{ tenderType: 'cash', amount: total }],
      });
      expect(first.statusCode).toBe(200);
      const otherTenders = await pay(customer, {
        terms,
        transactionUuid,
        payments: [{ tenderType: 'cash', amount: total + 100 }],
      });
      expect(otherTenders.statusCode).toBe(409);
      expect(otherTenders.json().message).toBe(transactionReused);
      // A new basket with the same transaction is a different payment too.
      await basketWith(t, customer, gymToday());
      const newBasket = await pay(customer, {
        terms,
        transactionUuid,
        payments: [{ tenderType: 'cash', amount: total }],
      });
      expect(newBasket.statusCode).toBe(409);
      expect(await ordersOf(customer)).toHaveLength(1);
    });
  });

  describe('who may pay', () => {
    it('refuses a customer session, on the staff site and off it, and a staff session off the staff site', async () => {
      const { customer, total, terms } = await withBasket();
      const body = { terms, payments: [{ tenderType: 'cash', amount: total }] };
      const asCustomer = await pay(customer, body, customer.cookie);
      expect(asCustomer.statusCode).toBe(403);
      expect(asCustomer.json().message).toBe(staffOnlyMessage);
      const offSite = await call(
        'POST',
        '/api/cart/pay',
        deskCookie,
        { ...body, source: 'front-of-house', selectedUserId: customer.id, transactionUuid: randomUUID() },
        siteHost.onlineJoining,
      );
      expect(offSite.statusCode).toBe(403);
      expect(offSite.json().message).toBe(staffSiteOnly);
      expect(await ordersOf(customer)).toEqual([]);
    });

    it('pays a dependant’s basket from their account holder’s, and an unknown customer is 404', async () => {
      const { customer, total, terms } = await withBasket();
      const holder = await createAuthRepository(t.database.db).customerById(customer.id);
      const dependant = await insertDependant(t.database.db, holder!, {
        firstName: 'Kit',
        lastName: 'Tester',
        dateOfBirth: '2015-05-05',
        relationship: 'child',
      });
      const unknown = await pay({ id: 99_999_999 }, { terms, payments: [] });
      expect(unknown.statusCode).toBe(404);
      const response = await pay(dependant!, { terms, payments: [{ tenderType: 'cash', amount: total }] });
      expect(response.statusCode, response.body).toBe(200);
      expect(await ordersOf(customer)).toHaveLength(1);
    });
  });

  describe('hostile bodies', () => {
    it('refuses NUL characters, deep nesting, negative ids and unknown fields with a 4xx that changes nothing', async () => {
      const { customer, total, terms } = await withBasket();
      let nested: unknown = { tenderType: 'cash', amount: total };
      for (let depth = 0; depth < 200; depth += 1) nested = [nested];
      const bodies = [
        { payments: [{ tenderType: 'cash\u0000', amount: total }], terms },
        { payments: nested, terms },
        { payments: [{ tenderType: 'cash', amount: total, extra: { a: { b: { c: 1 } } } }], terms },
        { payments: [{ tenderType: 'cash', amount: 1.5 }], terms },
        { transactionUuid: 'not-a-uuid\u0000', terms },
      ];
      for (const body of bodies) {
        const response = await pay(customer, body);
        expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
      }
      const negative = await call('POST', '/api/cart/pay', deskCookie, {
        source: 'front-of-house',
        selectedUserId: -1,
        transactionUuid: randomUUID(),
      });
      expect(negative.statusCode).toBe(422);
      expect(await ordersOf(customer)).toEqual([]);
    });

    it('pays only the selected customer’s own basket: another customer’s basket stays as it was', async () => {
      const mine = await withBasket();
      const theirs = await withBasket();
      const response = await pay(mine.customer, {
        terms: theirs.terms,
        payments: [{ tenderType: 'cash', amount: theirs.total }],
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(await ordersOf(theirs.customer)).toEqual([]);
      expect((await apiClient(t).as(theirs.customer).cart()).data.items).toHaveLength(1);
    });
  });

  describe('voiding and the cash-up', () => {
    /** As the staff site does: what will be handed back is read first, and confirmed with the void. */
    const voidOrder = async (orderId: number, cookie: string, reason = 'Customer changed their mind') => {
      const preview = await call('GET', `/api/staff/orders/${orderId}/void`, supervisorCookie);
      const handBackPence = preview.statusCode === 200 ? preview.json().data.handBackTotal.raw.amount : 0;
      return call('POST', `/api/staff/orders/${orderId}/void`, cookie, { reason, handBackPence });
    };

    it('lets only a supervisor void, once even when two voids race, and gives the credit back', async () => {
      const { customer, total, terms } = await withBasket(1000);
      const paid = await pay(customer, {
        terms,
        payments: [
          { tenderType: 'credit', amount: 1000 },
          { tenderType: 'cash', amount: total - 1000 },
        ],
      });
      const { orderId } = paid.json().data;
      expect(await balanceOf(customer)).toBe(0);

      const byDesk = await voidOrder(orderId, deskCookie);
      expect(byDesk.statusCode).toBe(403);
      expect(byDesk.json().message).toBe('Only a supervisor can void an order.');
      const byCustomer = await voidOrder(orderId, customer.cookie);
      expect(byCustomer.statusCode).toBe(403);

      const [one, two] = await Promise.all([
        voidOrder(orderId, supervisorCookie),
        voidOrder(orderId, supervisorCookie),
      ]);
      expect([one!.statusCode, two!.statusCode].sort()).toEqual([200, 409]);
      const voided = [one!, two!].find((answer) => answer.statusCode === 200)!.json().data;
      expect(voided).toMatchObject({
        id: orderId,
        status: 'voided',
        voidedBy: { name: expect.any(String) },
        voidReason: 'Customer changed their mind',
      });
      expect(await balanceOf(customer)).toBe(1000);
      const audit = await auditOf(orderId, 'order.void');
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actor: 'staff: supervisor',
        amount_pence: total,
        details: {
          creditReturnedPence: 1000,
          alreadyRefundedPence: 0,
          handedBack: [
            { tenderType: 'credit', amountPence: 1000, inCash: false },
            { tenderType: 'cash', amountPence: total - 1000, inCash: false },
          ],
          membershipsCancelled: 1,
        },
      });
      const [membership] = await rows<{ status: string; cancel_kind: string }>(
        'SELECT status, cancel_kind FROM customer_memberships WHERE order_id = $1',
        [orderId],
      );
      expect(membership).toEqual({ status: 'cancelled', cancel_kind: 'cooling_off' });
      // The customer's Payments page still lists it, as refunded.
      const payments = await apiClient(t, siteHost.myAccount)
        .as(customer)
        .get<{ id: number; status: string; paymentMethod: string }[]>('/api/my-account/payments');
      expect(payments.data.find((payment) => payment.id === orderId)).toMatchObject({
        status: 'refunded',
        paymentMethod: 'offline',
      });
    });

    it('voids a booking bought at the desk: the booking is cancelled and its place goes back on sale', async () => {
      const customer = await createCustomer(t);
      const activity = await createActivity(t);
      const session = await createSession(t, activity, { capacity: 5 });
      await holdPlace(t, customer.id, session, activity.price('adult'));
      const paid = await pay(customer, { payments: [{ tenderType: 'cash', amount: 1000 }] });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().data.change.raw.amount).toBe(350);
      expect(await sessionCounts(t, session.id)).toMatchObject({ taken: 1 });

      // The customer's order reads as paid at the desk, tender by tender.
      const order = await apiClient(t).as(customer).get<Order>(`/api/orders/${paid.json().data.orderId}`);
      expect(order.data.payment).toMatchObject({
        method: 'offline',
        card: { raw: { amount: 0 } },
        tenders: [{ tenderType: 'cash', amount: { raw: { amount: 650 } } }],
      });

      const voided = await voidOrder(paid.json().data.orderId, supervisorCookie, 'Booked the wrong class');
      expect(voided.statusCode, voided.body).toBe(200);
      expect(await sessionCounts(t, session.id)).toMatchObject({ taken: 0 });
      const [booking] = await rows<{ status: string }>(
        'SELECT status FROM customer_bookings WHERE order_id = $1',
        [paid.json().data.orderId],
      );
      expect(booking!.status).toBe('cancelled');
      expect((await auditOf(paid.json().data.orderId, 'order.void'))[0]!.details).toMatchObject({
        bookingsCancelled: 1,
        handedBack: [{ tenderType: 'cash', amountPence: 650 }],
      });
    });

    it('lists the day’s desk orders for any staff and sums the cash-up per staff member and tender', async () => {
      const before = (await call('GET', '/api/staff/cash-up', supervisorCookie)).json().data;
      const net = (tender: string, answer = before) =>
        (answer.totals as { tenderType: string; net: { raw: { amount: number } } }[]).find(
          (total) => total.tenderType === tender,
        )?.net.raw.amount ?? 0;

      const a = await withBasket();
      const b = await withBasket();
      const paidA = await pay(a.customer, {
        terms: a.terms,
        payments: [
          { tenderType: 'offline-voucher', amount: 700, voucherCode: randomVoucherCode() },
          { tenderType: 'cash', amount: a.total },
        ],
      });
      const paidB = await pay(
        b.customer,
        { terms: b.terms, payments: [{ tenderType: 'cheque', amount: b.total }] },
        supervisorCookie,
      );
      expect(paidA.statusCode).toBe(200);
      expect(paidB.statusCode).toBe(200);
      expect((await voidOrder(paidB.json().data.orderId, supervisorCookie)).statusCode).toBe(200);

      const day = await call('GET', '/api/staff/orders', deskCookie);
      expect(day.statusCode).toBe(200);
      const listed = day.json().data.orders as { id: number; status: string; tenders: unknown[] }[];
      expect(listed.find((order) => order.id === paidA.json().data.orderId)).toMatchObject({
        status: 'completed',
        tenders: [
          {
            tenderType: 'offline-voucher',
            amount: { raw: { amount: 700 } },
            voucherCode: expect.any(String),
          },
          { tenderType: 'cash', amount: { raw: { amount: a.total - 700 } } },
        ],
      });
      expect(listed.find((order) => order.id === paidB.json().data.orderId)?.status).toBe('voided');

      expect((await call('GET', '/api/staff/cash-up', deskCookie)).statusCode).toBe(403);
      const after = (await call('GET', '/api/staff/cash-up', supervisorCookie)).json().data;
      expect(net('cash', after) - net('cash')).toBe(a.total - 700);
      expect(net('offline-voucher', after) - net('offline-voucher')).toBe(700);
      // The voided cheque was handed back: taken and voided, nothing net.
      expect(net('cheque', after) - net('cheque')).toBe(0);
      expect(after.voidedOrders - before.voidedOrders).toBe(1);
      const chequeVoided = (after.rows as { tenderType: string; voided: { raw: { amount: number } } }[])
        .filter((row) => row.tenderType === 'cheque')
        .reduce((sum, row) => sum + row.voided.raw.amount, 0);
      expect(chequeVoided).toBeGreaterThanOrEqual(b.total);
    });

    it('refuses a date that is not a calendar date and an order that is not a desk order', async () => {
      expect((await call('GET', '/api/staff/orders?date=2026-02-30', deskCookie)).statusCode).toBe(422);
      expect((await call('GET', '/api/staff/cash-up?date=2026-13-01', supervisorCookie)).statusCode).toBe(
        422,
      );
      expect((await voidOrder(99_999_999, supervisorCookie)).statusCode).toBe(404);
      expect(
        (await call('POST', '/api/staff/orders/1/void', supervisorCookie, { reason: 'x', handBackPence: 0 }))
          .statusCode,
      ).toBe(422);
    });
  });
});
