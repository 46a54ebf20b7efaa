import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomersRepository } from '../src/modules/customers/customers.repository.ts';
import { directDebitNeeded } from '../src/modules/direct-debit/direct-debit-required.ts';
import { startTestSandbox, type TestSandbox } from './support/card-sandbox.ts';
import { browserFacts, cardBilling, checkoutCalls } from './support/checkout-calls.ts';
import { startTestGoCardless, type TestGoCardless } from './support/gocardless-sandbox.ts';
import { createCustomer, type TestCustomer } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 15 item 3: a monthly membership is billed by Direct Debit, so one is never sold to a
 * customer without a working instruction unless the basket holds a checked billing request:
 * refused when it is added, before a card is charged, and again when the order completes.
 */
describe('no monthly membership without a Direct Debit, on 21 Nov 2026', () => {
  let sandbox: TestSandbox;
  let gc: TestGoCardless;
  let t: TestApp;
  const { call } = checkoutCalls(() => t);
  let venueId: number;
  let gym: { id: number; monthly: number };

  const addMonthly = (cookie: string) =>
    call(cookie, 'POST', '/api/cart/add', {
      items: [
        {
          id: gym.id,
          type: 'membership',
          pricing_option_id: gym.monthly,
          options: { venue_id: venueId, start_date: '2026-11-21', billing_day: 1 },
        },
      ],
    });
  const setInstruction = (customer: TestCustomer, has: boolean) =>
    createCustomersRepository(t.database.db).update(customer.id, { hasDirectDebitInstruction: has });
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await t.database.query<{ n: string }>(sql, params))[0]!.n);
  const authorise = async (cookie: string) => {
    const cart = (await call(cookie, 'GET', '/api/cart')).body.data;
    const terms = (await call(cookie, 'GET', `/api/terms?cart_id=${cart.cartId}`)).body.data.data as {
      id: number;
    }[];
    const prepared = (await call(cookie, 'GET', '/api/checkout/prepare')).body.data;
    const token = await sandbox.tokenise(prepared.sessionKey);
    return call(cookie, 'POST', '/api/checkout/authorise', {
      ...cardBilling,
      ...browserFacts,
      session_key: prepared.sessionKey,
      card_identifier: token.body.cardIdentifier,
      terms: terms.map((term) => term.id),
    });
  };

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    gc = await startTestGoCardless();
    t = await createTestApp({
      now: '2026-11-21T12:00:00Z',
      cardProvider: sandbox.provider,
      directDebitProvider: { name: 'sandbox', client: gc.client },
    });
    venueId = (await call(undefined, 'GET', '/api/activities/venues/castlefield-leisure-centre')).body.data
      .id;
    const types = (await call(undefined, 'GET', `/api/memberships/types?venue_id=${venueId}`)).body.data as {
      id: number;
      slug: string;
      paymentOptions: { id: number; paymentType: string }[];
    }[];
    const found = types.find((type) => type.slug === 'gym-anytime')!;
    gym = {
      id: found.id,
      monthly: found.paymentOptions.find((option) => option.paymentType === 'recurring')!.id,
    };
  });
  afterAll(async () => {
    await t?.close();
    await gc?.close();
    await sandbox?.close();
  });

  it('refuses a monthly line added without bank details, however many adds race', async () => {
    const { cookie: alex } = await createCustomer(t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => addMonthly(alex)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(422));
    expect(answers[0]!.body).toMatchObject({
      message: directDebitNeeded,
      errors: { membership: [directDebitNeeded] },
    });
    expect((await call(alex, 'GET', '/api/cart')).body.data.items).toEqual([]);
  });

  it('takes a monthly line once the basket holds bank details the provider checked', async () => {
    const { cookie: alex } = await createCustomer(t);
    const stored = await call(alex, 'POST', '/api/memberships/online-joining/store', {
      home_venue_id: venueId,
      membership_type_id: gym.id,
      payment_option_id: gym.monthly,
      start_date: '2026-11-22',
      billing_day: 1,
      account_holder: 'Alex Newman',
      account_details: { sort_code: '200000', account_number: '55779911' },
      dd_terms_accepted: true,
      billing_address: { line_one: '88 Deansgate', city: 'Manchester', postcode: 'M3 2BW' },
    });
    expect(stored.status).toBe(201);
    expect(stored.body.data.items).toHaveLength(1);
  });

  it('keeps selling monthly memberships to a member who pays by Direct Debit', async () => {
    const { cookie: priya } = await createCustomer(t, { hasDirectDebitInstruction: true, billingDay: 15 });
    expect((await addMonthly(priya)).status).toBe(200);
  });

  it('charges nothing for a monthly line whose Direct Debit ended before paying', async () => {
    const customer = await createCustomer(t, { hasDirectDebitInstruction: true });
    const lee = customer.cookie;
    expect((await addMonthly(lee)).status).toBe(200);
    await setInstruction(customer, false);
    const before = await count('SELECT count(*) AS n FROM payment_attempts');
    const refused = await authorise(lee);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(directDebitNeeded);
    expect(await count('SELECT count(*) AS n FROM payment_attempts')).toBe(before);
  });

  it('refuses to complete a paid monthly line whose Direct Debit ended meanwhile, and voids the payment', async () => {
    const customer = await createCustomer(t, { hasDirectDebitInstruction: true });
    const lee = customer.cookie;
    expect((await addMonthly(lee)).status).toBe(200);
    const paid = await authorise(lee);
    expect(paid.body.data.transactionStatus).toBe('authorised');
    await setInstruction(customer, false);
    const uuid = paid.body.data.transactionUuid as string;
    const completes = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(lee, 'POST', '/api/checkout/complete', { transaction_uuid: uuid }),
      ),
    );
    for (const answer of completes) expect(answer.status).toBe(422);
    // The complete that wins the race voids the payment and says why; on PostgreSQL that need not
    // be the first one sent (the others find the payment already voided).
    expect(completes.map((answer) => answer.body.message)).toContain(directDebitNeeded);
    expect(await count('SELECT count(*) AS n FROM orders WHERE customer_id = $1', [customer.id])).toBe(0);
    const [attempt] = await t.database.query<{ status: string; vendor_tx_code: string }>(
      'SELECT status, vendor_tx_code FROM payment_attempts WHERE uuid = $1',
      [uuid],
    );
    expect(attempt?.status).toBe('voided');
    const at = (await sandbox.control(`/transactions?vendorTxCode=${attempt!.vendor_tx_code}`))
      .transactions as {
      instructions: { instructionType: string }[];
    }[];
    expect(at[0]?.instructions.map((instruction) => instruction.instructionType)).toEqual(['void']);
  });
});
