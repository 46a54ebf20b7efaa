import { toMoney } from '@lido/pricing/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPayment } from '../src/modules/checkout/order-payment.ts';
import { startTestSandbox, type TestSandbox } from './support/card-sandbox.ts';
import { browserFacts, cardBilling, checkoutCalls } from './support/checkout-calls.ts';
import { createCustomer } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const money = (pence: number) => toMoney(pence, 'GBP', '£');

describe("an order's payment, as its confirmation page reads it (decision 0034)", () => {
  it('names the card when a card paid anything, credit when only credit did, none otherwise', () => {
    expect(orderPayment({ totalPence: 3000, creditPence: 1250, cardLastFour: '0006' }, money)).toEqual({
      payment: { method: 'card', cardLastFour: '0006', card: money(1750), credit: money(1250) },
      enablePrintReceipt: true,
    });
    expect(orderPayment({ totalPence: 650, creditPence: 650, cardLastFour: null }, money).payment).toEqual({
      method: 'credit',
      cardLastFour: null,
      card: money(0),
      credit: money(650),
    });
    expect(orderPayment({ totalPence: 0, creditPence: 0, cardLastFour: null }, money).payment).toMatchObject({
      method: 'none',
      card: { formatted: '£0.00' },
      credit: { formatted: '£0.00' },
    });
  });

  describe('GET /api/orders/{id}', () => {
    let sandbox: TestSandbox;
    let t: TestApp;
    const { call, gymBasket } = checkoutCalls(() => t);

    beforeAll(async () => {
      sandbox = await startTestSandbox();
      t = await createTestApp({ now: '2026-11-21T12:00:00Z', cardProvider: sandbox.provider });
    });
    afterAll(async () => {
      await t.close();
      await sandbox.close();
    });

    it('says how much the card and the account credit paid', async () => {
      const customer = await createCustomer(t, { creditBalancePence: 1250 });
      const { total, terms } = await gymBasket(customer.cookie);
      const prepared = (await call(customer.cookie, 'GET', '/api/checkout/prepare')).body.data;
      const token = await sandbox.tokenise(prepared.sessionKey, { cardholderName: 'SAM CARTER' });
      const paid = await call(customer.cookie, 'POST', '/api/checkout/authorise', {
        ...cardBilling,
        ...browserFacts,
        session_key: prepared.sessionKey,
        card_identifier: token.body.cardIdentifier,
        terms,
        payments: [{ tender_type: 'credit', amount: 1250 }],
      });
      expect(paid.body.data.transactionStatus).toBe('authorised');
      const done = await call(customer.cookie, 'POST', '/api/checkout/complete', {
        transaction_uuid: paid.body.data.transactionUuid,
      });
      expect(done.status).toBe(200);

      const order = await call(customer.cookie, 'GET', `/api/orders/${done.body.data.orderId}`);
      expect(order.status).toBe(200);
      expect(order.body.data).toMatchObject({
        total: { raw: { amount: total } },
        payment: {
          method: 'card',
          cardLastFour: '0006',
          card: { raw: { amount: total - 1250 } },
          credit: { formatted: '£12.50' },
        },
        enablePrintReceipt: true,
      });
    });
  });
});
