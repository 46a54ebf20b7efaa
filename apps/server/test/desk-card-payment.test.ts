import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '@lido/pricing/calendar-date';
import { paidByCard } from '../src/modules/desk-payments/desk-orders.service.ts';
import { saveCardAtDesk, savedCardAtDesk } from '../src/modules/desk-payments/desk-card.ts';
import { apiClient } from './support/api.ts';
import { startTestSandbox, type TestSandbox } from './support/card-sandbox.ts';
import { browserFacts, cardBilling } from './support/checkout-calls.ts';
import { basketWith, createCustomer, type TestCustomer } from './support/factories.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

const host = siteHost.frontOfHouse;
const origin = `http://${host}`;

/**
 * Decision 0058: the customer present pays at the desk by card through the same provider and
 * 3-D Secure as online; the order is the desk's, audited, and in the cash-up as 'card'.
 */
describe('card payment at the desk through the sandbox provider', () => {
  let sandbox: TestSandbox;
  let t: TestApp;
  let deskCookie = '';
  let supervisorCookie = '';

  const staffCookie = async (username: string, password: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      headers: { host, origin },
      payload: { username, password },
    });
    return String(response.headers['set-cookie']).match(/lido_staffToken=[^;]+/)![0];
  };
  /** A call of the staff site for the selected customer (named in the query, as the till does). */
  const deskCall = async (
    customer: { id: number } | undefined,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    cookie = deskCookie,
  ) => {
    const selected = customer ? `${url.includes('?') ? '&' : '?'}selectedUserId=${customer.id}` : '';
    const response = await t.app.inject({
      method,
      url: `${url}${selected}`,
      headers: { host, origin, cookie },
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };
  const rows = <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.database.query<R>(sql, params);

  /** A customer with an annual Gym Anytime starting today in their basket, and its terms. */
  const withBasket = async (creditBalancePence = 0) => {
    const customer = await createCustomer(t, { creditBalancePence });
    const today = todayIn(t.config.timeZone, new Date());
    const cart = await basketWith(t, customer, [
      { slug: 'gym-anytime', paymentType: 'fixed' as const, startDate: today },
    ]);
    const terms = (await apiClient(t).as(customer).terms(cart.cartId!)).data.data.map((term) => term.id);
    return { customer, total: cart.totals.total, terms };
  };
  /** prepare at the desk, the card frame tokenising the card in the customer's hand, authorise */
  const authoriseAtDesk = async (customer: TestCustomer, body: object) => {
    const prepared = await deskCall(customer, 'GET', '/api/checkout/prepare');
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const token = await sandbox.tokenise(prepared.body.data.sessionKey, {});
    return deskCall(customer, 'POST', '/api/checkout/authorise', {
      ...cardBilling,
      ...browserFacts,
      session_key: prepared.body.data.sessionKey,
      card_identifier: token.body.cardIdentifier,
      card_holder_name: 'ALEX NEWMAN',
      source: 'front-of-house',
      ...body,
    });
  };

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await createTestApp({ cardProvider: sandbox.provider });
    deskCookie = await staffCookie('desk', 'Desk-Staff-2026!');
    supervisorCookie = await staffCookie('supervisor', 'Supervisor-2026!');
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  it('tells the till a card can be taken (a card provider is configured)', async () => {
    const me = await deskCall(undefined, 'GET', '/api/staff/me');
    expect(me.body.data).toMatchObject({ username: 'desk', cardPayments: true });
  });

  it('takes the balance left after account credit by card: the desk’s order, audited, in the cash-up', async () => {
    const { customer, total, terms } = await withBasket(1000);
    const authorised = await authoriseAtDesk(customer, {
      terms,
      payments: [{ tenderType: 'credit', amount: 1000 }],
    });
    expect(authorised.status, JSON.stringify(authorised.body)).toBe(200);
    expect(authorised.body.data.transactionStatus).toBe('authorised');
    const completed = await deskCall(customer, 'POST', '/api/checkout/complete', {
      transaction_uuid: authorised.body.data.transactionUuid,
    });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    const orderId = completed.body.data.orderId as number;

    const [order] = await rows<{
      customer_id: number;
      payment_method: string;
      source: string;
      credit_pence: number;
      total_pence: number;
      taken_by: string;
    }>(
      `SELECT o.customer_id, o.payment_method, o.source, o.credit_pence, o.total_pence, s.username AS taken_by
         FROM orders o JOIN staff_users s ON s.id = o.taken_by_staff_user_id WHERE o.id = $1`,
      [orderId],
    );
    expect(order).toEqual({
      customer_id: customer.id,
      payment_method: 'card',
      source: 'front-of-house',
      credit_pence: 1000,
      total_pence: total,
      taken_by: 'desk',
    });
    const audit = await rows<{ actor: string; amount_pence: number; details: { tenders: unknown[] } }>(
      `SELECT actor, amount_pence, details FROM staff_audit_log WHERE order_id = $1 AND action = 'order.pay'`,
      [orderId],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'staff: desk', amount_pence: total });
    expect(audit[0]!.details.tenders).toEqual([
      { tenderType: 'card', paidPence: total - 1000, cardLastFour: expect.stringMatching(/^\d{4}$/) },
      { tenderType: 'credit', paidPence: 1000 },
    ]);

    // A repeat of the complete answers the same order and audits nothing more.
    const repeat = await deskCall(customer, 'POST', '/api/checkout/complete', {
      transaction_uuid: authorised.body.data.transactionUuid,
    });
    expect(repeat.body.data.orderId).toBe(orderId);
    expect(
      await rows(`SELECT 1 FROM staff_audit_log WHERE order_id = $1 AND action = 'order.pay'`, [orderId]),
    ).toHaveLength(1);

    const day = await deskCall(undefined, 'GET', '/api/staff/orders');
    const listed = day.body.data.orders.find((row: { id: number }) => row.id === orderId);
    expect(listed).toMatchObject({ staff: { name: expect.any(String) }, status: 'completed' });
    expect(listed.tenders.map((tender: { tenderType: string }) => tender.tenderType).sort()).toEqual([
      'card',
      'credit',
    ]);

    const cashUp = await deskCall(undefined, 'GET', '/api/staff/cash-up', undefined, supervisorCookie);
    expect(cashUp.status).toBe(200);
    const cardRow = cashUp.body.data.rows.find((row: { tenderType: string }) => row.tenderType === 'card');
    expect(cardRow).toMatchObject({ orders: 1, taken: { raw: { amount: total - 1000 } } });
    expect(cashUp.body.data.totals).toContainEqual({
      tenderType: 'card',
      net: expect.objectContaining({ raw: expect.objectContaining({ amount: total - 1000 }) }),
    });

    // Giving a card payment back is a refund through the provider, not a desk void.
    const voided = await deskCall(
      undefined,
      'POST',
      `/api/staff/orders/${orderId}/void`,
      { reason: 'Wrong membership', handBackPence: 0 },
      supervisorCookie,
    );
    expect(voided.status).toBe(422);
    expect(voided.body.message).toBe(paidByCard);
  });

  it('never offers or charges a saved card at the desk, and keeps no card from it', async () => {
    // Sam, of the demo data, has a saved card: online it is offered, at the desk it is not.
    const [sam] = await rows<{ id: number }>(`SELECT id FROM customers WHERE reference = 'C100003'`);
    const prepared = await deskCall(sam, 'GET', '/api/checkout/prepare');
    expect(prepared.body.data).toMatchObject({ paymentProvider: 'sandbox', savedCard: null });
    const [saved] = await rows<{ id: number }>('SELECT id FROM saved_cards WHERE customer_id = $1', [
      sam!.id,
    ]);
    expect(saved).toBeDefined();

    const { customer, terms } = await withBasket();
    const attempts = async () =>
      (await rows('SELECT 1 FROM payment_attempts WHERE customer_id = $1', [customer.id])).length;
    const stored = await deskCall(customer, 'POST', '/api/checkout/authorise', {
      ...cardBilling,
      ...browserFacts,
      session_key: prepared.body.data.sessionKey,
      saved_card_id: saved!.id,
      terms,
    });
    expect(stored.status).toBe(422);
    expect(stored.body.message).toBe(savedCardAtDesk);
    const keep = await authoriseAtDesk(customer, { terms, save_card: true });
    expect(keep.status).toBe(422);
    expect(keep.body.message).toBe(saveCardAtDesk);
    expect(await attempts()).toBe(0);
  });
});
