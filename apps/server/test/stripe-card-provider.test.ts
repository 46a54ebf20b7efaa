import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CardProvider, WebhookSignatureError } from '../src/providers/card/card-provider.ts';
import { createStripeCardProvider } from '../src/providers/card/stripe-card-provider.ts';
import { request } from './support/card-provider-contract.ts';
import { type FakeStripe, startFakeStripe } from './support/fake-stripe.ts';

const webhookSecret = 'whsec_stripe_adapter_test';

describe('the Stripe adapter', () => {
  let fake: FakeStripe;
  let provider: CardProvider;
  let sdk: Stripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    const api = { host: '127.0.0.1', port: fake.port, protocol: 'http' as const };
    provider = createStripeCardProvider({
      secretKey: fake.secretKey,
      publishableKey: 'pk_test_adapter',
      webhookSecret,
      api,
    });
    sdk = new Stripe(fake.secretKey, { ...api, maxNetworkRetries: 0 });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('gives the browser the publishable key and Stripe.js, never the secret key', async () => {
    const session = await provider.prepare();
    expect(session.configuration).toEqual({
      mode: 'test',
      url: 'https://js.stripe.com/v3',
      publishableKey: 'pk_test_adapter',
    });
    expect(JSON.stringify(session)).not.toContain(fake.secretKey);
  });

  it('creates one payment intent per attempt however often the call is retried', async () => {
    const payment = request({ kind: 'stripe', paymentMethodId: 'pm_card_visa', save: false });
    const before = fake.intents.size;
    const first = await provider.authorise(payment);
    const second = await provider.authorise(payment);
    expect(first.status).toBe('authorised');
    expect(second).toEqual(first);
    expect(fake.intents.size).toBe(before + 1);
    const intent = [...fake.intents.values()].at(-1)!;
    expect(intent).toMatchObject({
      amount: 4599,
      currency: 'gbp',
      metadata: { attempt: payment.attemptUuid },
    });
  });

  it("reports Stripe's decline code", async () => {
    const outcome = await provider.authorise(
      request({
        kind: 'stripe',
        paymentMethodId: 'pm_card_visa_chargeDeclinedInsufficientFunds',
        save: false,
      }),
    );
    expect(outcome).toMatchObject({
      status: 'failed',
      error: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    });
    expect(outcome.status === 'failed' && outcome.providerTxId).toMatch(/^pi_/);
  });

  it('saves a card to a Stripe customer and charges it again later', async () => {
    const first = await provider.authorise(
      request({ kind: 'stripe', paymentMethodId: 'pm_card_visa', save: true }),
    );
    if (first.status !== 'authorised') throw new Error(`expected authorised, got ${first.status}`);
    expect(first.card).toMatchObject({ type: 'visa', lastFour: '4242', reusable: true });
    expect(first.card.reference).toMatch(/^cus_\w+\/pm_card_visa$/);
    const again = await provider.authorise(
      request({ kind: 'saved', sessionKey: 'unused', reference: first.card.reference! }),
    );
    expect(again.status).toBe('authorised');
  });

  it('charges a saved card off-session once per attempt, and fails one whose issuer wants authentication', async () => {
    const saved = await provider.authorise(
      request({ kind: 'stripe', paymentMethodId: 'pm_card_visa', save: true }),
    );
    if (saved.status !== 'authorised') throw new Error(`expected authorised, got ${saved.status}`);
    const { billing, email } = request({ kind: 'stripe', paymentMethodId: 'pm_card_visa', save: false });
    const charge = {
      attemptUuid: randomUUID(),
      vendorTxCode: 'LW-1-1',
      amountPence: 650,
      currency: 'GBP',
      description: 'Waiting list: Spin',
      email,
      billing,
      reference: saved.card.reference!,
    };
    const before = fake.intents.size;
    const first = await provider.chargeSavedCard(charge);
    expect(first.status).toBe('authorised');
    expect(await provider.chargeSavedCard(charge)).toEqual(first);
    expect(fake.intents.size).toBe(before + 1);
    expect([...fake.intents.values()].at(-1)).toMatchObject({
      amount: 650,
      customer: saved.card.reference!.split('/')[0],
      payment_method: 'pm_card_visa',
      metadata: { attempt: charge.attemptUuid, vendorTxCode: 'LW-1-1' },
    });

    // A card saved with 3-D Secure whose issuer wants it again: nobody is there, so it fails.
    const strict = await provider.authorise(
      request({ kind: 'stripe', paymentMethodId: 'pm_card_authenticationRequired', save: true }),
    );
    if (strict.status !== 'sca_required') throw new Error(`expected a challenge, got ${strict.status}`);
    const customer = fake.authenticate(strict.providerTxId, true).customer;
    expect(
      await provider.chargeSavedCard({
        ...charge,
        attemptUuid: randomUUID(),
        reference: `${customer}/pm_card_authenticationRequired`,
      }),
    ).toMatchObject({ status: 'failed', error: { code: 'authentication_required' } });
  });

  it('charges a card set up with a SetupIntent, and refuses one whose set-up is unfinished', async () => {
    const customer = await sdk.customers.create({ email: 'sam.carter@example.org' });
    const done = await sdk.setupIntents.create({
      customer: customer.id,
      payment_method: 'pm_card_visa',
      confirm: true,
      usage: 'off_session',
    });
    const outcome = await provider.authorise(request({ kind: 'stripe-setup', setupIntentId: done.id }));
    expect(outcome).toMatchObject({
      status: 'authorised',
      card: { reference: `${customer.id}/pm_card_visa` },
    });

    const unfinished = await sdk.setupIntents.create({
      customer: customer.id,
      payment_method: 'pm_card_authenticationRequired',
      confirm: true,
    });
    expect(
      await provider.authorise(request({ kind: 'stripe-setup', setupIntentId: unfinished.id })),
    ).toMatchObject({ status: 'failed', error: { code: 'setup_intent_incomplete' } });
  });

  it('keeps a challenged payment pending until Stripe says it succeeded', async () => {
    const outcome = await provider.authorise(
      request({ kind: 'stripe', paymentMethodId: 'pm_card_authenticationRequired', save: false }),
    );
    if (outcome.status !== 'sca_required') throw new Error(`expected a challenge, got ${outcome.status}`);
    // The browser says it is done, but the cardholder has not authenticated: not authorised.
    expect((await provider.lookUp(outcome.providerTxId))?.status).toBe('sca_required');
    expect(await provider.completeChallenge(outcome.providerTxId, {})).toMatchObject({
      status: 'failed',
      error: { code: 'authentication_required' },
    });
  });

  it('answers unknown, not failed, when Stripe cannot be reached (the charge may exist)', async () => {
    const offline = createStripeCardProvider({
      secretKey: fake.secretKey,
      publishableKey: 'pk_test_adapter',
      webhookSecret,
      api: { host: '127.0.0.1', port: 9, protocol: 'http' },
    });
    const outcome = await offline.authorise(
      request({ kind: 'stripe', paymentMethodId: 'pm_card_visa', save: false }),
    );
    expect(outcome.status).toBe('unknown');
  });

  it("verifies a webhook's signature on the raw body and names the payment and our attempt", async () => {
    const payment = request({ kind: 'stripe', paymentMethodId: 'pm_card_visa', save: false });
    await provider.authorise(payment);
    const event = fake.events.findLast((row) => row.type === 'payment_intent.succeeded')!;
    const payload = JSON.stringify(event);
    const header = sdk.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    expect(provider.verifyWebhook!(Buffer.from(payload), { 'stripe-signature': header })).toEqual({
      id: event.id,
      type: 'payment_intent.succeeded',
      providerTxId: event.data.object.id,
      attemptUuid: payment.attemptUuid,
    });

    const tampered = payload.replace('"amount":4599', '"amount":1');
    expect(() => provider.verifyWebhook!(Buffer.from(tampered), { 'stripe-signature': header })).toThrow(
      WebhookSignatureError,
    );
    const otherSecret = sdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect(() => provider.verifyWebhook!(Buffer.from(payload), { 'stripe-signature': otherSecret })).toThrow(
      WebhookSignatureError,
    );
    const stale = sdk.webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(() => provider.verifyWebhook!(Buffer.from(payload), { 'stripe-signature': stale })).toThrow(
      WebhookSignatureError,
    );
    expect(() => provider.verifyWebhook!(Buffer.from(payload), {})).toThrow(WebhookSignatureError);
  });
});
