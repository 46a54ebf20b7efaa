import type { CancellationPreview, CancellationResult } from '@lido/contracts/centre-cancellations';
import type { Bookings } from '@lido/contracts/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerPackages } from '../src/db/schema.ts';
import { ordersOverRefunded } from '../src/modules/order-refunds/index.ts';
import { createActivity, createSession, tomorrowAt } from './support/activity-factories.ts';
import { apiClient } from './support/api.ts';
import { startTestSandbox, type TestSandbox } from './support/card-sandbox.ts';
import { browserFacts, cardBilling } from './support/checkout-calls.ts';
import { createCustomer, monthlyGymMember, type TestCustomer, venueBySlug } from './support/factories.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

const host = siteHost.frontOfHouse;
const origin = `http://${host}`;
type Way = 'card' | 'credit' | 'package' | 'benefit' | 'guest-pass' | 'free' | 'offer';

/**
 * Issue 35 item 3 (decision 0095): a session with 50 bookings paid every way is cancelled by the
 * centre while customers cancel some of the same bookings, on two app instances (one PGlite
 * connection, or a PostgreSQL server's pool with DATABASE_URL): each booking is given back exactly
 * once, and a second press of the same cancellation answers the first.
 */
describe('a session cancelled by the centre', () => {
  let sandbox: TestSandbox;
  let t: TestApp;
  let other: TestApp;
  const book = apiClient(() => t, siteHost.bookings);
  const account = apiClient(() => other, siteHost.myAccount);
  const rows = <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.database.query<R>(sql, params);

  beforeAll(async () => {
    sandbox = await startTestSandbox({ appOrigins: [`http://${siteHost.bookings}`] });
    t = await createTestApp({ cardProvider: sandbox.provider });
    other = await createTestApp({ database: t.database, seed: false, cardProvider: sandbox.provider });
  });
  afterAll(async () => {
    if (t) expect(await ordersOverRefunded(t.database.db)).toEqual([]);
    await other?.app.close();
    await t?.close();
    await sandbox?.close();
  }, 60_000);

  const staffCall = async (app: TestApp, url: string, cookie: string, payload: object) => {
    const response = await app.app.inject({
      method: 'POST',
      url,
      headers: { host, origin, cookie },
      payload,
    });
    return { status: response.statusCode, body: response.json<{ data: unknown; message?: string }>() };
  };
  const staffLogin = async (username: string, password: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      headers: { host, origin },
      payload: { username, password },
    });
    return String(response.headers['set-cookie']).match(/lido_staffToken=[^;]+/)![0];
  };
  const credit = async (customerId: number) =>
    (
      await rows<{ pence: number }>(
        'SELECT coalesce((SELECT balance_pence FROM account_credit_balances WHERE customer_id = $1), 0)::int AS pence',
        [customerId],
      )
    )[0]!.pence;
  const complete = (customer: TestCustomer, body: object) =>
    book.as(customer).post<{ orderId: number }>('/api/checkout/complete', { source: 'bookings', ...body });

  async function payByCard(customer: TestCustomer) {
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
    return complete(customer, { transaction_uuid: authorised.data.transactionUuid });
  }

  /** Card refunds the sandbox made for an order's payment. */
  async function cardRefundsOf(orderId: number) {
    const [attempt] = await rows<{ vendor_tx_code: string }>(
      "SELECT vendor_tx_code FROM payment_attempts WHERE order_id = $1 AND status = 'completed' LIMIT 1",
      [orderId],
    );
    if (!attempt) return [];
    const all = (await sandbox.control('/transactions')).transactions as {
      transactionType: string;
      amount: { totalAmount: number };
      vendorTxCode: string;
    }[];
    return all
      .filter(
        (tx) =>
          tx.transactionType === 'Refund' && tx.vendorTxCode.startsWith(attempt.vendor_tx_code.slice(0, 30)),
      )
      .map((tx) => tx.amount.totalAmount);
  }

  it('gives each of 50 bookings paid every way back exactly once while customers cancel some at the same moment, on two instances', async () => {
    const activity = await createActivity(t, {
      name: 'Aqua fit',
      prices: { adult: 650, junior: 0, member: 260 },
      cancellationCutoffMinutes: 60,
    });
    const session = await createSession(t, activity, { startsAt: tomorrowAt(17), capacity: 46 });
    const castlefield = await venueBySlug(t, 'castlefield-leisure-centre');
    // Gym Anytime members' membership benefit covers the activity (free for them).
    await rows(
      `INSERT INTO membership_benefits (membership_type_id, position, name, total_uses, frequency, covers, discount_percent)
       SELECT id, 190, 'Aqua fit included', NULL, NULL, $1::jsonb, 100 FROM membership_types WHERE slug = 'gym-anytime'`,
      [JSON.stringify({ categories: [activity.category.key] })],
    );
    const adult = activity.price('adult');
    const started = Date.now();
    const made: { way: Way; customer: TestCustomer; orderId: number; creditBefore: number }[] = [];
    const record = async (
      way: Way,
      customer: TestCustomer,
      done: { status: number; data: { orderId: number } },
    ) => {
      expect(done.status, JSON.stringify(done.data)).toBe(200);
      made.push({ way, customer, orderId: done.data.orderId, creditBefore: await credit(customer.id) });
    };

    for (let i = 0; i < 14; i += 1) {
      const customer = await createCustomer(t);
      await book.as(customer).book(session.id, adult.id);
      await record('card', customer, await payByCard(customer));
    }
    for (let i = 0; i < 10; i += 1) {
      const customer = await createCustomer(t, { creditBalancePence: 650 });
      await book.as(customer).book(session.id, adult.id);
      await record(
        'credit',
        customer,
        await complete(customer, { payments: [{ tender_type: 'credit', amount: 650 }] }),
      );
    }
    const packages: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const customer = await createCustomer(t);
      const [pack] = await t.database.db
        .insert(customerPackages)
        .values({
          customerId: customer.id,
          venueId: castlefield.id,
          name: '5-class pass',
          totalUses: 5,
          remainingUses: 5,
          expiresOn: '2099-01-01',
          covers: { categories: [activity.category.key], activities: [] },
        })
        .returning();
      packages.push(pack!.id);
      await book.as(customer).book(session.id, adult.id);
      await record('package', customer, await complete(customer, {}));
    }
    const members: TestCustomer[] = [];
    for (let i = 0; i < 6; i += 1) {
      const { member } = await monthlyGymMember(t);
      members.push(member);
      await book.as(member).book(session.id, activity.price('member').id);
      await record('benefit', member, await complete(member, {}));
    }
    for (const member of members.slice(0, 4)) {
      const added = await book.as(member).post('/api/activities/guest-pass/add', {
        session_id: session.id,
        guest_first_name: 'Guest',
        guest_last_name: `Of${member.id}`,
      });
      expect(added.status).toBe(200);
      await record('guest-pass', member, await complete(member, {}));
    }
    for (let i = 0; i < 4; i += 1) {
      const child = await createCustomer(t, { dateOfBirth: '2014-05-05' });
      await book.as(child).book(session.id, activity.price('junior').id);
      await record('free', child, await complete(child, {}));
    }
    // The session is full; four places come free and are offered to the waiting list, who book them.
    const waiters = await Promise.all([0, 1, 2, 3].map(() => createCustomer(t, { creditBalancePence: 650 })));
    const offer = (customer: TestCustomer, status: 'offered' | 'waiting') =>
      rows(
        `INSERT INTO waiting_list_entries (session_id, customer_id, attendee_customer_id, status, offered_at, offer_expires_at)
         VALUES ($1, $2, $2, $3, CASE WHEN $3 = 'offered' THEN now() END, CASE WHEN $3 = 'offered' THEN now() + interval '1 hour' END)`,
        [session.id, customer.id, status],
      );
    await rows('UPDATE activity_sessions SET capacity = capacity + 5, taken = taken + 5 WHERE id = $1', [
      session.id,
    ]);
    for (const waiter of waiters) {
      await offer(waiter, 'offered');
      await book.as(waiter).book(session.id, adult.id);
      await record(
        'offer',
        waiter,
        await complete(waiter, { payments: [{ tender_type: 'credit', amount: 650 }] }),
      );
    }
    // Still on the list when the centre cancels: three waiting, one with an offer.
    const stillWaiting = await Promise.all([0, 1, 2, 3].map(() => createCustomer(t)));
    for (const [index, customer] of stillWaiting.entries())
      await offer(customer, index === 0 ? 'offered' : 'waiting');
    expect(made).toHaveLength(50);
    console.info(`50 bookings made in ${Date.now() - started} ms`);

    const manager = await staffLogin('manager', 'Pool-Manager-2026!');
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: t.config.timeZone }).format(session.startsAt);
    const preview = await staffCall(t, '/api/staff/cancellations/preview', manager, {
      venue: 'castlefield-leisure-centre',
      location: (
        await rows<{ key: string }>('SELECT key FROM activity_locations WHERE id = $1', [session.locationId])
      )[0]!.key,
      fromDate: day,
      fromTime: '00:00',
      toDate: day,
      toTime: '23:59',
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const seen = preview.body.data as CancellationPreview;
    expect(seen.sessions.map((s) => [s.id, s.bookings, s.waiting])).toEqual([[session.id, 50, 4]]);
    expect(seen.money.map((m) => [m.paidBy, m.bookings, m.amount?.formatted ?? null])).toEqual([
      ['card', 14, '£91.00'],
      ['credit', 14, '£91.00'],
      ['package', 8, null],
      ['benefit', 6, null],
      ['guest-pass', 4, null],
      ['free', 4, null],
    ]);
    expect(seen.sessions[0]!.byWay.find((way) => way.paidBy === 'card')).toEqual({
      paidBy: 'card',
      bookings: 14,
      cardPence: 9100,
      creditPence: 0,
    });

    // The manager presses Cancel (and again, on the other instance) while customers cancel 14 of the same bookings.
    const racing = [0, 1, 2, 14, 15, 24, 25, 32, 33, 38, 42, 46, 47, 48].map((index) => made[index]!);
    const ids = new Map<number, number>();
    for (const booking of await rows<{ id: number; order_id: number }>(
      'SELECT id, order_id FROM customer_bookings WHERE session_id = $1',
      [session.id],
    ))
      ids.set(booking.order_id, booking.id);
    const body = {
      key: 'press-0001-aqua',
      venue: 'castlefield-leisure-centre',
      sessionIds: [session.id],
      reason: 'Pool plant failure',
    };
    const [{ modified: feedBefore }] = (await rows<{ modified: string }>(
      'SELECT feed_modified::text AS modified FROM activity_sessions WHERE id = $1',
      [session.id],
    )) as [{ modified: string }];
    const pressed = Date.now();
    const [first, second, ...customers] = await Promise.all([
      staffCall(t, '/api/staff/cancellations', manager, body),
      staffCall(other, '/api/staff/cancellations', manager, body),
      ...racing.map((entry) =>
        account.as(entry.customer).post(`/api/my-account/bookings/${ids.get(entry.orderId)}/cancel`),
      ),
    ]);
    console.info(`cancelled, with the racing customer cancels, in ${Date.now() - pressed} ms`);
    expect(first!.status, JSON.stringify(first!.body)).toBe(200);
    expect(second!.status, JSON.stringify(second!.body)).toBe(200);
    for (const answer of customers) expect([200, 409]).toContain(answer.status);
    const byCustomers = customers.filter((answer) => answer.status === 200).length;
    const result = first!.body.data as CancellationResult;
    expect(result.bookingsCancelled + byCustomers).toBe(50);
    // The second press answers the same (a card refund the first press is still making shows as under way).
    const settled = ({ refundsPending, ...rest }: CancellationResult) => (void refundsPending, rest);
    expect(settled(second!.body.data as CancellationResult)).toEqual(settled(result));
    expect(result.refundsFailed).toBe(0);
    // Of 18 package, benefit and guest-pass bookings, those the customers did not cancel themselves.
    const usesTakenBackByCustomers = racing.filter(
      (entry, index) =>
        customers[index]!.status === 200 && ['package', 'benefit', 'guest-pass'].includes(entry.way),
    ).length;
    expect(result.usesGivenBack).toBe(18 - usesTakenBackByCustomers);

    // Every booking cancelled once; every order's money given back exactly once, the way it was paid.
    const after = await rows<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM customer_bookings WHERE session_id = $1 GROUP BY status',
      [session.id],
    );
    expect(after).toEqual([{ status: 'cancelled', n: 50 }]);
    const refunds = await rows<{ subject_id: number; n: number }>(
      `SELECT subject_id, count(*)::int AS n FROM order_refunds WHERE subject_id IN
         (SELECT id FROM customer_bookings WHERE session_id = $1) GROUP BY subject_id HAVING count(*) > 1`,
      [session.id],
    );
    expect(refunds).toEqual([]);
    for (const entry of made) {
      const cardBack = (await cardRefundsOf(entry.orderId)).reduce((sum, pence) => sum + pence, 0);
      const creditBack = (await credit(entry.customer.id)) - entry.creditBefore;
      const paid = entry.way === 'card' || entry.way === 'credit' || entry.way === 'offer' ? 650 : 0;
      expect({ way: entry.way, back: cardBack + creditBack }).toEqual({ way: entry.way, back: paid });
      expect((await cardRefundsOf(entry.orderId)).length).toBeLessThanOrEqual(1);
    }
    const packs = await rows<{ remaining_uses: number }>(
      'SELECT remaining_uses FROM customer_packages WHERE id = ANY($1::int[])',
      [packages],
    );
    expect(packs.map((p) => p.remaining_uses)).toEqual(packages.map(() => 5));
    const passes = await rows<{ status: string }>(
      'SELECT DISTINCT status FROM guest_pass_uses WHERE session_id = $1',
      [session.id],
    );
    expect(passes).toEqual([{ status: 'returned' }]);
    const used = await rows<{ used: number }>(
      `SELECT coalesce(sum(c.used), 0)::int AS used FROM benefit_use_counts c JOIN membership_benefits b ON b.id = c.benefit_id
        WHERE b.name = 'Aqua fit included'`,
    );
    expect(used).toEqual([{ used: 0 }]);

    // The OpenActive feed has the session again, after where a reader had got to, cancelled.
    const feed = await t.app.inject({
      method: 'GET',
      url: `/openactive/feeds/scheduled-sessions?afterTimestamp=${feedBefore}&afterId=${session.id}`,
      headers: { host: siteHost.bookings },
    });
    const items = feed.json<{ items: { id: string | number; data?: { eventStatus?: string } }[] }>().items;
    expect(items.find((item) => String(item.id) === String(session.id))?.data?.eventStatus).toBe(
      'https://schema.org/EventCancelled',
    );
    // The session is cancelled on the feed; the waiting list closed and told; each centre-cancelled booker emailed once.
    expect(await rows('SELECT cancelled FROM activity_sessions WHERE id = $1', [session.id])).toEqual([
      { cancelled: true },
    ]);
    expect(
      await rows(
        "SELECT count(*)::int AS n FROM waiting_list_entries WHERE session_id = $1 AND status IN ('waiting', 'offered')",
        [session.id],
      ),
    ).toEqual([{ n: 0 }]);
    expect(result.waitingListTold).toBe(4);
    const mail = await t.services().email.list(2000);
    expect(mail.filter((m) => m.subject.startsWith('Cancelled: your Aqua fit'))).toHaveLength(
      result.bookingsCancelled,
    );
    expect(mail.filter((m) => m.subject.startsWith('Cancelled: Aqua fit'))).toHaveLength(4);
    expect(
      await rows(
        "SELECT count(*)::int AS n FROM staff_audit_log WHERE action = 'timetable.sessions-cancelled'",
      ),
    ).toEqual([{ n: 1 }]);

    // My account says who cancelled and why.
    const centreCancelled = made.find((entry) => !racing.includes(entry))!;
    const mine = (await account.as(centreCancelled.customer).get<Bookings>('/api/my-account/bookings')).data;
    expect(mine.past[0]).toMatchObject({
      status: 'cancelled',
      cancelledByCentre: { reason: 'Pool plant failure' },
    });

    // A third press later answers the same, and gives nothing back again.
    const again = await staffCall(other, '/api/staff/cancellations', manager, body);
    expect(again.body.data).toEqual({ ...result, refundsPending: 0 });
  }, 300_000);

  it('lets only a manager of the centre preview or cancel, and refuses a session elsewhere or started', async () => {
    const desk = await staffLogin('desk', 'Desk-Staff-2026!');
    const manager = await staffLogin('manager', 'Pool-Manager-2026!');
    const scope = {
      venue: 'castlefield-leisure-centre',
      fromDate: '2026-12-01',
      fromTime: '16:00',
      toDate: '2026-12-01',
      toTime: '20:00',
    };
    expect((await staffCall(t, '/api/staff/cancellations/preview', desk, scope)).status).toBe(403);
    const elsewhere = { ...scope, venue: 'wensum-racquets-centre' };
    expect((await staffCall(t, '/api/staff/cancellations/preview', manager, elsewhere)).status).toBe(403);
    const backwards = await staffCall(t, '/api/staff/cancellations/preview', manager, {
      ...scope,
      toTime: '15:00',
    });
    expect(backwards.status).toBe(422);
    const spin = await createActivity(t);
    const started = await createSession(t, spin, { startsAt: new Date(Date.now() - 60_000) });
    const refused = await staffCall(t, '/api/staff/cancellations', manager, {
      key: 'press-started-1',
      venue: 'castlefield-leisure-centre',
      sessionIds: [started.id],
      reason: 'Too late',
    });
    expect(refused.status).toBe(422);
    const blank = await staffCall(t, '/api/staff/cancellations', manager, {
      key: 'press-blank-01',
      venue: 'castlefield-leisure-centre',
      sessionIds: [started.id],
      reason: '   ',
    });
    expect(blank.status).toBe(422);
    expect(await rows('SELECT cancelled FROM activity_sessions WHERE id = $1', [started.id])).toEqual([
      { cancelled: false },
    ]);
  }, 60_000);
});
