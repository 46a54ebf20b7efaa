import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { CardProvider } from '../src/providers/card/card-provider.ts';
import { createStripeCardProvider } from '../src/providers/card/stripe-card-provider.ts';
import { cardProviderContract } from './support/card-provider-contract.ts';
import { type FakeStripe, startFakeStripe } from './support/fake-stripe.ts';
import { startTestSandbox, type TestSandbox } from './support/card-sandbox.ts';

describe('the Opayo adapter against the built-in sandbox (the card provider contract)', () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
  });

  const names = { frictionless: 'SAM CARTER', challenge: 'CHALLENGE', decline: 'SAM CARTER' };
  cardProviderContract({
    provider: () => sandbox.provider,
    async card(session, scenario) {
      const token = await sandbox.tokenise(session.sessionKey, {
        cardholderName: names[scenario],
        cardNumber: scenario === 'decline' ? '4929602110085639' : '4929000000006',
      });
      expect(token.status).toBe(201);
      return {
        kind: 'new',
        sessionKey: session.sessionKey,
        cardIdentifier: String(token.body.cardIdentifier),
        save: false,
      };
    },
    async answerChallenge(outcome, pass) {
      const creq = JSON.parse(Buffer.from(outcome.scaData!.creq!, 'base64url').toString()) as {
        acsTransID: string;
      };
      const answer = await sandbox.control(`/acs/${creq.acsTransID}/complete`, { result: pass ? 'Y' : 'N' });
      return { cres: String(answer.cres) };
    },
  });
});

describe('the Stripe adapter against a Stripe-shaped fake (the card provider contract)', () => {
  let fake: FakeStripe;
  let provider: CardProvider;
  beforeAll(async () => {
    fake = await startFakeStripe();
    provider = createStripeCardProvider({
      secretKey: fake.secretKey,
      publishableKey: 'pk_test_contract',
      webhookSecret: 'whsec_contract',
      api: { host: '127.0.0.1', port: fake.port, protocol: 'http' },
    });
  });
  afterAll(async () => {
    await fake.close();
  });

  const methods = {
    frictionless: 'pm_card_visa',
    challenge: 'pm_card_authenticationRequired',
    decline: 'pm_card_chargeDeclined',
  };
  cardProviderContract({
    provider: () => provider,
    async card(_session, scenario) {
      return { kind: 'stripe', paymentMethodId: methods[scenario], save: false };
    },
    async answerChallenge(outcome, pass) {
      // Stripe.js runs the challenge in the browser (handleNextAction); the server only re-reads.
      expect(outcome.clientSecret).toMatch(/^pi_\w+_secret_/);
      fake.authenticate(outcome.providerTxId, pass);
      return {};
    },
  });
});
