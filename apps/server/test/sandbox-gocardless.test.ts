import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createGoCardlessClient } from '../src/providers/direct-debit/gocardless-client.ts';
import { newTestMandate } from './support/direct-debit-contract.ts';
import { startTestGoCardless, type TestGoCardless } from './support/gocardless-sandbox.ts';

let gc: TestGoCardless | undefined;
afterEach(async () => {
  await gc?.close();
  gc = undefined;
});

const mandateFor = (holder: string) => newTestMandate(gc!.client, holder);

describe('sandbox GoCardless: the API surface', () => {
  it('wants the bearer token and the version header, and answers GoCardless-shaped errors', async () => {
    gc = await startTestGoCardless();
    const noToken = await gc.raw('GET', '/mandates/MD123', undefined, { authorization: 'Bearer wrong' });
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toMatchObject({
      error: { type: 'invalid_api_usage', errors: [{ reason: 'authentication_failed' }] },
    });
    const noVersion = await gc.raw('GET', '/mandates/MD123', undefined, { 'gocardless-version': '' });
    expect(noVersion.status).toBe(400);
    const unwrapped = await gc.raw('POST', '/customers', { given_name: 'Pat' });
    expect(unwrapped.status).toBe(400);
    const invalid = await gc.raw('POST', '/bank_details_lookups', {
      bank_details_lookups: { account_number: '55779912', branch_code: '200000', country_code: 'GB' },
    });
    expect(invalid.status).toBe(422);
    const body = (await invalid.json()) as { error: Record<string, unknown> };
    expect(body.error).toMatchObject({
      type: 'validation_failed',
      errors: [{ field: 'account_number', message: 'is invalid', request_pointer: '/account_number' }],
    });
    expect(body.error.request_id).toMatch(/^RQ/);
  });

  it('keeps one mandate per idempotency key, answering a reuse with 409 and the conflicting id', async () => {
    gc = await startTestGoCardless();
    const first = await mandateFor('Pat Lee');
    const account = first.links!.customer_bank_account!;
    const post = () =>
      gc!.raw(
        'POST',
        '/mandates',
        { mandates: { links: { customer_bank_account: account } } },
        { 'idempotency-key': 'one-key' },
      );
    expect((await post()).status).toBe(201);
    const again = await post();
    expect(again.status).toBe(409);
    const conflict = (await again.json()) as {
      error: { type: string; errors: { reason: string; links: Record<string, string> }[] };
    };
    expect(conflict.error.type).toBe('invalid_state');
    expect(conflict.error.errors[0]!.reason).toBe('idempotent_creation_conflict');
    // Through the adapter the same key answers the same mandate, twice, concurrently.
    const [a, b] = await Promise.all([
      gc.client.createMandate({ links: { customer_bank_account: account } }, 'adapter-key'),
      gc.client.createMandate({ links: { customer_bank_account: account } }, 'adapter-key'),
    ]);
    expect(a.id).toBe(b.id);
    expect(gc.sandbox.engine.counts().mandates).toBe(3); // the first, "one-key" and "adapter-key"
  });

  it('answers the magic sort codes of the design', async () => {
    gc = await startTestGoCardless();
    const closed = await mandateFor('Pat Lee').then(async () => {
      const customer = await gc!.client.createCustomer({ given_name: 'Pat', family_name: 'Lee' });
      const account = await gc!.client.createCustomerBankAccount({
        account_holder_name: 'Pat Lee',
        account_number: '12345678',
        branch_code: '200002',
        country_code: 'GB',
        links: { customer: customer.id! },
      });
      return gc!.client.createMandate({ links: { customer_bank_account: account.id! } });
    });
    gc.sandbox.advanceWorkingDays(1);
    expect(await gc.client.getMandate(closed.id!)).toMatchObject({ status: 'failed' });
    const events = gc.sandbox.engine.events({ mandate: closed.id! });
    expect(events[0]).toMatchObject({
      action: 'failed',
      details: { cause: 'bank_account_closed', origin: 'bank' },
    });
    const refused = await gc.client
      .createCustomerBankAccount({
        account_holder_name: 'Pat Lee',
        account_number: '12345678',
        branch_code: '200001',
        country_code: 'GB',
        links: { customer: closed.links!.customer! },
      })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({
      status: 422,
      errors: [{ field: 'account_number', message: 'cannot be used for Direct Debit' }],
    });
  });

  it('runs scenario simulators only from their allowed starting state', async () => {
    gc = await startTestGoCardless();
    const mandate = await mandateFor('Pat Lee');
    const run = (scenario: string, resource: string) =>
      gc!.raw('POST', `/scenario_simulators/${scenario}/actions/run`, { data: { links: { resource } } });
    expect((await run('mandate_activated', mandate.id!)).status).toBe(200);
    expect((await gc.client.getMandate(mandate.id!)).status).toBe('active');
    const again = await run('mandate_activated', mandate.id!);
    expect(again.status).toBe(422);
    const payment = await gc.client.createPayment({
      amount: 1000,
      currency: 'GBP',
      links: { mandate: mandate.id! },
    });
    expect((await run('payment_failed', payment.id!)).status).toBe(200);
    expect((await gc.client.getPayment(payment.id!)).status).toBe('failed');
    expect((await run('no_such_scenario', payment.id!)).status).toBe(404);
  });
});

describe('sandbox GoCardless: webhooks', () => {
  it('signs each batch and retries until the app answers 2xx', async () => {
    const received: { body: string; signature: string }[] = [];
    let failuresLeft = 2;
    gc = await startTestGoCardless({
      postWebhook: async (body, headers) => {
        received.push({ body, signature: headers['webhook-signature']! });
        return failuresLeft-- > 0 ? 500 : 204;
      },
    });
    const mandate = await mandateFor('Pat Lee');
    await gc.sandbox.settled();
    const [delivery] = gc.sandbox.deliveries();
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3 });
    // All three attempts carried the same signed batch; the adapter accepts it, and not a forgery.
    expect(new Set(received.map((entry) => entry.body)).size).toBe(1);
    const events = gc.client.parseWebhook(Buffer.from(received[0]!.body), received[0]!.signature);
    expect(events).toEqual([expect.objectContaining({ action: 'created', links: { mandate: mandate.id } })]);
    expect(
      gc.client.parseWebhook(
        Buffer.from(received[0]!.body.replace('created', 'failed')),
        received[0]!.signature,
      ),
    ).toBeNull();
    const otherSecret = createGoCardlessClient({
      baseUrl: gc.baseUrl,
      accessToken: 'x',
      webhookSecret: 'not-the-secret',
    });
    expect(otherSecret.parseWebhook(Buffer.from(received[0]!.body), received[0]!.signature)).toBeNull();
    expect(gc.client.parseWebhook(Buffer.from(received[0]!.body), undefined)).toBeNull();
  });

  it('gives up after its last retry and sends timeline events in order', async () => {
    const actions: string[] = [];
    gc = await startTestGoCardless({
      postWebhook: async (body) => {
        actions.push(
          ...(JSON.parse(body) as { events: { action: string }[] }).events.map((event) => event.action),
        );
        return 503;
      },
    });
    await mandateFor('MANDATE CANCELLED');
    gc.sandbox.advanceWorkingDays(5);
    await gc.sandbox.settled();
    expect(
      gc.sandbox.deliveries().every((delivery) => delivery.status === 'gave_up' && delivery.attempts === 4),
    ).toBe(true);
    expect([...new Set(actions)]).toEqual(['created', 'submitted', 'active', 'cancelled']);
  });

  it('serves its control endpoints to loopback callers only', async () => {
    gc = await startTestGoCardless();
    const clock = await fetch(`${gc.baseUrl}/_control/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_working_days: 1 }),
    });
    expect(clock.status).toBe(200);
    const { today } = (await clock.json()) as { today: string };
    expect(today > new Date().toISOString().slice(0, 10)).toBe(true);
    const fromElsewhere = await gc.sandbox.app.inject({
      method: 'POST',
      url: '/sandbox/gocardless/_control/reset',
      remoteAddress: '10.0.0.9',
    });
    expect(fromElsewhere.statusCode).toBe(404);
  });
});

describe('sandbox GoCardless: its state across a restart', () => {
  it('finds its mandates, payments, events and idempotency keys again after stopping and starting', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lido-gc-restart-'));
    try {
      gc = await startTestGoCardless({ dataDir });
      const mandate = await newTestMandate(gc.client, 'Pat Lee', 'restart-key');
      const payment = await gc.client.createPayment({
        amount: 1500,
        currency: 'GBP',
        links: { mandate: mandate.id! },
      });
      const eventCount = gc.sandbox.engine.eventCount();
      // Written behind, not per call: nothing has reached the file yet.
      expect(fs.existsSync(path.join(dataDir, 'sandbox-gocardless.json'))).toBe(false);
      await gc.close();

      // Stopping wrote it whole, with no temporary file left beside it.
      expect(fs.readdirSync(dataDir)).toEqual(['sandbox-gocardless.json']);
      gc = await startTestGoCardless({ dataDir });
      expect(await gc.client.getMandate(mandate.id!)).toMatchObject({
        id: mandate.id,
        status: 'pending_submission',
      });
      expect(await gc.client.getPayment(payment.id!)).toMatchObject({
        amount: 1500,
        status: 'pending_submission',
      });
      expect(gc.sandbox.engine.eventCount()).toBe(eventCount);
      const reused = await gc.raw(
        'POST',
        '/mandates',
        { mandates: { links: { customer_bank_account: mandate.links!.customer_bank_account } } },
        { 'idempotency-key': 'restart-key' },
      );
      expect(reused.status).toBe(409);
      // The timeline carries on where it left off.
      gc.sandbox.advanceWorkingDays(3);
      expect((await gc.client.getMandate(mandate.id!)).status).toBe('active');
    } finally {
      await gc?.close();
      gc = undefined;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
