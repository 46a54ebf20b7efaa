import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from './support/card-sandbox.ts';
import { checkoutCalls } from './support/checkout-calls.ts';
import { basketWith, createCustomer } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Decision 0067: with every connection busy, a request on the payment path (its session check
 * included) is served before requests that were waiting before it. PGlite has one connection and
 * no line to jump, so this runs where connections are pooled: on PostgreSQL (CI runs it there).
 */
describe.skipIf(!process.env.DATABASE_URL)('payments first for a connection, on PostgreSQL', () => {
  let sandbox: TestSandbox;
  let t: TestApp;
  const { call } = checkoutCalls(() => t);

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await createTestApp({ now: '2026-11-21T12:00:00Z', cardProvider: sandbox.provider });
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  it('answers a payment queued behind 20 basket reads before most of them', async () => {
    const customer = await createCustomer(t);
    await basketWith(t, customer, [{ slug: 'gym-anytime', paymentType: 'fixed', startDate: '2026-11-30' }]);
    // Every connection is taken for a second (long enough for all to queue on a busy machine), and
    // they come free one at a time, 40 ms apart.
    const holds = Array.from({ length: 10 }, (_, index) =>
      t.database.db.execute(sql`SELECT pg_sleep(${1 + index * 0.04})`),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const answered: string[] = [];
    const reads = Array.from({ length: 20 }, (_, index) =>
      call(customer.cookie, 'GET', '/api/cart').then((answer) => {
        expect(answer.status).toBe(200);
        answered.push(`basket ${index}`);
      }),
    );
    // All 20 wait before the payment arrives, however slow the machine is this moment.
    await until(() => t.database.waitingForConnections() >= 20);
    const queued = t.database.waitingForConnections();
    const payment = call(customer.cookie, 'GET', '/api/checkout/prepare').then((answer) => {
      expect(answer.status).toBe(200);
      answered.push('payment');
    });
    await until(() => t.database.waitingForConnections() > queued);
    await Promise.all([...holds, ...reads, payment]);
    // In arrival order it is answered last (20th); first in line for each connection, 0-2nd on an
    // idle machine and up to 5th under the whole suite's load.
    expect(answered).toHaveLength(21);
    expect(answered.indexOf('payment')).toBeLessThan(10);
  });
});

/** Waits, a few milliseconds at a time, until `done` holds. */
async function until(done: () => boolean): Promise<void> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > 10_000) throw new Error('The requests did not queue within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
