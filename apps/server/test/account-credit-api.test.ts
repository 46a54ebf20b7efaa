import { creditMessages } from '@lido/contracts/offline-payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from './support/card-sandbox.ts';
import { checkoutCalls } from './support/checkout-calls.ts';
import { createCustomer, type TestCustomer } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

describe('paying with account credit, alone or with a card (platform spec §3 "Offline payment")', () => {
  let sandbox: TestSandbox;
  let t: TestApp;

  const { call, gymBasket } = checkoutCalls(() => t);
  const balanceOf = async (customer: TestCustomer) =>
    (
      await t.database.query<{ credit_balance_pence: number }>(
        'SELECT coalesce((SELECT balance_pence FROM account_credit_balances WHERE customer_id = $1), 0) AS credit_balance_pence',
        [customer.id],
      )
    )[0]!.credit_balance_pence;
  const setBalance = (customer: TestCustomer, pence: number) =>
    t.database.query(
      `INSERT INTO account_credit_balances (customer_id, balance_pence) VALUES ($1, $2)
       ON CONFLICT (customer_id) DO UPDATE SET balance_pence = EXCLUDED.balance_pence`,
      [customer.id, pence],
    );
  const authorise = async (cookie: string, terms: number[], payments: object[]) => {
    const prepared = (await call(cookie, 'GET', '/api/checkout/prepare')).body.data;
    const token = await sandbox.tokenise(prepared.sessionKey, { cardholderName: 'SAM CARTER' });
    return call(cookie, 'POST', '/api/checkout/authorise', {
      billing_first_name: 'Priya',
      billing_last_name: 'Shah',
      billing_address_line_one: '14 Canal Street',
      billing_city: 'Manchester',
      billing_postcode: 'M1 3HE',
      session_key: prepared.sessionKey,
      card_identifier: token.body.cardIdentifier,
      terms,
      payments,
    });
  };
  const orderOf = async (id: number) =>
    (
      await t.database.query<{ total_pence: number; credit_pence: number; payment_method: string }>(
        'SELECT total_pence, credit_pence, payment_method FROM orders WHERE id = $1',
        [id],
      )
    )[0]!;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await createTestApp({ now: '2026-11-21T12:00:00Z', cardProvider: sandbox.provider });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('refuses other tenders and more credit than the customer has, then charges the card only the rest', async () => {
    const customer = await createCustomer(t, { creditBalancePence: 1250 });
    const priya = customer.cookie;
    const { total, terms } = await gymBasket(priya);
    expect(await balanceOf(customer)).toBe(1250);

    const cash = await authorise(priya, terms, [{ tender_type: 'cash', amount: 500 }]);
    expect(cash).toMatchObject({ status: 422, body: { message: creditMessages.onlyCredit } });
    const tooMuch = await authorise(priya, terms, [{ tender_type: 'credit', amount: 1251 }]);
    expect(tooMuch).toMatchObject({ status: 422, body: { message: creditMessages.notEnough } });

    const paid = await authorise(priya, terms, [{ tender_type: 'credit', amount: 1250 }]);
    expect(paid.body.data.transactionStatus).toBe('authorised');
    const [attempt] = await t.database.query<{ amount_pence: number; vendor_tx_code: string }>(
      'SELECT amount_pence, vendor_tx_code FROM payment_attempts WHERE uuid = $1',
      [paid.body.data.transactionUuid],
    );
    expect(attempt!.amount_pence).toBe(total - 1250);
    const charged = (await sandbox.control(`/transactions?vendorTxCode=${attempt!.vendor_tx_code}`))
      .transactions as { amount: { totalAmount: number } }[];
    expect(charged[0]!.amount.totalAmount).toBe(total - 1250);

    const done = await call(priya, 'POST', '/api/checkout/complete', {
      transaction_uuid: paid.body.data.transactionUuid,
    });
    expect(await orderOf(done.body.data.orderId)).toEqual({
      total_pence: total,
      credit_pence: 1250,
      payment_method: 'card',
    });
    expect(await balanceOf(customer)).toBe(0);
  });

  it('completes a basket paid wholly by credit without a card, spending the credit once', async () => {
    const customer = await createCustomer(t);
    const lee = customer.cookie;
    const { total, terms } = await gymBasket(lee);
    await setBalance(customer, total + 100);
    const over = await call(lee, 'POST', '/api/checkout/complete', {
      terms,
      payments: [{ tender_type: 'credit', amount: total + 1 }],
    });
    expect(over).toMatchObject({ status: 422, body: { message: creditMessages.moreThanTotal } });
    const short = await call(lee, 'POST', '/api/checkout/complete', {
      terms,
      payments: [{ tender_type: 'credit', amount: total - 1 }],
    });
    expect(short).toMatchObject({ status: 422, body: { message: 'Payment is required for this basket.' } });
    expect(await balanceOf(customer)).toBe(total + 100);

    const done = await call(lee, 'POST', '/api/checkout/complete', {
      terms,
      payments: [{ tender_type: 'credit', amount: total }],
    });
    expect(done.status).toBe(200);
    expect(await orderOf(done.body.data.orderId)).toEqual({
      total_pence: total,
      credit_pence: total,
      payment_method: 'credit',
    });
    expect(await balanceOf(customer)).toBe(100);
    const again = await call(lee, 'POST', '/api/checkout/complete', {
      terms,
      payments: [{ tender_type: 'credit', amount: total }],
    });
    expect(again.body.data.orderId).toBe(done.body.data.orderId);
    expect(await balanceOf(customer)).toBe(100);
  });

  it('gives the card payment back when the credit it relied on was spent elsewhere meanwhile', async () => {
    const customer = await createCustomer(t);
    const other = customer.cookie;
    const { terms } = await gymBasket(other);
    await setBalance(customer, 1000);
    const paid = await authorise(other, terms, [{ tender_type: 'credit', amount: 1000 }]);
    expect(paid.body.data.transactionStatus).toBe('authorised');
    await setBalance(customer, 400);
    const done = await call(other, 'POST', '/api/checkout/complete', {
      transaction_uuid: paid.body.data.transactionUuid,
    });
    expect(done.status).toBe(409);
    expect(done.body.message).toMatch(/account credit changed/);
    const [attempt] = await t.database.query<{ status: string }>(
      'SELECT status FROM payment_attempts WHERE uuid = $1',
      [paid.body.data.transactionUuid],
    );
    expect(attempt!.status).toBe('voided');
    expect(await balanceOf(customer)).toBe(400);
  });
});
