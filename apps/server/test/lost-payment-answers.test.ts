import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardPayments, unresolvedCode } from '../src/modules/checkout/card-payments.ts';
import { paymentsNeedingAttention } from '../src/modules/checkout/payments-attention.ts';
import { startTestSandbox, type TestSandbox } from './support/card-sandbox.ts';
import { browserFacts, cardBilling, checkoutCalls } from './support/checkout-calls.ts';
import { createCustomer } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 15 item 9: a card authorisation whose provider answer never came (`unknown`) is looked up
 * at the provider by our reference and completed, given back or closed; one that cannot be found
 * out within 30 minutes goes to staff with one coded error line. The basket is never blocked for good.
 */
describe('card payments whose answer was lost, on 21 Nov 2026', () => {
  let sandbox: TestSandbox;
  let t: TestApp;
  const { call, gymBasket } = checkoutCalls(() => t);

  /** Pays for the basket with the sandbox's test card; the name picks the sandbox's behaviour. */
  const pay = async (cookie: string, terms: number[], cardholderName = 'ALEX NEWMAN') => {
    const prepared = (await call(cookie, 'GET', '/api/checkout/prepare')).body.data;
    const token = await sandbox.tokenise(prepared.sessionKey, { cardholderName });
    return call(cookie, 'POST', '/api/checkout/authorise', {
      ...cardBilling,
      ...browserFacts,
      session_key: prepared.sessionKey,
      card_identifier: token.body.cardIdentifier,
      terms,
    });
  };
  const attempt = async (uuid: string) =>
    (
      await t.database.query<{
        status: string;
        order_id: number | null;
        vendor_tx_code: string;
        error: unknown;
      }>('SELECT status, order_id, vendor_tx_code, error FROM payment_attempts WHERE uuid = $1', [uuid])
    )[0]!;
  /** The provider never answers in time: the authorisation is recorded as unknown. */
  const lostAnswer = async (cookie: string, terms: number[], cardholderName: string) => {
    const paid = await pay(cookie, terms, cardholderName);
    expect(paid.body.data.transactionStatus).toBe('failed');
    const uuid = paid.body.data.transactionUuid as string;
    expect((await attempt(uuid)).status).toBe('unknown');
    return uuid;
  };

  beforeAll(async () => {
    // The adapter gives up after 300 ms; "SLOW 1200" is answered (and authorised) after 1.2 s.
    sandbox = await startTestSandbox({ timeoutMs: 300 });
    t = await createTestApp({ now: '2026-11-21T12:00:00Z', cardProvider: sandbox.provider });
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  it('completes the order of a payment the provider authorised after its answer was lost', async () => {
    const alex = (await createCustomer(t)).cookie;
    const { terms } = await gymBasket(alex);
    const uuid = await lostAnswer(alex, terms, 'SLOW 1200');
    // Meanwhile the basket is held: a second payment could charge twice.
    expect((await pay(alex, terms)).status).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const counts = await t.services().checkout.reconcile({ olderThanMs: 0 });
    expect(counts).toMatchObject({ completed: 1 });
    const done = await attempt(uuid);
    expect(done.status).toBe('completed');
    expect(done.order_id).not.toBeNull();
    // A second run, or the customer's own complete, finds the same order.
    expect(await t.services().checkout.reconcile({ olderThanMs: 0 })).toMatchObject({ completed: 0 });
    const late = await call(alex, 'POST', '/api/checkout/complete', { transaction_uuid: uuid });
    expect(late.body.data.completeOrderId).toBe(done.order_id);
  });

  it('gives the money back when the basket changed before the answer was found', async () => {
    const lee = (await createCustomer(t)).cookie;
    const { terms } = await gymBasket(lee);
    const uuid = await lostAnswer(lee, terms, 'SLOW 1200');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await call(lee, 'DELETE', '/api/cart')).status).toBe(200);

    expect(await t.services().checkout.reconcile({ olderThanMs: 0 })).toMatchObject({ reversed: 1 });
    const given = await attempt(uuid);
    expect(given).toMatchObject({ status: 'voided', order_id: null });
    const at = (await sandbox.control(`/transactions?vendorTxCode=${given.vendor_tx_code}`)).transactions as {
      instructions: { instructionType: string }[];
    }[];
    expect(at[0]?.instructions.map((instruction) => instruction.instructionType)).toEqual(['void']);
  });

  it('closes a payment the provider never received, and the customer can pay again', async () => {
    const sam = (await createCustomer(t)).cookie;
    const { terms } = await gymBasket(sam);
    const uuid = await lostAnswer(sam, terms, 'FORCE 9998');
    expect(await t.services().checkout.reconcile({ olderThanMs: 0 })).toMatchObject({ failed: 1 });
    expect(await attempt(uuid)).toMatchObject({ status: 'failed', error: { code: 'not_received' } });
    const again = await pay(sam, terms);
    expect(again.body.data.transactionStatus).toBe('authorised');
    expect(
      (
        await call(sam, 'POST', '/api/checkout/complete', {
          transaction_uuid: again.body.data.transactionUuid,
        })
      ).status,
    ).toBe(200);
  });

  it('alerts staff once when the provider cannot tell within 30 minutes, and frees the basket', async () => {
    const casey = (await createCustomer(t)).cookie;
    const { terms } = await gymBasket(casey);
    const uuid = await lostAnswer(casey, terms, 'FORCE 9998');
    // The reporting look-up is down: the reconciler cannot find out.
    const lines: { level: string; fields: Record<string, unknown> }[] = [];
    const record = (level: string) => (fields: Record<string, unknown>) => lines.push({ level, fields });
    const log = {
      error: record('error'),
      warn: record('warn'),
      info: record('info'),
    } as unknown as FastifyBaseLogger;
    const payments = createCardPayments({
      db: t.database.db,
      provider: {
        ...sandbox.provider,
        findByReference: async () => {
          throw new Error('reporting unreachable');
        },
      },
      currency: async () => 'GBP',
      kinds: [],
      today: () => '2026-11-21',
      clock: () => new Date('2026-11-21T12:00:00Z'),
      timeZone: 'Europe/London',
      log,
    });

    expect(await payments.reconcile({ olderThanMs: 0 })).toMatchObject({ attention: 0 });
    expect((await attempt(uuid)).status).toBe('unknown');
    await t.database.query(
      `UPDATE payment_attempts SET created_at = now() - interval '31 minutes' WHERE uuid = $1`,
      [uuid],
    );
    const runs = await Promise.all([
      payments.reconcile({ olderThanMs: 0 }),
      payments.reconcile({ olderThanMs: 0 }),
    ]);
    expect(runs.reduce((sum, counts) => sum + counts.attention, 0)).toBe(1);
    expect(await payments.reconcile({ olderThanMs: 0 })).toMatchObject({ attention: 0 });

    expect(await attempt(uuid)).toMatchObject({ status: 'needs_attention', error: { code: unresolvedCode } });
    const alerts = lines.filter((line) => line.level === 'error' && line.fields.code === unresolvedCode);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.fields.attempt).toBe(uuid);
    const listed = await paymentsNeedingAttention(t.database.db);
    expect(listed.map((row) => row.attempt)).toContain(uuid);
    // The basket is no longer held by the unresolved attempt. The payment is completed here, so no
    // authorised attempt is left for another test's reconciliation to find.
    const paid = await pay(casey, terms);
    expect(paid.body.data.transactionStatus).toBe('authorised');
    const done = await call(casey, 'POST', '/api/checkout/complete', {
      transaction_uuid: paid.body.data.transactionUuid,
    });
    expect(done.status).toBe(200);
  });
});
