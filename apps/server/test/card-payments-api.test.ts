import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from './support/card-sandbox.ts';
import { browserFacts, cardBilling, checkoutCalls } from './support/checkout-calls.ts';
import { basketWith, createCustomer } from './support/factories.ts';
import { createTestApp, loginCookie, type TestApp } from './support/test-app.ts';

describe('paying for a basket by card through the sandbox provider, on 21 Nov 2026', () => {
  let sandbox: TestSandbox;
  let t: TestApp;
  const { host, call, gymBasket: fillBasket } = checkoutCalls(() => t);
  /** A new customer's session cookie. */
  const newCustomer = async () => (await createCustomer(t)).cookie;
  const rowCount = async (sql: string) => Number((await t.database.query<{ n: string }>(sql))[0]!.n);

  const billing = cardBilling;
  const browser = browserFacts;
  /** prepare, then what the card frame does with the test card, then authorise */
  const payByNewCard = async (
    cookie: string,
    terms: number[],
    card: Record<string, string> = {},
    extra: object = {},
  ) => {
    const prepared = (await call(cookie, 'GET', '/api/checkout/prepare')).body.data;
    const token = await sandbox.tokenise(prepared.sessionKey, card);
    return call(cookie, 'POST', '/api/checkout/authorise', {
      ...billing,
      ...browser,
      session_key: prepared.sessionKey,
      card_identifier: token.body.cardIdentifier,
      card_holder_name: card.cardholderName ?? 'ALEX NEWMAN',
      terms,
      source: 'online-joining',
      ...extra,
    });
  };
  /** The issuer's frame posting its answer to our notification URL (a cross-site form post). */
  const issuerAnswers = async (
    authorised: { transactionUuid: string; scaData: { creq: string; threeDSSessionData: string } },
    pass: boolean,
  ) => {
    const creq = JSON.parse(Buffer.from(authorised.scaData.creq, 'base64url').toString()) as {
      acsTransID: string;
    };
    const { cres } = await sandbox.control(`/acs/${creq.acsTransID}/complete`, { result: pass ? 'Y' : 'N' });
    return t.app.inject({
      method: 'POST',
      url: `/api/payment-providers/sca-completion/${authorised.transactionUuid}`,
      headers: { host, origin: sandbox.origin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        cres: String(cres),
        threeDSSessionData: authorised.scaData.threeDSSessionData,
      }).toString(),
    });
  };
  const providerTransactions = async (transactionUuid: string) => {
    const [attempt] = await t.database.query<{ vendor_tx_code: string }>(
      'SELECT vendor_tx_code FROM payment_attempts WHERE uuid = $1',
      [transactionUuid],
    );
    return (await sandbox.control(`/transactions?vendorTxCode=${attempt!.vendor_tx_code}`)).transactions as {
      status: string;
      instructions: { instructionType: string }[];
    }[];
  };

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await createTestApp({ now: '2026-11-21T12:00:00Z', cardProvider: sandbox.provider });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('prepares a card session, offering a saved card first', async () => {
    expect((await call(undefined, 'GET', '/api/checkout/prepare')).status).toBe(401);
    // Sam, of the demo data, saved the one card the sandbox provider keeps (its reference is unique).
    const sam = await loginCookie(t, 'C100003');
    const prepared = (await call(sam, 'GET', '/api/checkout/prepare')).body.data;
    expect(prepared).toMatchObject({
      paymentProvider: 'sandbox',
      paymentProviderConfiguration: { mode: 'sandbox', url: `${sandbox.apiBase}/js/sagepay.js` },
      savedCard: { cardType: 'Visa', lastFourDigits: '0006', expired: false },
    });
    expect(prepared.sessionKey).toMatch(/^[0-9A-F-]{36}$/);
  });

  it('refuses bad billing details, missing terms and a missing card, changing nothing', async () => {
    const priya = await newCustomer();
    const { terms } = await fillBasket(priya);
    const before = await rowCount('SELECT count(*) AS n FROM payment_attempts');
    const badBilling = await payByNewCard(
      priya,
      terms,
      {},
      { billing_postcode: 'NOPE', billing_first_name: ' P ' },
    );
    expect(badBilling.status).toBe(422);
    expect(badBilling.body.errors).toEqual({
      billingFirstName: ['Please enter your first name'],
      billingPostcode: ['Please enter a valid postcode'],
    });
    const noTerms = await payByNewCard(priya, []);
    expect(noTerms.body.message).toBe('Please check all required terms and conditions');
    const noCard = await call(priya, 'POST', '/api/checkout/authorise', {
      ...billing,
      session_key: 'X',
      terms,
    });
    expect(noCard.body.message).toBe('Please complete all required card fields');
    expect(await rowCount('SELECT count(*) AS n FROM payment_attempts')).toBe(before);
  });

  it('fails a declined card with the bank’s answer and takes nothing', async () => {
    const customer = await createCustomer(t);
    const alex = customer.cookie;
    const { terms } = await fillBasket(alex);
    const declined = await payByNewCard(alex, terms, { cardNumber: '4929602110085639' });
    expect(declined.status).toBe(200);
    expect(declined.body.data).toMatchObject({
      transactionStatus: 'failed',
      error: { code: '2000', message: 'The Authorisation was Declined by the bank.' },
    });
    const complete = await call(alex, 'POST', '/api/checkout/complete', {
      transaction_uuid: declined.body.data.transactionUuid,
    });
    expect(complete.status).toBe(422);
    expect(await rowCount(`SELECT count(*) AS n FROM orders WHERE customer_id = ${customer.id}`)).toBe(0);
  });

  it('fails the payment when the issuer challenge is failed', async () => {
    const alex = await newCustomer();
    const { terms } = await fillBasket(alex);
    const challenged = await payByNewCard(alex, terms, { cardholderName: 'CHALLENGE' });
    expect(challenged.body.data.transactionStatus).toBe('sca_required');
    const page = await issuerAnswers(challenged.body.data, false);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('"transaction_status":"failed"');
    expect((await providerTransactions(challenged.body.data.transactionUuid))[0]!.status).toBe('Rejected');
  });

  it('passes a challenge once, however often the answer is replayed, and completes into one order from 20 racing completes', async () => {
    const alex = await newCustomer();
    const { total, terms } = await fillBasket(alex);
    const challenged = (await payByNewCard(alex, terms, { cardholderName: 'CHALLENGE' })).body.data;
    expect(challenged).toMatchObject({ transactionStatus: 'sca_required', scaMethod: 'POST' });
    expect(challenged.scaUrl).toBe(`${sandbox.origin}/sandbox/opayo/acs/challenge`);
    expect(Buffer.from(challenged.scaData.threeDSSessionData, 'base64url').toString()).toBe(
      challenged.transactionUuid,
    );

    const first = await issuerAnswers(challenged, true);
    expect(first.body).toContain('"transaction_status":"authorised"');
    const replayed = await issuerAnswers(challenged, true);
    expect(replayed.body).toContain('"transaction_status":"authorised"');
    const json = await call(
      alex,
      'POST',
      `/api/payment-providers/sca-completion/${challenged.transactionUuid}`,
      {
        transaction_uuid: challenged.transactionUuid,
        sca_result: 'replayed',
      },
    );
    expect(json.body.data).toMatchObject({ transactionId: challenged.transactionUuid, status: 'authorised' });
    const [row] = await t.database.query<{ provider_tx_id: string }>(
      'SELECT provider_tx_id FROM payment_attempts WHERE uuid = $1',
      [challenged.transactionUuid],
    );
    const providerTxId = row!.provider_tx_id;
    const events = (await sandbox.control('/events')).events as { path: string }[];
    expect(events.filter((event) => event.path.endsWith(`${providerTxId}/3d-secure-challenge`))).toHaveLength(
      1,
    );

    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(alex, 'POST', '/api/checkout/complete', { transaction_uuid: challenged.transactionUuid, terms }),
      ),
    );
    const ids = new Set(results.map((result) => result.body.data?.completeOrderId));
    expect(results.every((result) => result.status === 200)).toBe(true);
    expect(ids.size).toBe(1);
    expect(await providerTransactions(challenged.transactionUuid)).toHaveLength(1);
    const [order] = await t.database.query<{
      payment_method: string;
      card_last_four: string;
      total_pence: number;
    }>('SELECT payment_method, card_last_four, total_pence FROM orders WHERE id = $1', [[...ids][0]]);
    expect(order).toMatchObject({
      payment_method: 'card',
      card_last_four: '0006',
      total_pence: total,
    });
    expect(
      await rowCount(`SELECT count(*) AS n FROM customer_memberships WHERE order_id = ${[...ids][0]}`),
    ).toBe(1);
  });

  it('pays with a saved card and its security code', async () => {
    // Demo Sam's saved card (see above), paying for a three months' swim of his own.
    const sam = await loginCookie(t, 'C100003');
    await basketWith(t, sam, [{ slug: 'swim-unlimited', paymentType: 'fixed' }]);
    const prepared = (await call(sam, 'GET', '/api/checkout/prepare')).body.data;
    const cardRef = '6f2c2d52-4b7e-4a43-9a0e-5a3d1c0b0006';
    expect(await sandbox.linkSecurityCode(prepared.sessionKey, cardRef, '123')).toBe(204);
    const cart = (await call(sam, 'GET', '/api/cart')).body.data;
    const terms = (
      (await call(sam, 'GET', `/api/terms?cart_id=${cart.cartId}`)).body.data.data as { id: number }[]
    ).map((term) => term.id);
    const paid = await call(sam, 'POST', '/api/checkout/authorise', {
      ...browser,
      session_key: prepared.sessionKey,
      saved_card_id: prepared.savedCard.id,
      terms,
    });
    expect(paid.body.data.transactionStatus).toBe('authorised');
    const done = await call(sam, 'POST', '/api/checkout/complete', {
      transaction_uuid: paid.body.data.transactionUuid,
      terms,
    });
    expect(done.status).toBe(200);

    // Someone else's saved card is not found.
    const alex = await newCustomer();
    await fillBasket(alex);
    const stolen = await call(alex, 'POST', '/api/checkout/authorise', {
      ...browser,
      session_key: 'X',
      saved_card_id: prepared.savedCard.id,
      terms: [],
    });
    expect([404, 422]).toContain(stolen.status);
  });

  it('after a crash between authorise and complete, reconciliation makes exactly one order, or gives the money back', async () => {
    const leeCustomer = await createCustomer(t);
    const lee = leeCustomer.cookie;
    const { terms } = await fillBasket(lee);
    const authorised = (await payByNewCard(lee, terms)).body.data;
    expect(authorised.transactionStatus).toBe('authorised');
    const other = await newCustomer();
    const second = await fillBasket(other);
    const orphan = (await payByNewCard(other, second.terms)).body.data;
    expect(orphan.transactionStatus).toBe('authorised');
    // The second customer's basket changes before anything completes: that payment cannot stand.
    expect((await call(other, 'DELETE', '/api/cart')).status).toBe(200);

    // The process dies here: the app goes, the database stays; a new process starts on it.
    await t.app.close();
    t = await createTestApp({
      now: '2026-11-21T12:00:00Z',
      cardProvider: sandbox.provider,
      database: t.database,
    });
    const counts = await t.services().checkout.reconcile({ olderThanMs: 0 });
    expect(counts).toMatchObject({ completed: 1, reversed: 1 });
    expect(await t.services().checkout.reconcile({ olderThanMs: 0 })).toMatchObject({
      completed: 0,
      reversed: 0,
    });

    const [leeAttempt] = await t.database.query<{ status: string; order_id: number | null }>(
      'SELECT status, order_id FROM payment_attempts WHERE uuid = $1',
      [authorised.transactionUuid],
    );
    expect(leeAttempt).toMatchObject({ status: 'completed' });
    expect(await rowCount(`SELECT count(*) AS n FROM orders WHERE id = ${leeAttempt!.order_id}`)).toBe(1);
    const [orphanAttempt] = await t.database.query<{ status: string; order_id: number | null }>(
      'SELECT status, order_id FROM payment_attempts WHERE uuid = $1',
      [orphan.transactionUuid],
    );
    expect(orphanAttempt).toEqual({ status: 'voided', order_id: null });
    expect((await providerTransactions(orphan.transactionUuid))[0]!.instructions).toEqual([
      expect.objectContaining({ instructionType: 'void' }),
    ]);
    // The customer who paid can still complete from the browser: the same order comes back.
    const lee2 = await loginCookie(t, leeCustomer.reference);
    const late = await call(lee2, 'POST', '/api/checkout/complete', {
      transaction_uuid: authorised.transactionUuid,
    });
    expect(late.body.data.completeOrderId).toBe(leeAttempt!.order_id);
  });

  it('keeps card numbers out of the database', async () => {
    // A declined card and a paid one have been through checkout.
    const declining = await newCustomer();
    const declined = await payByNewCard(declining, (await fillBasket(declining)).terms, {
      cardNumber: '4929602110085639',
    });
    expect(declined.body.data.transactionStatus).toBe('failed');
    const paying = await newCustomer();
    const paid = await payByNewCard(paying, (await fillBasket(paying)).terms);
    expect(paid.body.data.transactionStatus).toBe('authorised');
    const completed = await call(paying, 'POST', '/api/checkout/complete', {
      transaction_uuid: paid.body.data.transactionUuid,
    });
    expect(completed.status).toBe(200);
    const tables = await t.database.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
    );
    for (const { table_name } of tables) {
      const rows = await t.database.query<Record<string, unknown>>(`SELECT * FROM "${table_name}"`);
      expect(JSON.stringify(rows)).not.toMatch(/4929000000006|4929602110085639/);
    }
  });
});
