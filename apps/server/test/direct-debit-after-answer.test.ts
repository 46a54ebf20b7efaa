import { afterEach, describe, expect, it } from 'vitest';
import { directDebitInstructions } from '../src/db/schema.ts';
import type { TestGoCardless } from './support/gocardless-sandbox.ts';
import type { TestApp } from './support/test-app.ts';
import { orderNationalAllAccessMonthly, startAppWithGoCardless } from './support/direct-debit-member.ts';

// Thursday 24 December 2026; the first collection is on Friday 15 January 2027.
const now = Date.parse('2026-12-24T09:00:00Z');

let t: TestApp | undefined;
let gc: TestGoCardless | undefined;
let release = () => {};
afterEach(async () => {
  release(); // a failed expectation must not leave the set-up, and so the close, waiting
  await gc?.close();
  await t?.close();
  t = gc = undefined;
});

describe("a new Direct Debit's set-up after the order (decision 0065)", () => {
  it('answers the order without waiting for the provider, and a closing server finishes the set-up first', async () => {
    const providerHeld = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    const started = await startAppWithGoCardless(now, (real) => ({
      // The mandate set-up's first call to the provider waits until the test lets it go.
      getBillingRequest: async (id: string) => {
        asked += 1;
        await providerHeld;
        return real.getBillingRequest(id);
      },
    }));
    ({ t, gc } = started);
    const { member, completed } = await orderNationalAllAccessMonthly(t);
    expect(completed.status).toBe(200);
    // The set-up reaches the provider after the answer (a few statements later on PostgreSQL).
    await expect.poll(() => asked, { timeout: 10_000 }).toBe(1);
    const instruction = async () =>
      (await t!.database.db.select().from(directDebitInstructions)).find(
        (row) => row.customerId === member.id,
      );
    expect((await instruction())?.mandateId).toBeNull();

    let closed = false;
    const closing = t.app.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false); // closing waits for the set-up the order started
    release();
    await closing;
    expect((await instruction())?.mandateId).toMatch(/^MD/);
    expect(gc.sandbox.engine.counts()).toMatchObject({ mandates: 1, payments: 1 });
  });
});
