import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeCardProvider } from '../src/providers/card/stripe-card-provider.ts';
import { type FakeStripe, startFakeStripe } from './support/fake-stripe.ts';
import { checkoutCalls } from './support/checkout-calls.ts';
import { createCustomer } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const webhookSecret = 'whsec_checkout_test';

describe('paying for a basket through the Stripe adapter, with its webhooks', () => {
  let fake: FakeStripe;
  let sdk: Stripe;
  let t: TestApp;

  const { host, call, gymBasket } = checkoutCalls(() => t);
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await t.database.query<{ n: string }>(sql, params))[0]!.n);

  /** What the checkout page sends once Stripe.js has turned the card into a payment method. */
  const authorise = async (cookie: string, paymentMethodId: string, extra: object = {}) => {
    const { terms } = await gymBasket(cookie);
    const prepared = (await call(cookie, 'GET', '/api/checkout/prepare')).body.data;
    return call(cookie, 'POST', '/api/checkout/authorise', {
      billing_first_name: 'Lee',
      billing_last_name: 'Okafor',
      billing_address_line_one: '12 Mill Lane',
      billing_city: 'Manchester',
      billing_postcode: 'M3 2BW',
      session_key: prepared.sessionKey,
      payment_method_id: paymentMethodId,
      terms,
      ...extra,
    });
  };
  /** Stripe delivering an event to our endpoint, signed with the shared secret. */
  const deliver = (event: object, secret = webhookSecret) => {
    const payload = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: '/api/payment-providers/stripe/webhook',
      headers: {
        host,
        'content-type': 'application/json',
        'stripe-signature': sdk.webhooks.generateTestHeaderString({ payload, secret }),
      },
      payload,
    });
  };
  const lastEvent = (type: string, intentId: string) =>
    fake.events.findLast((event) => event.type === type && event.data.object.id === intentId)!;
  const attemptOf = async (uuid: string) =>
    (
      await t.database.query<{ status: string; order_id: number | null; provider_tx_id: string }>(
        'SELECT status, order_id, provider_tx_id FROM payment_attempts WHERE uuid = $1',
        [uuid],
      )
    )[0]!;

  beforeAll(async () => {
    fake = await startFakeStripe();
    const api = { host: '127.0.0.1', port: fake.port, protocol: 'http' as const };
    sdk = new Stripe(fake.secretKey, { ...api, maxNetworkRetries: 0 });
    t = await createTestApp({
      now: '2026-11-21T12:00:00Z',
      cardProvider: createStripeCardProvider({
        secretKey: fake.secretKey,
        publishableKey: 'pk_test_checkout',
        webhookSecret,
        api,
      }),
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('pays with a Stripe payment method, keeps the card when asked, and offers it next time', async () => {
    const alex = (await createCustomer(t)).cookie;
    const prepared = (await call(alex, 'GET', '/api/checkout/prepare')).body.data;
    expect(prepared).toMatchObject({
      paymentProvider: 'stripe',
      paymentProviderConfiguration: { url: 'https://js.stripe.com/v3', publishableKey: 'pk_test_checkout' },
      savedCard: null,
    });
    const refused = await authorise(alex, 'pm_card_visa', { card_identifier: 'opayo-style-token' });
    expect(refused.status).toBe(422);

    const paid = await authorise(alex, 'pm_card_visa', { save_card: true });
    expect(paid.body.data).toMatchObject({ transactionStatus: 'authorised' });
    const done = await call(alex, 'POST', '/api/checkout/complete', {
      transaction_uuid: paid.body.data.transactionUuid,
    });
    expect(done.body.data).toMatchObject({ status: 'completed' });
    const again = (await call(alex, 'GET', '/api/checkout/prepare')).body.data;
    expect(again.savedCard).toMatchObject({ cardType: 'visa', lastFourDigits: '4242' });
    expect(again.savedCard.cardIdentifier).toMatch(/^cus_\w+\/pm_card_visa$/);
  });

  it('completes a challenged payment from its webhook once, however many deliveries race', async () => {
    const lee = (await createCustomer(t)).cookie;
    const challenged = (await authorise(lee, 'pm_card_authenticationRequired')).body.data;
    expect(challenged).toMatchObject({ transactionStatus: 'sca_required' });
    expect(challenged.clientSecret).toMatch(/^pi_\w+_secret_/);
    const { provider_tx_id: intentId } = await attemptOf(challenged.transactionUuid);

    // The cardholder passes 3-D Secure, then closes the tab: only Stripe's webhook tells us.
    fake.authenticate(intentId, true);
    const event = lastEvent('payment_intent.succeeded', intentId);
    const orders = await count('SELECT count(*) AS n FROM orders');
    const deliveries = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
    expect(deliveries.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(deliveries.map((response) => response.json().result).sort()).toEqual([
      'applied',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    expect(await count('SELECT count(*) AS n FROM orders')).toBe(orders + 1);
    const attempt = await attemptOf(challenged.transactionUuid);
    expect(attempt.status).toBe('completed');
    expect(attempt.order_id).not.toBeNull();

    // A replay days later, and the browser coming back late, change nothing.
    expect((await deliver(event)).json()).toEqual({ received: true, result: 'duplicate' });
    const late = await call(
      lee,
      'POST',
      `/api/payment-providers/sca-completion/${challenged.transactionUuid}`,
      {
        transaction_uuid: challenged.transactionUuid,
      },
    );
    expect(late.body.data).toMatchObject({ status: 'authorised' });
    const completeAgain = await call(lee, 'POST', '/api/checkout/complete', {
      transaction_uuid: challenged.transactionUuid,
    });
    expect(completeAgain.body.data.orderId).toBe(attempt.order_id);
    expect(await count('SELECT count(*) AS n FROM orders')).toBe(orders + 1);
    expect([...fake.intents.values()].filter((intent) => intent.id === intentId)).toHaveLength(1);
  });

  it('refuses a webhook whose signature does not verify, recording nothing', async () => {
    const forged = {
      id: 'evt_forged',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: {} },
    };
    const refused = await deliver(forged, 'whsec_not_ours');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The webhook signature is not valid.');
    expect(
      await count("SELECT count(*) AS n FROM provider_webhook_events WHERE event_id = 'evt_forged'"),
    ).toBe(0);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payment-providers/stripe/webhook',
      headers: { host, 'content-type': 'application/json' },
      payload: JSON.stringify(forged),
    });
    expect(unsigned.statusCode).toBe(400);
    // Signed, but about no payment of ours: acknowledged so Stripe stops retrying, nothing changes.
    const unknownPayment = await deliver(forged);
    expect(unknownPayment.json()).toEqual({ received: true, result: 'ignored' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/payment-providers/opayo/webhook',
          headers: { host, 'content-type': 'application/json' },
          payload: '{}',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('applies a failure from its webhook, and an older event arriving late does not undo it', async () => {
    const customer = await createCustomer(t);
    const other = customer.cookie;
    const challenged = (await authorise(other, 'pm_card_authenticationRequired')).body.data;
    const { provider_tx_id: intentId } = await attemptOf(challenged.transactionUuid);
    const earlier = lastEvent('payment_intent.requires_action', intentId);
    fake.authenticate(intentId, false);
    expect((await deliver(lastEvent('payment_intent.payment_failed', intentId))).json().result).toBe(
      'applied',
    );
    expect((await attemptOf(challenged.transactionUuid)).status).toBe('failed');
    expect((await deliver(earlier)).json().result).toBe('applied');
    expect((await attemptOf(challenged.transactionUuid)).status).toBe('failed');
    expect(await count('SELECT count(*) AS n FROM orders WHERE customer_id = $1', [customer.id])).toBe(0);
  });
});
