import type { CancellationResult } from '@lido/contracts/centre-cancellations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRefundsOwed } from '../src/modules/checkout/payments-attention.ts';
import { createActivity, createSession, tomorrowAt } from './support/activity-factories.ts';
import { apiClient } from './support/api.ts';
import { startTestSandbox, type TestSandbox } from './support/card-sandbox.ts';
import { browserFacts, cardBilling } from './support/checkout-calls.ts';
import { createCustomer, type TestCustomer } from './support/factories.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

const host = siteHost.frontOfHouse;
const origin = `http://${host}`;

/**
 * Issue 35 item 3 (decision 0095): a card refund the centre's cancellation could not make is tried
 * again by the existing job and shows in the manager's summary until it is made; the operator's
 * rule can send it all to account credit instead.
 */
describe('card refunds of a session cancelled by the centre', () => {
  let sandbox: TestSandbox;
  let t: TestApp;
  const book = apiClient(() => t, siteHost.bookings);
  const rows = <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.database.query<R>(sql, params);
  let manager = '';
  let presses = 0;

  beforeAll(async () => {
    sandbox = await startTestSandbox({ appOrigins: [`http://${siteHost.bookings}`] });
    t = await createTestApp({ cardProvider: sandbox.provider });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      headers: { host, origin },
      payload: { username: 'manager', password: 'Pool-Manager-2026!' },
    });
    manager = String(login.headers['set-cookie']).match(/lido_staffToken=[^;]+/)![0];
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  const staff = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { host, origin, cookie: manager },
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: CancellationResult }>().data;
  };
  const cancel = (sessionId: number) =>
    staff('POST', '/api/staff/cancellations', {
      key: `refund-test-${(presses += 1)}-${Date.now()}`,
      venue: 'castlefield-leisure-centre',
      sessionIds: [sessionId],
      reason: 'Instructor ill',
    });

  /** A booking paid by card: its payment's uuid. */
  async function bookedByCard(customer: TestCustomer, session: { id: number }, priceId: number) {
    await book.as(customer).book(session.id, priceId);
    const prepared = (await book.as(customer).get<{ sessionKey: string }>('/api/checkout/prepare')).data;
    const token = await sandbox.tokenise(prepared.sessionKey);
    const authorised = await book.as(customer).post<{ transactionUuid: string }>('/api/checkout/authorise', {
      ...cardBilling,
      ...browserFacts,
      session_key: prepared.sessionKey,
      card_identifier: token.body.cardIdentifier,
      card_holder_name: 'SAM CARTER',
      source: 'bookings',
    });
    const done = await book.as(customer).post<{ orderId: number }>('/api/checkout/complete', {
      transaction_uuid: authorised.data.transactionUuid,
    });
    expect(done.status).toBe(200);
    return authorised.data.transactionUuid;
  }
  const refundsAtSandbox = async (uuid: string) => {
    const [attempt] = await rows<{ vendor_tx_code: string }>(
      'SELECT vendor_tx_code FROM payment_attempts WHERE uuid = $1',
      [uuid],
    );
    const all = (await sandbox.control('/transactions')).transactions as {
      transactionType: string;
      amount: { totalAmount: number };
      vendorTxCode: string;
    }[];
    return all
      .filter(
        (tx) =>
          tx.transactionType === 'Refund' && tx.vendorTxCode.startsWith(attempt!.vendor_tx_code.slice(0, 30)),
      )
      .map((tx) => tx.amount.totalAmount);
  };

  it('lists a failed card refund in the summary, and the job makes it once the provider answers', async () => {
    const customer = await createCustomer(t);
    const spin = await createActivity(t, { name: 'Spin' });
    const session = await createSession(t, spin, { startsAt: tomorrowAt(19) });
    const uuid = await bookedByCard(customer, session, spin.price('adult').id);
    const [{ provider_tx_id: providerTxId }] = (await rows<{ provider_tx_id: string }>(
      'SELECT provider_tx_id FROM payment_attempts WHERE uuid = $1',
      [uuid],
    )) as [{ provider_tx_id: string }];
    await rows("UPDATE payment_attempts SET provider_tx_id = 'GONE-' || uuid WHERE uuid = $1", [uuid]);

    const result = await cancel(session.id);
    expect(result).toMatchObject({ bookingsCancelled: 1, cardRefunds: 0, refundsFailed: 1 });
    // The job will try again, so it is not yet left to staff.
    expect(await bookingRefundsOwed(t.database.db)).toEqual([]);

    await rows('UPDATE payment_attempts SET provider_tx_id = $2 WHERE uuid = $1', [uuid, providerTxId]);
    await rows(
      "UPDATE customer_bookings SET refund_tried_at = now() - interval '1 day' WHERE session_id = $1",
      [session.id],
    );
    expect(await t.services().bookings.retryCardRefunds()).toBe(1);
    expect(await refundsAtSandbox(uuid)).toEqual([650]);
    const later = await staff('GET', `/api/staff/cancellations/${result.id}`);
    expect(later).toMatchObject({ cardRefunds: 1, refundsFailed: 0, cardRefunded: { formatted: '£6.50' } });

    // The supervisor's audit log words it.
    const supervisor = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      headers: { host, origin },
      payload: { username: 'supervisor', password: 'Supervisor-2026!' },
    });
    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/staff/audit',
      headers: {
        host,
        origin,
        cookie: String(supervisor.headers['set-cookie']).match(/lido_staffToken=[^;]+/)![0],
      },
    });
    const entries = audit.json<{ data: { entries: { description: string; details: string | null }[] } }>()
      .data.entries;
    expect(entries).toContainEqual(
      expect.objectContaining({
        description: 'Cancelled 1 session at Castlefield Leisure Centre: Instructor ill',
        details: '1 booking to cancel; 0 waiting-list entries closed and told',
      }),
    );
  });

  it('the job finishes a run: a booking made at the moment its session was cancelled is cancelled too, once', async () => {
    const customer = await createCustomer(t);
    const spin = await createActivity(t, { name: 'Spin' });
    const session = await createSession(t, spin, { startsAt: tomorrowAt(21) });
    const result = await cancel(session.id);
    expect(result.bookingsCancelled).toBe(0);
    // As a basket paid in the same moment would leave it: booked on the cancelled session.
    const [late] = await rows<{ id: number }>(
      `INSERT INTO customer_bookings (customer_id, venue_id, activity_name, starts_at, ends_at, status, price_pence, session_id, quantity)
       SELECT $1, venue_id, 'Spin', starts_at, ends_at, 'booked', 0, id, 1 FROM activity_sessions WHERE id = $2 RETURNING id`,
      [customer.id, session.id],
    );
    const runs = await Promise.all([
      t.services().centreCancellations.finishLeftOver(),
      t.services().centreCancellations.finishLeftOver(),
    ]);
    expect(Math.max(...runs)).toBe(1);
    expect(
      await rows(
        'SELECT status, centre_cancellation_id, cancel_reason FROM customer_bookings WHERE id = $1',
        [late!.id],
      ),
    ).toEqual([{ status: 'cancelled', centre_cancellation_id: result.id, cancel_reason: 'Instructor ill' }]);
    expect(await t.services().centreCancellations.finishLeftOver()).toBe(0);
    const mail = (await t.services().email.list(200)).filter((m) => m.to === customer.email);
    expect(mail.map((m) => m.subject)).toEqual([expect.stringMatching(/^Cancelled: your Spin on /)]);
  });

  it('gives no late-cancel strike to a customer who cancels a booking on a session the centre is cancelling', async () => {
    const account = apiClient(() => t, siteHost.myAccount);
    const yoga = await createActivity(t, { name: 'Yoga', cancellationCutoffMinutes: 30 });
    const strikesAfterCancelling = async (centreCancelling: boolean) => {
      const customer = await createCustomer(t, { creditBalancePence: 650 });
      // Within the demo's four hours of the start: a late cancellation.
      const session = await createSession(t, yoga, { startsAt: new Date(Date.now() + 3 * 3_600_000) });
      await book.as(customer).book(session.id, yoga.price('adult').id);
      const done = await book.as(customer).post<{ orderId: number }>('/api/checkout/complete', {
        source: 'bookings',
        payments: [{ tender_type: 'credit', amount: 650 }],
      });
      const [booking] = await rows<{ id: number }>('SELECT id FROM customer_bookings WHERE order_id = $1', [
        done.data.orderId,
      ]);
      // As the centre's first transaction leaves it, before its turn comes to this booking.
      if (centreCancelling)
        await rows('UPDATE activity_sessions SET cancelled = true WHERE id = $1', [session.id]);
      expect((await account.as(customer).post(`/api/my-account/bookings/${booking!.id}/cancel`)).status).toBe(
        200,
      );
      return (await rows('SELECT id FROM booking_strikes WHERE booking_id = $1', [booking!.id])).length;
    };
    expect(await strikesAfterCancelling(false)).toBe(1);
    expect(await strikesAfterCancelling(true)).toBe(0);
  });

  it('gives it all as account credit when the operator’s rule says credit', async () => {
    await rows("UPDATE operators SET centre_cancellation_refund_method = 'credit'");
    try {
      const customer = await createCustomer(t);
      const spin = await createActivity(t, { name: 'Spin' });
      const session = await createSession(t, spin, { startsAt: tomorrowAt(20) });
      const uuid = await bookedByCard(customer, session, spin.price('adult').id);
      const result = await cancel(session.id);
      expect(result).toMatchObject({ cardRefunds: 0, creditAdded: { formatted: '£6.50' } });
      expect(await refundsAtSandbox(uuid)).toEqual([]);
      const [{ pence }] = (await rows<{ pence: number }>(
        'SELECT balance_pence AS pence FROM account_credit_balances WHERE customer_id = $1',
        [customer.id],
      )) as [{ pence: number }];
      expect(pence).toBe(650);
    } finally {
      await rows("UPDATE operators SET centre_cancellation_refund_method = 'card'");
    }
  });
});
