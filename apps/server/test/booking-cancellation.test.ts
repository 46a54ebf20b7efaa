import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, Bookings } from '@lido/contracts/account';
import { apiClient } from './support/api.ts';
import { createActivity, createSession, holdPlace, sessionCounts } from './support/activity-factories.ts';
import { startTestSandbox, type TestSandbox } from './support/card-sandbox.ts';
import { browserFacts, cardBilling } from './support/checkout-calls.ts';
import { createCustomer, type TestCustomer } from './support/factories.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';
import { bookingRefundsOwed, formatRefundLine } from '../src/modules/checkout/payments-attention.ts';

/** Issue 17 item 5: My account → Bookings, and cancelling before the cut-off. */
describe('my bookings and cancelling them', () => {
  let sandbox: TestSandbox;
  let t: TestApp;
  const api = apiClient(() => t, siteHost.myAccount);
  const book = apiClient(() => t, siteHost.bookings);
  const rows = <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.database.query<R>(sql, params);
  const credit = async (customer: TestCustomer) =>
    (
      await rows<{ credit_balance_pence: number }>(
        'SELECT coalesce((SELECT balance_pence FROM account_credit_balances WHERE customer_id = $1), 0) AS credit_balance_pence',
        [customer.id],
      )
    )[0]!.credit_balance_pence;
  const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);

  /** A session booked and paid for with account credit (or nothing): the booking's id. */
  const bookedWithCredit = async (
    customer: TestCustomer,
    session: { id: number },
    price: { id: number; pricePence: number },
  ) => {
    await holdPlace(t, customer.id, session, price);
    const done = await book.as(customer).post<{ orderId: number }>('/api/checkout/complete', {
      source: 'bookings',
      ...(price.pricePence > 0 ? { payments: [{ tender_type: 'credit', amount: price.pricePence }] } : {}),
    });
    expect(done.status).toBe(200);
    const [booking] = await rows<{ id: number }>('SELECT id FROM customer_bookings WHERE order_id = $1', [
      done.data.orderId,
    ]);
    return { bookingId: booking!.id, orderId: done.data.orderId };
  };

  /** The same paid by card without a challenge. */
  const bookedByCard = async (
    customer: TestCustomer,
    session: { id: number },
    price: { id: number; pricePence: number },
  ) => {
    await holdPlace(t, customer.id, session, price);
    const prepared = (await book.as(customer).get<{ sessionKey: string }>('/api/checkout/prepare')).data;
    const token = await sandbox.tokenise(prepared.sessionKey);
    const authorised = await book
      .as(customer)
      .post<{ transactionUuid: string; transactionStatus: string }>('/api/checkout/authorise', {
        ...cardBilling,
        ...browserFacts,
        session_key: prepared.sessionKey,
        card_identifier: token.body.cardIdentifier,
        card_holder_name: 'SAM CARTER',
        source: 'bookings',
      });
    expect(authorised.data.transactionStatus).toBe('authorised');
    const done = await book.as(customer).post<{ orderId: number }>('/api/checkout/complete', {
      transaction_uuid: authorised.data.transactionUuid,
    });
    const [booking] = await rows<{ id: number }>('SELECT id FROM customer_bookings WHERE order_id = $1', [
      done.data.orderId,
    ]);
    return { bookingId: booking!.id, orderId: done.data.orderId, uuid: authorised.data.transactionUuid };
  };

  beforeAll(async () => {
    sandbox = await startTestSandbox({ appOrigins: [`http://${siteHost.bookings}`] });
    t = await createTestApp({ cardProvider: sandbox.provider });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('lists upcoming bookings soonest first and past ones most recent first, each saying whether it can be cancelled', async () => {
    const customer = await createCustomer(t, { creditBalancePence: 5000 });
    const spin = await createActivity(t, { name: 'Spin', cancellationCutoffMinutes: 120 });
    const later = await createSession(t, spin, { startsAt: inMinutes(60 * 48) });
    const sooner = await createSession(t, spin, { startsAt: inMinutes(60 * 30) });
    const tooLate = await createSession(t, spin, { startsAt: inMinutes(60) });
    const past = await createSession(t, spin, { startsAt: inMinutes(-60 * 24) });
    for (const session of [later, sooner, tooLate, past])
      await bookedWithCredit(customer, session, spin.price('adult'));

    const list = (await api.as(customer).get<Bookings>('/api/my-account/bookings')).data;
    expect(list.upcoming.map((b) => b.sessionId)).toEqual([tooLate.id, sooner.id, later.id]);
    expect(list.past.map((b) => b.sessionId)).toEqual([past.id]);
    expect(list.upcoming[1]!.cancellation).toMatchObject({
      allowed: true,
      reason: null,
      refund: { formatted: '£6.50' },
      refundMethod: 'credit',
      refundText: '£6.50 will be added to your account credit.',
    });
    expect(list.upcoming[0]!.cancellation).toMatchObject({
      allowed: false,
      reason: 'Bookings can be cancelled up to 2 hours before the start.',
    });
    expect(list.past[0]!.cancellation!.allowed).toBe(false);
  });

  it('moves a cancelled booking out of Upcoming, even before its session starts (issue 34 item 7)', async () => {
    const customer = await createCustomer(t, { creditBalancePence: 1300 });
    const swim = await createActivity(t, { name: 'Aqua fit', cancellationCutoffMinutes: 60 });
    const kept = await createSession(t, swim, { startsAt: inMinutes(60 * 30) });
    const dropped = await createSession(t, swim, { startsAt: inMinutes(60 * 26) });
    await bookedWithCredit(customer, kept, swim.price('adult'));
    const { bookingId } = await bookedWithCredit(customer, dropped, swim.price('adult'));
    expect((await api.as(customer).post(`/api/my-account/bookings/${bookingId}/cancel`)).status).toBe(200);

    const list = (await api.as(customer).get<Bookings>('/api/my-account/bookings')).data;
    expect(list.upcoming.map((b) => b.sessionId)).toEqual([kept.id]);
    expect(list.past.map((b) => [b.sessionId, b.status, b.upcoming])).toEqual([
      [dropped.id, 'cancelled', false],
    ]);
  });

  it('cancels before the cut-off: the place back on sale at once, the money to account credit; after it, 422 with the reason', async () => {
    const customer = await createCustomer(t, { creditBalancePence: 1300 });
    const yoga = await createActivity(t, { name: 'Yoga', cancellationCutoffMinutes: 120 });
    const session = await createSession(t, yoga, { capacity: 1 });
    const { bookingId } = await bookedWithCredit(customer, session, yoga.price('adult'));
    expect((await sessionCounts(t, session.id)).taken).toBe(1);
    expect(await credit(customer)).toBe(650);

    const cancelled = await api.as(customer).post<Booking>(`/api/my-account/bookings/${bookingId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.data).toMatchObject({
      status: 'cancelled',
      cancellation: { allowed: false, refundText: '£6.50 was added to your account credit.' },
    });
    expect((await sessionCounts(t, session.id)).taken).toBe(0);
    expect(await credit(customer)).toBe(1300);
    const [row] = await rows('SELECT refund_pence, refund_method FROM customer_bookings WHERE id = $1', [
      bookingId,
    ]);
    expect(row).toEqual({ refund_pence: 650, refund_method: 'credit' });

    const again = await api.as(customer).post(`/api/my-account/bookings/${bookingId}/cancel`);
    expect(again.status).toBe(409);
    expect(again.message).toBe('This booking has already been cancelled.');
    expect(await credit(customer)).toBe(1300);

    const soon = await createSession(t, yoga, { startsAt: inMinutes(90) });
    const late = await bookedWithCredit(customer, soon, yoga.price('adult'));
    const refused = await api.as(customer).post(`/api/my-account/bookings/${late.bookingId}/cancel`);
    expect(refused.status).toBe(422);
    expect(refused.message).toBe('Bookings can be cancelled up to 2 hours before the start.');
    expect((await sessionCounts(t, soon.id)).taken).toBe(1);
    expect(await credit(customer)).toBe(650);
  });

  it('another customer’s booking is not found, a bad id is refused, and neither cancels anything', async () => {
    const owner = await createCustomer(t, { creditBalancePence: 650 });
    const spin = await createActivity(t);
    const { bookingId } = await bookedWithCredit(owner, await createSession(t, spin), spin.price('adult'));
    const other = await createCustomer(t);
    expect((await api.as(other).get(`/api/my-account/bookings/${bookingId}`)).status).toBe(404);
    expect((await api.as(other).post(`/api/my-account/bookings/${bookingId}/cancel`)).status).toBe(404);
    for (const bad of ['0', 'abc', '1.5', '99999999999999999999']) {
      const refused = await api.as(owner).post(`/api/my-account/bookings/${bad}/cancel`);
      expect(refused.status).toBe(422);
    }
    expect((await api.as(undefined).post(`/api/my-account/bookings/${bookingId}/cancel`)).status).toBe(401);
    expect((await api.as(owner).get<Booking>(`/api/my-account/bookings/${bookingId}`)).data.status).toBe(
      'booked',
    );
  });

  it('20 concurrent cancels give one refund', async () => {
    const customer = await createCustomer(t, { creditBalancePence: 650 });
    const spin = await createActivity(t);
    const session = await createSession(t, spin);
    const { bookingId } = await bookedWithCredit(customer, session, spin.price('adult'));
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api.as(customer).post(`/api/my-account/bookings/${bookingId}/cancel`)),
    );
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    expect(results.filter((result) => result.status === 409)).toHaveLength(19);
    expect(await credit(customer)).toBe(650);
    expect((await sessionCounts(t, session.id)).taken).toBe(0);
  });

  it('refunds to the card when the operator says so, once however many cancels race', async () => {
    await rows("UPDATE operators SET booking_refund_method = 'card'");
    try {
      const customer = await createCustomer(t);
      const spin = await createActivity(t);
      const session = await createSession(t, spin);
      const paid = await bookedByCard(customer, session, spin.price('adult'));
      const before = (await api.as(customer).get<Booking>(`/api/my-account/bookings/${paid.bookingId}`)).data;
      expect(before.cancellation!.refundText).toBe('£6.50 will be refunded to your card ending 0006.');
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          api.as(customer).post(`/api/my-account/bookings/${paid.bookingId}/cancel`),
        ),
      );
      expect(results.filter((result) => result.status === 200)).toHaveLength(1);
      const [row] = await rows(
        'SELECT refund_pence, refund_method, refund_status FROM customer_bookings WHERE id = $1',
        [paid.bookingId],
      );
      expect(row).toEqual({ refund_pence: 650, refund_method: 'card', refund_status: 'done' });
      const [attempt] = await rows<{ vendor_tx_code: string }>(
        'SELECT vendor_tx_code FROM payment_attempts WHERE uuid = $1',
        [paid.uuid],
      );
      const refunds = (
        (await sandbox.control('/transactions')).transactions as {
          transactionType: string;
          amount: { totalAmount: number };
          vendorTxCode: string;
        }[]
      ).filter(
        (tx) =>
          tx.transactionType === 'Refund' && tx.vendorTxCode.startsWith(attempt!.vendor_tx_code.slice(0, 30)),
      );
      expect(refunds.map((tx) => tx.amount)).toEqual([expect.objectContaining({ totalAmount: 650 })]);
      expect(await credit(customer)).toBe(0);
    } finally {
      await rows("UPDATE operators SET booking_refund_method = 'credit'");
    }
  });

  /** Refunds at the sandbox made against this payment's reference. */
  const sandboxRefunds = async (uuid: string) => {
    const [attempt] = await rows<{ vendor_tx_code: string }>(
      'SELECT vendor_tx_code FROM payment_attempts WHERE uuid = $1',
      [uuid],
    );
    return (
      (await sandbox.control('/transactions')).transactions as {
        transactionType: string;
        amount: { totalAmount: number };
        vendorTxCode: string;
      }[]
    ).filter(
      (tx) =>
        tx.transactionType === 'Refund' && tx.vendorTxCode.startsWith(attempt!.vendor_tx_code.slice(0, 30)),
    );
  };
  /** As if the job's wait for this booking's next try were over. */
  const waitOver = (bookingId: number) =>
    rows("UPDATE customer_bookings SET refund_tried_at = now() - interval '1 day' WHERE id = $1", [
      bookingId,
    ]);

  it('tries a failed card refund again, once across instances, and leaves it to staff only when the job gives up', async () => {
    await rows("UPDATE operators SET booking_refund_method = 'card'");
    try {
      const customer = await createCustomer(t);
      const spin = await createActivity(t);
      const session = await createSession(t, spin);
      const paid = await bookedByCard(customer, session, spin.price('adult'));
      const [{ provider_tx_id: providerTxId }] = (await rows<{ provider_tx_id: string }>(
        'SELECT provider_tx_id FROM payment_attempts WHERE uuid = $1',
        [paid.uuid],
      )) as [{ provider_tx_id: string }];
      // The provider cannot be reached for this payment: the refund call fails.
      await rows("UPDATE payment_attempts SET provider_tx_id = 'GONE-' || uuid WHERE uuid = $1", [paid.uuid]);
      const cancelled = await api
        .as(customer)
        .post<Booking>(`/api/my-account/bookings/${paid.bookingId}/cancel`);
      expect(cancelled.status).toBe(200);
      expect(cancelled.data.status).toBe('cancelled');
      expect((await sessionCounts(t, session.id)).taken).toBe(0);
      const state = async () =>
        (
          await rows(
            'SELECT refund_status, refund_attempts, refund_card_pence FROM customer_bookings WHERE id = $1',
            [paid.bookingId],
          )
        )[0];
      expect(await state()).toEqual({ refund_status: 'failed', refund_attempts: 0, refund_card_pence: 650 });
      // The job will try again, so staff are not asked to refund it (they would refund it twice).
      expect(await bookingRefundsOwed(t.database.db)).toEqual([]);
      // Not before its wait is over.
      expect(await t.services().bookings.retryCardRefunds()).toBe(0);

      // The provider is back; two instances run the job at once: one refund.
      await rows('UPDATE payment_attempts SET provider_tx_id = $2 WHERE uuid = $1', [
        paid.uuid,
        providerTxId,
      ]);
      await waitOver(paid.bookingId);
      const runs = await Promise.all([
        t.services().bookings.retryCardRefunds(),
        t.services().bookings.retryCardRefunds(),
      ]);
      expect(runs.sort()).toEqual([0, 1]);
      expect(await state()).toEqual({ refund_status: 'done', refund_attempts: 1, refund_card_pence: 650 });
      expect((await sandboxRefunds(paid.uuid)).map((tx) => tx.amount.totalAmount)).toEqual([650]);
      await waitOver(paid.bookingId);
      expect(await t.services().bookings.retryCardRefunds()).toBe(0);
    } finally {
      await rows("UPDATE operators SET booking_refund_method = 'credit'");
    }
  });

  it('gives a card refund up to staff after five more tries', async () => {
    await rows("UPDATE operators SET booking_refund_method = 'card'");
    try {
      const customer = await createCustomer(t);
      const spin = await createActivity(t);
      const session = await createSession(t, spin);
      const paid = await bookedByCard(customer, session, spin.price('adult'));
      await rows("UPDATE payment_attempts SET provider_tx_id = 'GONE-' || uuid WHERE uuid = $1", [paid.uuid]);
      await api.as(customer).post<Booking>(`/api/my-account/bookings/${paid.bookingId}/cancel`);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        await waitOver(paid.bookingId);
        expect(await t.services().bookings.retryCardRefunds()).toBe(1);
      }
      await waitOver(paid.bookingId);
      expect(await t.services().bookings.retryCardRefunds()).toBe(0);
      const owed = await bookingRefundsOwed(t.database.db);
      expect(owed).toEqual([
        expect.objectContaining({ bookingId: paid.bookingId, refundPence: 650, refundStatus: 'failed' }),
      ]);
      expect(formatRefundLine(owed[0]!)).toContain(`booking ${paid.bookingId}  card refund failed`);
      expect(await sandboxRefunds(paid.uuid)).toEqual([]);
      // Staff refunded it by hand: off the list, so other tests start from none owed.
      await rows("UPDATE customer_bookings SET refund_status = 'done' WHERE id = $1", [paid.bookingId]);
    } finally {
      await rows("UPDATE operators SET booking_refund_method = 'credit'");
    }
  });
});
