import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type {
  AuthoriseRequest,
  CardProvider,
  PreparedSession,
  ProviderOutcome,
} from '../../src/providers/card/card-provider.ts';

/**
 * What every card provider adapter must do, whichever provider is behind it (issue 7, "one shared
 * contract test"). A harness knows how that provider's browser side turns a test card into
 * something the server can charge, and how its issuer answers a challenge.
 */
export interface CardProviderHarness {
  provider(): CardProvider;
  card(
    session: PreparedSession,
    scenario: 'frictionless' | 'challenge' | 'decline',
  ): Promise<AuthoriseRequest['card']>;
  answerChallenge(
    outcome: Extract<ProviderOutcome, { status: 'sca_required' }>,
    pass: boolean,
  ): Promise<{ cres?: string }>;
}

export function request(card: AuthoriseRequest['card'], amountPence = 4599): AuthoriseRequest {
  const uuid = randomUUID();
  return {
    attemptUuid: uuid,
    vendorTxCode: `LC-${uuid.replaceAll('-', '')}`.slice(0, 40),
    amountPence,
    currency: 'GBP',
    description: 'Contract test order',
    email: 'sam.carter@example.org',
    billing: {
      firstName: 'Sam',
      lastName: 'Carter',
      line1: '88 Oakfield Place',
      city: 'Bristol',
      postcode: 'BS8 412',
      country: 'GB',
    },
    card,
    browser: {
      colourDepth: 24,
      javaEnabled: false,
      javascriptEnabled: true,
      language: 'en-GB',
      screenHeight: 900,
      screenWidth: 1440,
      timezoneOffset: 0,
      userAgent: 'contract-test',
      acceptHeader: 'text/html',
      ip: '127.0.0.1',
    },
    notificationUrl: 'http://localhost:3002/api/payment-providers/sca-completion/x',
    challengeWindowSize: 'Medium',
  };
}

export function cardProviderContract(harness: CardProviderHarness): void {
  it('prepares a fresh session for every checkout', async () => {
    const first = await harness.provider().prepare();
    const second = await harness.provider().prepare();
    expect(first.sessionKey).not.toBe(second.sessionKey);
    expect(first.configuration.url).toMatch(/^https?:\/\//);
  });

  it('authorises a frictionless card, and can look the payment up and void it', async () => {
    const provider = harness.provider();
    const session = await provider.prepare();
    const outcome = await provider.authorise(request(await harness.card(session, 'frictionless')));
    expect(outcome.status).toBe('authorised');
    if (outcome.status !== 'authorised') return;
    expect(outcome.card.lastFour).toMatch(/^\d{4}$/);
    expect((await provider.lookUp(outcome.providerTxId))?.status).toBe('authorised');
    // Opayo voids a same-day payment; Stripe captures at once, so it refunds.
    expect(['voided', 'refunded']).toContain(
      await provider.reverse(outcome.providerTxId, {
        amountPence: 4599,
        vendorTxCode: `R-${randomUUID()}`.slice(0, 40),
      }),
    );
  });

  it('refunds part of a payment (a cancelled booking), leaving the payment itself in place', async () => {
    const provider = harness.provider();
    const session = await provider.prepare();
    const outcome = await provider.authorise(request(await harness.card(session, 'frictionless'), 1300));
    if (outcome.status !== 'authorised') throw new Error(`expected an authorisation, got ${outcome.status}`);
    const reference = `B-${randomUUID()}`.slice(0, 40);
    expect(await provider.refund(outcome.providerTxId, { amountPence: 650, vendorTxCode: reference })).toBe(
      'refunded',
    );
    expect(await provider.lookUp(outcome.providerTxId)).toMatchObject({ status: 'authorised' });
  });

  it('finds a payment by our reference when its answer was lost, and nothing for one it never saw', async () => {
    const provider = harness.provider();
    const session = await provider.prepare();
    const sent = request(await harness.card(session, 'frictionless'));
    const outcome = await provider.authorise(sent);
    if (outcome.status !== 'authorised') throw new Error(`expected an authorisation, got ${outcome.status}`);
    const found = await provider.findByReference(sent.vendorTxCode);
    expect(found).toMatchObject({ status: 'authorised', providerTxId: outcome.providerTxId });
    expect(
      await provider.findByReference(`LC-${randomUUID().replaceAll('-', '')}`.slice(0, 40)),
    ).toBeUndefined();
  });

  it('reports a declined card as failed with the provider code and message', async () => {
    const provider = harness.provider();
    const session = await provider.prepare();
    const outcome = await provider.authorise(request(await harness.card(session, 'decline')));
    expect(outcome.status).toBe('failed');
    if (outcome.status !== 'failed') return;
    expect(outcome.error.code).not.toBe('');
    expect(outcome.error.message).not.toBe('');
  });

  it('asks for a challenge, then authorises when the cardholder passes it', async () => {
    const provider = harness.provider();
    const session = await provider.prepare();
    const outcome = await provider.authorise(request(await harness.card(session, 'challenge')));
    expect(outcome.status).toBe('sca_required');
    if (outcome.status !== 'sca_required') return;
    const done = await provider.completeChallenge(
      outcome.providerTxId,
      await harness.answerChallenge(outcome, true),
    );
    expect(done.status).toBe('authorised');
  });

  it('fails the payment when the cardholder fails the challenge', async () => {
    const provider = harness.provider();
    const session = await provider.prepare();
    const outcome = await provider.authorise(request(await harness.card(session, 'challenge')));
    if (outcome.status !== 'sca_required') throw new Error(`expected a challenge, got ${outcome.status}`);
    const done = await provider.completeChallenge(
      outcome.providerTxId,
      await harness.answerChallenge(outcome, false),
    );
    expect(done.status).toBe('failed');
  });
}
