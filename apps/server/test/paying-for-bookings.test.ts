import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@lido/contracts/order';
import { apiClient } from './support/api.ts';
import { createActivity, createSession, holdPlace, sessionCounts } from './support/activity-factories.ts';
import { startTestSandbox, type TestSandbox } from './support/card-sandbox.ts';
import { browserFacts, cardBilling } from './support/checkout-calls.ts';
import { basketWith, createCustomer, type TestCustomer } from './support/factories.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

/** Issue 17 items 4, 6 and 9: paying for held places, by card, credit or nothing, and what completion re-checks. */
describe('paying for bookings', () => {
  let sandbox: TestSandbox;
  let t: TestApp;
  const api = apiClient(() => t, siteHost.bookings);
  const rows = <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.database.query<R>(sql, params);

  /** prepare, the card frame's tokenising, then authorise, as the bookings site's checkout does */
  const authorise = async (customer: TestCustomer, extra: object = {}, cardholderName = 'CHALLENGE') => {
    const prepared = (await api.as(customer).get<{ sessionKey: string }>('/api/checkout/prepare')).data;
    const token = await sandbox.tokenise(prepared.sessionKey, { cardholderName });
    return api.as(customer).post<{
      transactionUuid: string;
      transactionStatus: string;
      scaData: { creq: string; threeDSSessionData: string };
    }>('/api/checkout/authorise', {
      ...cardBilling,
      ...browserFacts,
      session_key: prepared.sessionKey,
      card_identifier: token.body.cardIdentifier,
      card_holder_name: cardholderName,
      source: 'bookings',
      ...extra,
    });
  };
  /** The issuer's challenge passed, posted to our notification URL as the issuer's frame does. */
  const passChallenge = async (authorised: {
    transactionUuid: string;
    scaData: { creq: string; threeDSSessionData: string };
  }) => {
    const creq = JSON.parse(Buffer.from(authorised.scaData.creq, 'base64url').toString()) as {
      acsTransID: string;
    };
    const { cres } = await sandbox.control(`/acs/${creq.acsTransID}/complete`, { result: 'Y' });
    const page = await t.app.inject({
      method: 'POST',
      url: `/api/payment-providers/sca-completion/${authorised.transactionUuid}`,
      headers: {
        host: siteHost.bookings,
        origin: sandbox.origin,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        cres: String(cres),
        threeDSSessionData: authorised.scaData.threeDSSessionData,
      }).toString(),
    });
    expect(page.body).toContain('"transaction_status":"authorised"');
  };
  const complete = (customer: TestCustomer, payload: object) =>
    api.as(customer).post<{ orderId: number }>('/api/checkout/complete', { source: 'bookings', ...payload });

  beforeAll(async () => {
    sandbox = await startTestSandbox({ appOrigins: [`http://${siteHost.bookings}`] });
    t = await createTestApp({ cardProvider: sandbox.provider });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('pays for a class by card through 3-D Secure: a booking, an order from the bookings site, the place still counted once', async () => {
    const customer = await createCustomer(t);
    const spin = await createActivity(t, { name: 'Spin' });
    const session = await createSession(t, spin, { capacity: 12 });
    const { line } = await holdPlace(t, customer.id, session, spin.price('adult'));
    const challenged = await authorise(customer);
    expect(challenged.data.transactionStatus).toBe('sca_required');
    await passChallenge(challenged.data);
    const done = await complete(customer, { transaction_uuid: challenged.data.transactionUuid });
    expect(done.status).toBe(200);
    const orderId = done.data.orderId;

    const [order] = await rows<{ source: string; total_pence: number; payment_method: string }>(
      'SELECT source, total_pence, payment_method FROM orders WHERE id = $1',
      [orderId],
    );
    expect(order).toEqual({ source: 'bookings', total_pence: 650, payment_method: 'card' });
    const booked = await rows<{ status: string; session_id: number; quantity: number; price_pence: number }>(
      'SELECT status, session_id, quantity, price_pence FROM customer_bookings WHERE order_id = $1',
      [orderId],
    );
    expect(booked).toEqual([{ status: 'booked', session_id: session.id, quantity: 1, price_pence: 650 }]);
    expect(await rows('SELECT id FROM cart_booking_lines WHERE id = $1', [line.id])).toEqual([]);
    expect((await sessionCounts(t, session.id)).taken).toBe(1);

    const answer = await api.as(customer).get<Order>(`/api/orders/${orderId}`);
    expect(answer.data.orderType).toBe('booking');
    expect(answer.data.items).toEqual([
      expect.objectContaining({
        type: 'booking',
        name: 'Spin',
        quantity: 1,
        variant: 'Adult',
        priceBreakdown: { decimal: '6.50' },
        related: expect.objectContaining({
          simpleName: 'Spin',
          id: spin.activity.id,
          venueType: 'Leisure centre',
        }),
      }),
    ]);
    const other = await createCustomer(t);
    expect((await api.as(other).get(`/api/orders/${orderId}`)).status).toBe(404);
  });

  it('pays with account credit, and books a free member session with nothing to pay', async () => {
    const customer = await createCustomer(t, { creditBalancePence: 1000 });
    const yoga = await createActivity(t, { name: 'Yoga' });
    const session = await createSession(t, yoga);
    await holdPlace(t, customer.id, session, yoga.price('adult'));
    const paid = await complete(customer, { payments: [{ tender_type: 'credit', amount: 650 }] });
    expect(paid.status).toBe(200);
    const [balance] = await rows<{ credit_balance_pence: number }>(
      'SELECT coalesce((SELECT balance_pence FROM account_credit_balances WHERE customer_id = $1), 0) AS credit_balance_pence',
      [customer.id],
    );
    expect(balance!.credit_balance_pence).toBe(350);

    const member = await createCustomer(t);
    await holdPlace(t, member.id, session, yoga.price('member'));
    const free = await complete(member, {});
    expect(free.status).toBe(200);
    const [order] = await rows<{ payment_method: string; total_pence: number }>(
      'SELECT payment_method, total_pence FROM orders WHERE id = $1',
      [free.data.orderId],
    );
    expect(order).toEqual({ payment_method: 'none', total_pence: 0 });
    expect((await sessionCounts(t, session.id)).taken).toBe(2);
  });

  it('needs the waiver of a session that asks for one, and stores who accepted it and when', async () => {
    const customer = await createCustomer(t);
    const climbing = await createActivity(t, {
      name: 'Climbing taster',
      waiverRequired: true,
      prices: { member: 0 },
    });
    const session = await createSession(t, climbing);
    const { line } = await holdPlace(t, customer.id, session, climbing.price('member'));
    const missing = await complete(customer, {});
    expect(missing.status).toBe(422);
    expect(missing.message).toBe('Please accept the waiver for Climbing taster.');
    expect(await rows('SELECT id FROM customer_bookings WHERE session_id = $1', [session.id])).toEqual([]);

    for (const bad of [[{ id: line.id }], ['yes'], 'all', [0]]) {
      const refused = await complete(customer, { completed_waivers: bad });
      expect(refused.status).toBe(422);
    }
    const accepted = await complete(customer, { completed_waivers: [{ cart_item_id: line.id }] });
    expect(accepted.status).toBe(200);
    const [booking] = await rows<{ waiver_accepted_by: number; waiver_accepted_at: Date | null }>(
      'SELECT waiver_accepted_by, waiver_accepted_at FROM customer_bookings WHERE session_id = $1',
      [session.id],
    );
    expect(booking!.waiver_accepted_by).toBe(customer.id);
    expect(booking!.waiver_accepted_at).not.toBeNull();

    // By card, the waiver is needed before anything is charged.
    const payer = await createCustomer(t);
    const paidClimb = await createActivity(t, { name: 'Bouldering', waiverRequired: true });
    const held = await holdPlace(t, payer.id, await createSession(t, paidClimb), paidClimb.price('adult'));
    const refused = await authorise(payer);
    expect(refused.status).toBe(422);
    expect(refused.message).toBe('Please accept the waiver for Bouldering.');
    expect(await rows('SELECT uuid FROM payment_attempts WHERE customer_id = $1', [payer.id])).toEqual([]);
    const ok = await authorise(payer, { completed_waivers: [held.line.id] }, 'ALEX NEWMAN');
    expect(ok.data.transactionStatus).toBe('authorised');
    expect((await complete(payer, { transaction_uuid: ok.data.transactionUuid })).status).toBe(200);
  });

  it('takes a released place again at completion when it is still free, and gives the money back when it is not', async () => {
    const customer = await createCustomer(t);
    const swim = await createActivity(t, { name: 'Lane swim' });
    const session = await createSession(t, swim, { capacity: 1 });
    const { line } = await holdPlace(t, customer.id, session, swim.price('adult'));
    const paid = await authorise(customer, {}, 'ALEX NEWMAN');
    expect(paid.data.transactionStatus).toBe('authorised');
    // The hold lapsed and was released while the customer paid: the line left, the place came back.
    await rows('DELETE FROM cart_booking_lines WHERE id = $1', [line.id]);
    await rows('UPDATE activity_sessions SET taken = taken - 1 WHERE id = $1', [session.id]);
    const done = await complete(customer, { transaction_uuid: paid.data.transactionUuid });
    expect(done.status).toBe(200);
    expect((await sessionCounts(t, session.id)).taken).toBe(1);
    expect(
      await rows('SELECT status FROM customer_bookings WHERE order_id = $1', [done.data.orderId]),
    ).toEqual([{ status: 'booked' }]);

    // The same, but someone else took the last place meanwhile: refused, and the card given back.
    const late = await createCustomer(t);
    const last = await createSession(t, swim, { capacity: 1 });
    const held = await holdPlace(t, late.id, last, swim.price('adult'));
    const lateAttempt = await authorise(late, {}, 'ALEX NEWMAN');
    await rows('DELETE FROM cart_booking_lines WHERE id = $1', [held.line.id]);
    const other = await createCustomer(t);
    await rows('UPDATE activity_sessions SET taken = taken - 1 WHERE id = $1', [last.id]);
    await holdPlace(t, other.id, last, swim.price('adult'));
    const refused = await complete(late, { transaction_uuid: lateAttempt.data.transactionUuid });
    expect(refused.status).toBe(409);
    expect(refused.message).toBe(
      'A place in your basket is no longer available, so the payment was cancelled and you have not been charged.',
    );
    const [attempt] = await rows<{ status: string }>('SELECT status FROM payment_attempts WHERE uuid = $1', [
      lateAttempt.data.transactionUuid,
    ]);
    expect(attempt!.status).toBe('voided');
    expect(await rows('SELECT id FROM orders WHERE customer_id = $1', [late.id])).toEqual([]);
    expect((await sessionCounts(t, last.id)).taken).toBe(1);
  });

  it('refuses a basket whose session was cancelled, charging nothing', async () => {
    const customer = await createCustomer(t, { creditBalancePence: 2000 });
    const spin = await createActivity(t);
    const session = await createSession(t, spin);
    await holdPlace(t, customer.id, session, spin.price('adult'));
    await rows('UPDATE activity_sessions SET cancelled = true WHERE id = $1', [session.id]);
    const refused = await complete(customer, { payments: [{ tender_type: 'credit', amount: 650 }] });
    expect(refused.status).toBe(409);
    expect(refused.message).toBe(
      'A session in your basket has been cancelled, so the payment was cancelled and you have not been charged.',
    );
    const [balance] = await rows<{ credit_balance_pence: number }>(
      'SELECT coalesce((SELECT balance_pence FROM account_credit_balances WHERE customer_id = $1), 0) AS credit_balance_pence',
      [customer.id],
    );
    expect(balance!.credit_balance_pence).toBe(2000);
  });

  it('sends a confirmation of what, when and where with the .ics attached, and serves the .ics to the order’s owner only', async () => {
    const customer = await createCustomer(t, { creditBalancePence: 650 });
    const spin = await createActivity(t, { name: 'Spin' });
    const session = await createSession(t, spin, { startsAt: new Date('2026-12-01T18:00:00Z') });
    await holdPlace(t, customer.id, session, spin.price('adult'));
    const done = await complete(customer, { payments: [{ tender_type: 'credit', amount: 650 }] });
    const orderId = done.data.orderId;

    const [mail] = await rows<{
      subject: string;
      text_body: string;
      attachments: { filename: string; contentType: string; contentBase64: string }[];
    }>('SELECT subject, text_body, attachments FROM email_outbox WHERE dedupe_key = $1', [
      `receipt:${orderId}`,
    ]);
    expect(mail!.subject).toMatch(/^Your booking is confirmed: LD-\d+$/);
    expect(mail!.text_body).toContain('You are booked on:\nSpin\n  When: Tue 1 Dec 2026, 18:00 to 18:45\n');
    expect(mail!.text_body).toContain('  Where: Studio 1, Castlefield Leisure Centre, ');
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments[0]!.contentType).toContain('text/calendar');
    const attached = Buffer.from(mail!.attachments[0]!.contentBase64, 'base64').toString('utf8');
    expect(attached).toContain('DTSTART:20261201T180000Z\r\n');
    const [queued] = await rows<{ id: string }>('SELECT id FROM email_outbox WHERE dedupe_key = $1', [
      `receipt:${orderId}`,
    ]);
    const outboxPage = await t.app.inject({
      url: `/dev/outbox/${queued!.id}`,
      headers: { host: siteHost.bookings },
    });
    expect(outboxPage.body).toContain(`<a href="/dev/outbox/${queued!.id}/attachments/0">booking-LD-`);
    const file = await t.app.inject({
      url: `/dev/outbox/${queued!.id}/attachments/0`,
      headers: { host: siteHost.bookings },
    });
    expect(file.headers['content-type']).toContain('text/calendar');
    expect(file.body).toBe(attached);

    const ics = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/calendar.ics`,
      headers: { host: siteHost.bookings, cookie: customer.cookie },
    });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(ics.headers['content-disposition']).toBe(`attachment; filename="booking-${orderId}.ics"`);
    expect(ics.body).toContain('SUMMARY:Spin\r\n');
    expect(ics.body).toContain('DTEND:20261201T184500Z\r\n');
    expect(ics.body.replace(/\r\n /g, '')).toContain('LOCATION:Studio 1\\, Castlefield Leisure Centre\\, ');
    const other = await createCustomer(t);
    for (const cookie of [other.cookie, undefined]) {
      const refused = await t.app.inject({
        method: 'GET',
        url: `/api/orders/${orderId}/calendar.ics`,
        headers: { host: siteHost.bookings, ...(cookie ? { cookie } : {}) },
      });
      expect(refused.statusCode).toBe(cookie ? 404 : 401);
    }
  });

  // Issue 38 item 3 (decision 0108): what is sent is in the customer's language, whoever sends it.
  it('writes the confirmation in Welsh to a customer whose language is Welsh', async () => {
    const customer = await createCustomer(t, { creditBalancePence: 650 });
    await rows("UPDATE customers SET language = 'cy' WHERE id = $1", [customer.id]);
    const spin = await createActivity(t, { name: 'Spin' });
    const session = await createSession(t, spin, { startsAt: new Date('2026-12-01T18:00:00Z') });
    await holdPlace(t, customer.id, session, spin.price('adult'));
    const done = await complete(customer, { payments: [{ tender_type: 'credit', amount: 650 }] });
    const [mail] = await rows<{ subject: string; text_body: string; html_body: string }>(
      'SELECT subject, text_body, html_body FROM email_outbox WHERE dedupe_key = $1',
      [`receipt:${done.data.orderId}`],
    );
    expect(mail!.subject).toMatch(/^Mae eich archeb wedi’i chadarnhau: LD-\d+$/);
    expect(mail!.text_body).toContain(
      'Rydych wedi archebu lle ar:\nSpin\n  Pryd: Maw 1 Rhag 2026, 18:00 i 18:45\n',
    );
    expect(mail!.text_body).toContain('  Ble: Studio 1, Castlefield Leisure Centre, ');
    expect(mail!.text_body).toMatch(/^Cyfanswm a dalwyd: £6\.50$/m);
    expect(mail!.html_body).toMatch(/^<div lang="cy">/);
    expect(mail!.html_body).toMatch(
      /Diolch am eich archeb <strong>LD-\d+<\/strong> gyda Brightwater Leisure\./,
    );
    // No English but names: the operator's, the activity's and the centre's.
    expect(mail!.text_body).not.toMatch(/Hello|Thank|booked|When|Where|Total|calendar file/);
  });

  it('pays for a membership and a booking together by card, keeping the hold while paying', async () => {
    const customer = await createCustomer(t);
    const cart = await basketWith(t, customer, [
      {
        slug: 'gym-anytime',
        paymentType: 'fixed',
        startDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      },
    ]);
    const terms = (await apiClient(t).as(customer).terms(cart.cartId!)).data.data.map((term) => term.id);
    const swim = await createActivity(t, { name: 'Public swim' });
    const session = await createSession(t, swim);
    const { line } = await holdPlace(t, customer.id, session, swim.price('adult'), { heldForMinutes: 1 });
    const paid = await authorise(customer, { terms }, 'ALEX NEWMAN');
    expect(paid.data.transactionStatus).toBe('authorised');
    // Paying started: the place is held for the operator's 15 minutes from now, not the 1 left.
    const [held] = await rows<{ minutes: number }>(
      'SELECT extract(epoch FROM held_until - now()) / 60 AS minutes FROM cart_booking_lines WHERE id = $1',
      [line.id],
    );
    expect(Number(held!.minutes)).toBeGreaterThan(14);
    const [attempt] = await rows<{ amount_pence: number }>(
      'SELECT amount_pence FROM payment_attempts WHERE uuid = $1',
      [paid.data.transactionUuid],
    );
    expect(attempt!.amount_pence).toBe(cart.totals.total + 650);

    const done = await complete(customer, { transaction_uuid: paid.data.transactionUuid });
    expect(done.status).toBe(200);
    const order = (await api.as(customer).get<Order>(`/api/orders/${done.data.orderId}`)).data;
    expect(order.orderType).toBe('booking');
    expect(order.items.map((item) => item.type)).toEqual(['membership', 'booking']);
    const [source] = await rows<{ source: string }>('SELECT source FROM orders WHERE id = $1', [
      done.data.orderId,
    ]);
    expect(source!.source).toBe('bookings');
    expect(
      await rows<{ item_type: string; position: number }>(
        'SELECT item_type, position FROM order_items WHERE order_id = $1 ORDER BY position',
        [done.data.orderId],
      ),
    ).toEqual([
      { item_type: 'membership', position: 1 },
      { item_type: 'booking', position: 2 },
    ]);
  });

  it('books what a lost browser paid for when reconciliation completes it, with the waiver accepted at authorise', async () => {
    const customer = await createCustomer(t);
    const climbing = await createActivity(t, { name: 'Climbing', waiverRequired: true });
    const session = await createSession(t, climbing);
    const { line } = await holdPlace(t, customer.id, session, climbing.price('adult'));
    const paid = await authorise(customer, { completed_waivers: [{ cart_item_id: line.id }] }, 'ALEX NEWMAN');
    expect(paid.data.transactionStatus).toBe('authorised');
    // The browser never comes back: the reconciliation job finds the authorised payment.
    const counts = await t.services().checkout.reconcile({ olderThanMs: 0 });
    expect(counts.completed).toBeGreaterThanOrEqual(1);
    const [booking] = await rows<{ status: string; waiver_accepted_by: number; waiver_accepted_at: Date }>(
      'SELECT status, waiver_accepted_by, waiver_accepted_at FROM customer_bookings WHERE session_id = $1',
      [session.id],
    );
    expect(booking).toMatchObject({ status: 'booked', waiver_accepted_by: customer.id });
    expect(booking!.waiver_accepted_at).toBeInstanceOf(Date);
    expect((await sessionCounts(t, session.id)).taken).toBe(1);
  });
});
