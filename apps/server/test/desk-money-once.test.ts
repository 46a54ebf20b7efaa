import { randomUUID } from 'node:crypto';
import type { MembershipExit } from '@lido/contracts/membership-exit';
import type { CashUp, VoidPreview } from '@lido/contracts/front-of-house';
import { staffCannotUseSavedCardMessage } from '@lido/contracts/waiting-list';
import { todayIn } from '@lido/pricing/calendar-date';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersOverRefunded } from '../src/modules/order-refunds/index.ts';
import { runVouchersCommand } from '../src/modules/desk-payments/vouchers-cli-command.ts';
import { voucherCodeNeeded, voucherTwice } from '../src/modules/desk-payments/desk-tenders.ts';
import { voucherSpent, voucherUnknown } from '../src/modules/desk-payments/vouchers.ts';
import { handBackChanged } from '../src/modules/desk-payments/desk-orders.service.ts';
import { createActivity, createSession, holdPlace } from './support/activity-factories.ts';
import { apiClient } from './support/api.ts';
import { basketWith, createCustomer, type TestCustomer } from './support/factories.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

const host = siteHost.frontOfHouse;

type Tender = {
  tenderType: 'cash' | 'offline-voucher' | 'cheque' | 'credit';
  amount: number;
  voucherCode?: string;
};

/**
 * Issue 40 items 1, 2 and 4 (decision 0072): what a void gives back is what the order still holds,
 * once, whichever came first (a cooling-off cancellation, a cancelled booking, the void), on any
 * instance; a voucher pays once; cash and change stay within the operator's limits; and the desk
 * never agrees for a customer that their saved card pays.
 */
describe('money given back at the desk, once', () => {
  let t: TestApp;
  /** a second instance on the same database */
  let other: TestApp;
  let deskCookie = '';
  let supervisorCookie = '';
  const rows = <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.database.query<R>(sql, params);

  const call = (app: TestApp, method: 'GET' | 'POST', url: string, cookie: string, payload?: unknown) =>
    app.app.inject({
      method,
      url,
      headers: { host, origin: `http://${host}`, cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const staffCookie = async (username: string, password: string) => {
    const response = await call(t, 'POST', '/api/staff/login', '', { username, password });
    const cookie = String(response.headers['set-cookie']).match(/lido_staffToken=[^;]+/)?.[0];
    if (!cookie) throw new Error(`staff login failed: ${response.statusCode} ${response.body}`);
    return cookie;
  };
  const pay = (customer: { id: number }, payments: Tender[], terms: number[] = []) =>
    call(t, 'POST', '/api/cart/pay', deskCookie, {
      source: 'front-of-house',
      selectedUserId: customer.id,
      transactionUuid: randomUUID(),
      terms,
      payments,
    });
  const preview = async (orderId: number, app = t) => {
    const answer = await call(app, 'GET', `/api/staff/orders/${orderId}/void`, supervisorCookie);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as VoidPreview;
  };
  const voidOrder = (orderId: number, handBackPence: number, app = t) =>
    call(app, 'POST', `/api/staff/orders/${orderId}/void`, supervisorCookie, {
      reason: 'Customer changed their mind',
      handBackPence,
    });
  const account = (app: TestApp) => apiClient(() => app, siteHost.myAccount);

  /** A customer with an annual Gym Anytime starting today in their basket, paid at the desk in cash. */
  const joinedAtDesk = async () => {
    const customer = await createCustomer(t);
    const cart = await basketWith(t, customer, [
      { slug: 'gym-anytime', paymentType: 'fixed', startDate: todayIn(t.config.timeZone, new Date()) },
    ]);
    const terms = (await apiClient(t).as(customer).terms(cart.cartId!)).data.data.map((term) => term.id);
    const total = cart.totals.total;
    const paid = await pay(customer, [{ tenderType: 'cash', amount: total }], terms);
    expect(paid.statusCode, paid.body).toBe(200);
    const orderId = paid.json().data.orderId as number;
    const [membership] = await rows<{ id: number }>(
      'SELECT id FROM customer_memberships WHERE order_id = $1',
      [orderId],
    );
    return { customer, total, orderId, membershipId: membership!.id };
  };
  const coolOff = (app: TestApp, customer: TestCustomer, membershipId: number) =>
    account(app)
      .as(customer)
      .post<MembershipExit>(`/api/my-account/memberships/${membershipId}/cancel`, { kind: 'cooling_off' });

  /** A booking of a new session bought at the desk in cash: the customer, order and booking. */
  const bookedAtDesk = async () => {
    const customer = await createCustomer(t);
    const activity = await createActivity(t);
    const session = await createSession(t, activity, { capacity: 5 });
    await holdPlace(t, customer.id, session, activity.price('adult'));
    const paid = await pay(customer, [{ tenderType: 'cash', amount: 1000 }]);
    expect(paid.statusCode, paid.body).toBe(200);
    const orderId = paid.json().data.orderId as number;
    const [booking] = await rows<{ id: number; price_pence: number }>(
      'SELECT id, price_pence FROM customer_bookings WHERE order_id = $1',
      [orderId],
    );
    return { customer, orderId, bookingId: booking!.id, pricePence: booking!.price_pence };
  };
  const handedBack = async (orderId: number) =>
    rows<{ tender_type: string; handed_back_pence: number; handed_back_in_cash: boolean }>(
      'SELECT tender_type, handed_back_pence, handed_back_in_cash FROM order_tenders WHERE order_id = $1 ORDER BY id',
      [orderId],
    );
  const refundsOf = async (orderId: number) =>
    (
      await rows<{ total: number }>(
        'SELECT coalesce(sum(amount_pence), 0)::int AS total FROM order_refunds WHERE order_id = $1',
        [orderId],
      )
    )[0]!.total;
  const balanceOf = async (customer: TestCustomer) =>
    (
      await rows<{ b: number }>(
        'SELECT coalesce((SELECT balance_pence FROM account_credit_balances WHERE customer_id = $1), 0) AS b',
        [customer.id],
      )
    )[0]!.b;

  beforeAll(async () => {
    t = await createTestApp();
    other = await createTestApp({ database: t.database, seed: false });
    deskCookie = await staffCookie('desk', 'Desk-Staff-2026!');
    supervisorCookie = await staffCookie('supervisor', 'Supervisor-2026!');
  });
  afterAll(async () => {
    // Whatever the tests did, no order gave back more than it was paid.
    if (t) expect(await ordersOverRefunded(t.database.db)).toEqual([]);
    await other?.app.close();
    await t?.close();
  });

  describe('a void after a refund (item 1)', () => {
    it('hands back only what a cooling-off cancellation left, shows it first, and the cash-up counts that', async () => {
      const { customer, total, orderId, membershipId } = await joinedAtDesk();
      const cancelled = await coolOff(t, customer, membershipId);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      const refunded = cancelled.data.refund!.total.raw.amount;
      expect(refunded).toBeGreaterThan(0);
      expect(await balanceOf(customer)).toBe(refunded);

      const shown = await preview(orderId);
      expect(shown).toMatchObject({
        orderId,
        total: { raw: { amount: total } },
        alreadyRefunded: { raw: { amount: refunded } },
        handBackTotal: { raw: { amount: total - refunded } },
        membershipsCancelled: 0,
      });
      expect(shown.handBack).toEqual([
        expect.objectContaining({
          tenderType: 'cash',
          amount: expect.objectContaining({ raw: expect.objectContaining({ amount: total - refunded }) }),
          inCash: false,
        }),
      ]);

      const before = (await call(t, 'GET', '/api/staff/cash-up', supervisorCookie)).json().data as CashUp;
      const voided = await voidOrder(orderId, total - refunded);
      expect(voided.statusCode, voided.body).toBe(200);
      expect(await handedBack(orderId)).toEqual([
        { tender_type: 'cash', handed_back_pence: total - refunded, handed_back_in_cash: false },
      ]);
      const [audit] = await rows<{ amount_pence: number; details: Record<string, unknown> }>(
        `SELECT amount_pence, details FROM staff_audit_log WHERE order_id = $1 AND action = 'order.void'`,
        [orderId],
      );
      expect(audit).toMatchObject({
        amount_pence: total - refunded,
        details: {
          alreadyRefundedPence: refunded,
          handedBack: [{ tenderType: 'cash', amountPence: total - refunded }],
        },
      });
      const after = (await call(t, 'GET', '/api/staff/cash-up', supervisorCookie)).json().data as CashUp;
      const cashVoided = (answer: CashUp) =>
        answer.rows
          .filter((row) => row.tenderType === 'cash')
          .reduce((sum, row) => sum + row.voided.raw.amount, 0);
      expect(cashVoided(after) - cashVoided(before)).toBe(total - refunded);
      // The customer keeps the credit: nothing of it was taken back or given twice.
      expect(await balanceOf(customer)).toBe(refunded);
      expect(await refundsOf(orderId)).toBe(total);
    });

    it('hands back nothing for a booking the customer already cancelled (to account credit)', async () => {
      const { customer, orderId, bookingId, pricePence } = await bookedAtDesk();
      const cancelled = await apiClient(t, siteHost.bookings)
        .as(customer)
        .post(`/api/my-account/bookings/${bookingId}/cancel`);
      expect(cancelled.status).toBe(200);
      expect(await balanceOf(customer)).toBe(pricePence);

      const shown = await preview(orderId);
      expect(shown.alreadyRefunded.raw.amount).toBe(pricePence);
      expect(shown.handBack).toEqual([]);
      expect(shown.handBackTotal.raw.amount).toBe(0);
      expect(shown.bookingsCancelled).toBe(0);
      expect((await voidOrder(orderId, 0)).statusCode).toBe(200);
      expect(await handedBack(orderId)).toEqual([
        { tender_type: 'cash', handed_back_pence: 0, handed_back_in_cash: false },
      ]);
      expect(await refundsOf(orderId)).toBe(pricePence);
    });

    it('voids once when 30 voids of one order arrive at once on two instances, and refuses what an attacker would try', async () => {
      const { customer, total, orderId } = await joinedAtDesk();
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, index) => voidOrder(orderId, total, index % 2 === 0 ? t : other)),
      );
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      expect(answers.every((answer) => answer.statusCode < 500)).toBe(true);
      expect(await refundsOf(orderId)).toBe(total);
      const [audit] = await rows<{ n: number }>(
        `SELECT count(*)::int AS n FROM staff_audit_log WHERE order_id = $1 AND action = 'order.void'`,
        [orderId],
      );
      expect(audit!.n).toBe(1);
      expect(await balanceOf(customer)).toBe(0);

      // A percent-encoded path is the same route; a negative or huge hand-back, a desk clerk and a
      // customer are refused, and none of it writes anything.
      const other2 = await joinedAtDesk();
      const encoded = await call(t, 'GET', `/api/staff/%6Frders/${other2.orderId}/void`, supervisorCookie);
      expect(encoded.statusCode).toBe(200);
      for (const handBackPence of [-1, 2 ** 31, 1.5, '10']) {
        const refused = await call(t, 'POST', `/api/staff/orders/${other2.orderId}/void`, supervisorCookie, {
          reason: 'Testing limits',
          handBackPence,
        });
        expect(refused.statusCode, String(handBackPence)).toBe(422);
      }
      expect((await call(t, 'GET', `/api/staff/orders/${other2.orderId}/void`, deskCookie)).statusCode).toBe(
        403,
      );
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/staff/orders/${other2.orderId}/void`,
            headers: { host: siteHost.myAccount, cookie: other2.customer.cookie },
          })
        ).statusCode,
      ).toBe(403);
      expect(await refundsOf(other2.orderId)).toBe(0);
    });

    it('refuses a void whose hand-back changed since it was shown, and changes nothing', async () => {
      const { customer, total, orderId, membershipId } = await joinedAtDesk();
      const shown = await preview(orderId);
      expect(shown.handBackTotal.raw.amount).toBe(total);
      expect((await coolOff(t, customer, membershipId)).status).toBe(200);
      const stale = await voidOrder(orderId, total);
      expect(stale.statusCode).toBe(409);
      const now = (await preview(orderId)).handBackTotal;
      expect(stale.json().message).toBe(handBackChanged(now.formatted));
      const [order] = await rows<{ voided_at: Date | null }>('SELECT voided_at FROM orders WHERE id = $1', [
        orderId,
      ]);
      expect(order!.voided_at).toBeNull();
      expect((await handedBack(orderId))[0]!.handed_back_pence).toBe(0);
    });
  });

  describe('a refund after a void (item 1)', () => {
    it('refuses the customer’s cooling-off and booking cancellations once the order is voided', async () => {
      const joined = await joinedAtDesk();
      expect((await voidOrder(joined.orderId, joined.total)).statusCode).toBe(200);
      const late = await coolOff(t, joined.customer, joined.membershipId);
      expect(late.status).toBeGreaterThanOrEqual(400);
      expect(late.status).toBeLessThan(500);
      expect(await balanceOf(joined.customer)).toBe(0);
      expect(await refundsOf(joined.orderId)).toBe(joined.total);

      const booked = await bookedAtDesk();
      expect((await voidOrder(booked.orderId, booked.pricePence)).statusCode).toBe(200);
      const cancel = await apiClient(t, siteHost.bookings)
        .as(booked.customer)
        .post(`/api/my-account/bookings/${booked.bookingId}/cancel`);
      expect(cancel.status).toBe(409);
      expect(await balanceOf(booked.customer)).toBe(0);
      expect(await refundsOf(booked.orderId)).toBe(booked.pricePence);
    });

    it('gives the money back once when a void and a cooling-off cancellation race on two instances', async () => {
      for (let round = 0; round < 4; round += 1) {
        const { customer, total, orderId, membershipId } = await joinedAtDesk();
        const shown = await preview(orderId);
        const [voided, cancelled] = await Promise.all([
          voidOrder(orderId, shown.handBackTotal.raw.amount, round % 2 === 0 ? t : other),
          coolOff(round % 2 === 0 ? other : t, customer, membershipId),
        ]);
        const handed = (await handedBack(orderId)).reduce((sum, tender) => sum + tender.handed_back_pence, 0);
        const credit = await balanceOf(customer);
        // One of the two gave the money back; never both, never more than was paid.
        expect([voided.statusCode, cancelled.status].filter((status) => status === 200)).toHaveLength(1);
        expect(handed + credit).toBeLessThanOrEqual(total);
        expect(handed === 0 || credit === 0).toBe(true);
        expect(await refundsOf(orderId)).toBeLessThanOrEqual(total);
      }
    });

    it('gives the money back once when a void and a booking cancellation race on two instances', async () => {
      for (let round = 0; round < 4; round += 1) {
        const { customer, orderId, bookingId, pricePence } = await bookedAtDesk();
        const shown = await preview(orderId);
        const [voided, cancelled] = await Promise.all([
          voidOrder(orderId, shown.handBackTotal.raw.amount, round % 2 === 0 ? t : other),
          apiClient(() => (round % 2 === 0 ? other : t), siteHost.bookings)
            .as(customer)
            .post(`/api/my-account/bookings/${bookingId}/cancel`),
        ]);
        const handed = (await handedBack(orderId)).reduce((sum, tender) => sum + tender.handed_back_pence, 0);
        const credit = await balanceOf(customer);
        expect([voided.statusCode, cancelled.status].filter((status) => status === 200)).toHaveLength(1);
        expect(handed + credit).toBe(pricePence);
        expect(await refundsOf(orderId)).toBe(pricePence);
      }
    });
  });

  describe('vouchers (item 4)', () => {
    const withBasket = async () => {
      const customer = await createCustomer(t);
      const activity = await createActivity(t);
      const session = await createSession(t, activity, { capacity: 50 });
      await holdPlace(t, customer.id, session, activity.price('adult'));
      return customer;
    };
    const issue = async (value: string, extra: string[] = []) => {
      const out: string[] = [];
      const code = await runVouchersCommand(['issue', '--value', value, ...extra], t.database.db, {
        out: (text) => out.push(text),
        err: (text) => out.push(text),
      });
      expect(code, out.join('')).toBe(0);
      return out.join('').trim();
    };
    const balance = async (code: string) =>
      (await rows<{ b: number }>('SELECT balance_pence AS b FROM vouchers WHERE code = $1', [code]))[0]!.b;
    const code = () => `PAPER-${randomUUID().slice(0, 8).toUpperCase()}`;

    it('asks for every voucher’s code, and refuses one entered twice', async () => {
      const customer = await withBasket();
      const none = await pay(customer, [{ tenderType: 'offline-voucher', amount: 650 }]);
      expect(none.statusCode).toBe(422);
      expect(none.json().errors.payments).toEqual([voucherCodeNeeded]);
      const twice = code();
      const doubled = await pay(customer, [
        { tenderType: 'offline-voucher', amount: 300, voucherCode: twice },
        { tenderType: 'offline-voucher', amount: 350, voucherCode: twice.toLowerCase() },
      ]);
      expect(doubled.statusCode).toBe(422);
      expect(doubled.json().errors.payments).toEqual([voucherTwice]);
    });

    it('takes another’s paper voucher once, even 20 desks at once, and again only after a void hands it back', async () => {
      const paper = code();
      const first = await withBasket();
      const paid = await pay(first, [{ tenderType: 'offline-voucher', amount: 650, voucherCode: paper }]);
      expect(paid.statusCode, paid.body).toBe(200);

      const again = await pay(await withBasket(), [
        { tenderType: 'offline-voucher', amount: 650, voucherCode: paper },
      ]);
      expect(again.statusCode).toBe(422);
      expect(again.json().message).toBe(voucherSpent(paper));

      const racing = code();
      const customers: TestCustomer[] = [];
      for (let index = 0; index < 20; index += 1) customers.push(await withBasket());
      const answers = await Promise.all(
        customers.map((customer) =>
          pay(customer, [{ tenderType: 'offline-voucher', amount: 650, voucherCode: racing }]),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array(19).fill(422)]);

      // Voided, the voucher is handed back whole: it can pay again.
      const orderId = paid.json().data.orderId as number;
      const shown = await preview(orderId);
      expect(shown.handBack).toEqual([
        expect.objectContaining({ tenderType: 'offline-voucher', voucherCode: paper, inCash: false }),
      ]);
      expect((await voidOrder(orderId, 650)).statusCode).toBe(200);
      const reused = await pay(await withBasket(), [
        { tenderType: 'offline-voucher', amount: 650, voucherCode: paper },
      ]);
      expect(reused.statusCode, reused.body).toBe(200);
    });

    it('spends a Lido voucher down to nothing, refuses more than is left, and a void gives it back', async () => {
      const voucher = await issue('10.00');
      expect(voucher).toMatch(/^GIFT-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      const first = await pay(await withBasket(), [
        { tenderType: 'offline-voucher', amount: 650, voucherCode: voucher },
      ]);
      expect(first.statusCode, first.body).toBe(200);
      expect(await balance(voucher)).toBe(350);
      const over = await pay(await withBasket(), [
        { tenderType: 'offline-voucher', amount: 650, voucherCode: voucher },
      ]);
      expect(over.statusCode).toBe(422);
      expect(over.json().message).toBe(`Voucher ${voucher} has £3.50 left: enter at most that for it.`);
      const rest = await pay(await withBasket(), [
        { tenderType: 'offline-voucher', amount: 350, voucherCode: voucher },
        { tenderType: 'cash', amount: 300 },
      ]);
      expect(rest.statusCode, rest.body).toBe(200);
      expect(await balance(voucher)).toBe(0);
      const spent = await pay(await withBasket(), [
        { tenderType: 'offline-voucher', amount: 100, voucherCode: voucher },
        { tenderType: 'cash', amount: 550 },
      ]);
      expect(spent.statusCode).toBe(422);
      expect(spent.json().message).toBe(voucherSpent(voucher));

      expect((await voidOrder(first.json().data.orderId, 650)).statusCode).toBe(200);
      expect(await balance(voucher)).toBe(650);

      const cashUp = (await call(t, 'GET', '/api/staff/cash-up', supervisorCookie)).json().data as CashUp;
      expect(cashUp.vouchers.filter((row) => row.code === voucher)).toEqual([
        expect.objectContaining({
          amount: expect.objectContaining({ raw: expect.objectContaining({ amount: 650 }) }),
          issuedInLido: true,
          handedBack: true,
        }),
        expect.objectContaining({
          amount: expect.objectContaining({ raw: expect.objectContaining({ amount: 350 }) }),
          issuedInLido: true,
          handedBack: false,
        }),
      ]);
    });

    it('refuses an expired voucher, and another’s when the operator takes only its own', async () => {
      const expired = await issue('5.00', ['--expires', '2020-01-31']);
      const old = await pay(await withBasket(), [
        { tenderType: 'offline-voucher', amount: 500, voucherCode: expired },
        { tenderType: 'cash', amount: 150 },
      ]);
      expect(old.statusCode).toBe(422);
      expect(old.json().message).toBe(
        `Voucher ${expired} expired on 2020-01-31. Take another payment instead.`,
      );
      expect(await balance(expired)).toBe(500);

      await rows('UPDATE operators SET desk_other_vouchers_accepted = false');
      try {
        const paper = code();
        const refused = await pay(await withBasket(), [
          { tenderType: 'offline-voucher', amount: 650, voucherCode: paper },
        ]);
        expect(refused.statusCode).toBe(422);
        expect(refused.json().message).toBe(voucherUnknown(paper));
      } finally {
        await rows('UPDATE operators SET desk_other_vouchers_accepted = true');
      }
    });
  });

  describe('cash limits (item 3)', () => {
    it('refuses cash above the operator’s ceiling and change above its limit, recording nothing', async () => {
      const customer = await createCustomer(t);
      const activity = await createActivity(t);
      const session = await createSession(t, activity, { capacity: 5 });
      await holdPlace(t, customer.id, session, activity.price('adult'));
      const ordersBefore = await rows('SELECT id FROM orders WHERE customer_id = $1', [customer.id]);
      for (const amount of [2 ** 31 - 1, 200_001]) {
        const answer = await pay(customer, [{ tenderType: 'cash', amount }]);
        expect(answer.statusCode, answer.body).toBe(422);
      }
      const ceiling = await pay(customer, [{ tenderType: 'cash', amount: 200_001 }]);
      expect(ceiling.json().message).toBe(
        'Cash of more than £2,000.00 cannot be taken at the desk. Check the amount handed over.',
      );
      const change = await pay(customer, [{ tenderType: 'cash', amount: 20_000 }]);
      expect(change.statusCode).toBe(422);
      expect(change.json().message).toBe(
        'The change would be £193.50: the desk gives at most £100.00 in change. Check the amount handed over.',
      );
      expect(await rows('SELECT id FROM orders WHERE customer_id = $1', [customer.id])).toEqual(ordersBefore);
      const fine = await pay(customer, [{ tenderType: 'cash', amount: 5_000 }]);
      expect(fine.statusCode, fine.body).toBe(200);
      expect(fine.json().data.change.raw.amount).toBe(4_350);
    });
  });

  describe('the desk and a customer’s saved card (item 2)', () => {
    it('refuses to put the customer’s saved card to work from the desk, and audits what staff do on a waiting list', async () => {
      const customer = await createCustomer(t);
      const activity = await createActivity(t);
      const session = await createSession(t, activity, { capacity: 1, taken: 1 });
      const url = `/api/activities/sessions/${session.id}/waiting-list?selected_user_id=${customer.id}`;
      const refused = await call(t, 'POST', url, deskCookie, { autoBook: true, payWithSavedCard: true });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.payWithSavedCard).toEqual([staffCannotUseSavedCardMessage]);
      const entries = () =>
        rows<{ id: number; pay_with_saved_card_id: number | null }>(
          'SELECT id, pay_with_saved_card_id FROM waiting_list_entries WHERE customer_id = $1',
          [customer.id],
        );
      expect(await entries()).toEqual([]);

      const joined = await call(t, 'POST', url, deskCookie, { autoBook: false });
      expect(joined.statusCode, joined.body).toBe(200);
      const [entry] = await entries();
      expect(entry!.pay_with_saved_card_id).toBeNull();
      const leave = await t.app.inject({
        method: 'DELETE',
        url: `/api/my-account/waiting-lists/${entry!.id}?selected_user_id=${customer.id}`,
        headers: { host, origin: `http://${host}`, cookie: deskCookie },
      });
      expect(leave.statusCode, leave.body).toBe(200);
      const audit = await rows<{ action: string; actor: string }>(
        `SELECT action, actor FROM staff_audit_log WHERE customer_id = $1 AND action LIKE 'waiting-list.%' ORDER BY id`,
        [customer.id],
      );
      expect(audit).toEqual([
        { action: 'waiting-list.join', actor: 'staff: desk' },
        { action: 'waiting-list.leave', actor: 'staff: desk' },
      ]);
    });
  });
});
