import { afterEach, describe, expect, it } from 'vitest';
import { newTestMandate } from './support/direct-debit-contract.ts';
import { startTestGoCardless, type TestGoCardless } from './support/gocardless-sandbox.ts';

let gc: TestGoCardless | undefined;
afterEach(async () => {
  await gc?.close();
  gc = undefined;
});

describe('sandbox GoCardless: POST /payments/{id}/actions/retry', () => {
  it('retries only a failed payment, once per idempotency key, no earlier than the mandate allows', async () => {
    gc = await startTestGoCardless();
    const mandate = await newTestMandate(gc.client, 'Pat Lee');
    const run = (scenario: string, resource: string) =>
      gc!.raw('POST', `/scenario_simulators/${scenario}/actions/run`, { data: { links: { resource } } });
    expect((await run('mandate_activated', mandate.id!)).status).toBe(200);
    const payment = await gc.client.createPayment({
      amount: 1000,
      currency: 'GBP',
      links: { mandate: mandate.id! },
    });
    const retry = (body: object, key: string) =>
      gc!.raw('POST', `/payments/${payment.id}/actions/retry`, { data: body }, { 'idempotency-key': key });

    // Not failed: nothing to retry.
    const early = await retry({}, 'first');
    expect(early.status).toBe(422);
    expect(await early.json()).toMatchObject({ error: { type: 'invalid_state' } });

    expect((await run('payment_failed', payment.id!)).status).toBe(200);
    const floor = (await gc.client.getMandate(mandate.id!)).next_possible_charge_date!;
    const tooSoon = await retry({ charge_date: gc.sandbox.engine.today() }, 'second');
    expect(tooSoon.status).toBe(422);
    expect(await tooSoon.json()).toMatchObject({ error: { errors: [{ field: 'charge_date' }] } });

    const retried = await gc.client.retryPayment(payment.id!, { charge_date: floor }, 'third');
    expect(retried).toMatchObject({ status: 'pending_submission', charge_date: floor });
    const events = gc.sandbox.engine.events({ payment: payment.id! }).map((event) => event.action);
    expect(events.filter((action) => action === 'resubmission_requested')).toHaveLength(1);
    // The same key again answers the payment as it is; another key finds it no longer failed.
    expect(await gc.client.retryPayment(payment.id!, { charge_date: floor }, 'third')).toMatchObject({
      status: 'pending_submission',
    });
    expect((await retry({ charge_date: floor }, 'fourth')).status).toBe(422);
    expect(
      gc.sandbox.engine
        .events({ payment: payment.id! })
        .filter((event) => event.action === 'resubmission_requested'),
    ).toHaveLength(1);
  });
});
