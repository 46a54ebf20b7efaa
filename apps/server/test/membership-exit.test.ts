import type { MembershipExit, MembershipTimeline } from '@lido/contracts/membership-exit';
import { coolingOffRefund } from '@lido/pricing/membership-exit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatMembershipRefundLine,
  membershipRefundsOwed,
} from '../src/modules/checkout/payments-attention.ts';
import { apiClient } from './support/api.ts';
import { startTestSandbox, type TestSandbox } from './support/card-sandbox.ts';
import { browserFacts, cardBilling, checkoutCalls } from './support/checkout-calls.ts';
import {
  basketWith,
  createCustomer,
  monthlyGymMember,
  type TestCustomer,
  threeMonthSwimmer,
} from './support/factories.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

/** Issue 22 items 1, 2 and 6 on Monday 23 November 2026: cancelling online, cooling off, the history. */
describe('leaving a membership from My account', () => {
  let sandbox: TestSandbox;
  let t: TestApp;
  const api = apiClient(() => t, siteHost.myAccount);
  const { call } = checkoutCalls(() => t);
  const rows = <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.database.query<R>(sql, params);
  const exitOf = (who: TestCustomer, id: number) =>
    api.as(who).get<MembershipExit>(`/api/my-account/memberships/${id}/cancellation`);
  const cancel = (who: TestCustomer, id: number, body: object) =>
    api.as(who).post<MembershipExit>(`/api/my-account/memberships/${id}/cancel`, body);
  const mailTo = async (who: TestCustomer) =>
    (await t.services().email.list()).filter((mail) => mail.to === who.email);
  const events = async (id: number) =>
    rows<{ kind: string; amount_pence: number | null }>(
      'SELECT kind, amount_pence FROM membership_events WHERE customer_membership_id = $1 ORDER BY id',
      [id],
    );

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await createTestApp({ now: '2026-11-23T12:00:00Z', cardProvider: sandbox.provider });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  describe('with notice (item 1)', () => {
    it('states the last day, the last collection and what happens after it before anything is confirmed', async () => {
      const { member, gym } = await monthlyGymMember(t);
      const shown = await exitOf(member, gym);
      expect(shown.status).toBe(200);
      expect(shown.data).toMatchObject({
        kind: 'notice',
        cancelledAt: null,
        lastDay: '2027-01-14',
        prettyLastDay: '14 Jan 2027',
        lastCollection: { date: '2026-12-15', prettyDate: '15 Dec 2026', taken: false },
        refund: null,
      });
      expect(shown.data.lastCollection!.amount.raw.amount).toBeGreaterThan(0);
      expect(shown.data.afterwards.join(' ')).toMatch(/carry on until 14 Jan 2027 and end after it/);
      expect(shown.data.afterwards.join(' ')).toMatch(/Bookings you have already made stay booked/);
      // Looking changes nothing.
      const [row] = await rows<{ end_date: string | null; cancel_requested_at: Date | null }>(
        'SELECT end_date, cancel_requested_at FROM customer_memberships WHERE id = $1',
        [gym],
      );
      expect(row).toEqual({ end_date: null, cancel_requested_at: null });
    });

    it('ends it with one confirming action, once however often it is sent, with one email that says it all', async () => {
      const { member, gym } = await monthlyGymMember(t);
      const shown = (await exitOf(member, gym)).data;
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => cancel(member, gym, { kind: 'notice', reason: 'Moving away' })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
      const done = answers.find((answer) => answer.status === 200)!.data;
      expect(done).toMatchObject({ kind: 'notice', lastDay: '2027-01-14', reason: 'Moving away' });
      expect(done.lastCollection).toEqual(shown.lastCollection);
      expect(answers.find((answer) => answer.status === 409)!.message).toBe(
        'This membership has already been cancelled.',
      );
      const [row] = await rows<{
        status: string;
        end_date: string;
        cancel_kind: string;
        cancel_reason: string;
      }>(
        'SELECT status, end_date::text, cancel_kind, cancel_reason FROM customer_memberships WHERE id = $1',
        [gym],
      );
      expect(row).toEqual({
        status: 'active',
        end_date: '2027-01-14',
        cancel_kind: 'notice',
        cancel_reason: 'Moving away',
      });
      expect(await events(gym)).toEqual([
        { kind: 'cancel_requested', amount_pence: shown.lastCollection!.amount.raw.amount },
      ]);
      const mail = await mailTo(member);
      expect(mail).toHaveLength(1);
      expect(mail[0]!.subject).toBe('Your Gym Anytime membership is cancelled: last day 14 Jan 2027');
      expect(mail[0]!.text).toContain(
        `Your last Direct Debit collection is ${shown.lastCollection!.amount.formatted} on 15 Dec 2026.`,
      );
      expect(mail[0]!.text).toContain('Bookings you have already made stay booked');
      // The page read again shows what was confirmed; the list marks it.
      expect((await exitOf(member, gym)).data).toMatchObject({
        lastDay: '2027-01-14',
        cancelledAt: done.cancelledAt,
      });
      const held = await api
        .as(member)
        .get<{ id: number; cancelKind: string | null }[]>('/api/my-account/memberships');
      expect(held.data.find((membership) => membership.id === gym)!.cancelKind).toBe('notice');
    });

    it('asks for a reason but never requires one, and refuses a bad request changing nothing', async () => {
      const { member, gym } = await monthlyGymMember(t);
      const tooLong = await cancel(member, gym, { kind: 'notice', reason: 'x'.repeat(501) });
      expect(tooLong.status).toBe(422);
      expect(tooLong.errors).toEqual({ reason: ['Please keep the reason to 500 characters.'] });
      const wrongKind = await cancel(member, gym, { kind: 'cooling_off' });
      expect(wrongKind.status).toBe(409);
      expect(wrongKind.message).toMatch(/has changed since the page was shown/);
      expect((await cancel(member, gym, { kind: 'later' })).status).toBe(422);
      expect((await exitOf(member, gym)).data.cancelledAt).toBeNull();
      expect(await events(gym)).toEqual([]);
      const noReason = await cancel(member, gym, { kind: 'notice' });
      expect(noReason.status).toBe(200);
      expect(noReason.data.reason).toBeNull();
    });

    it('shows another customer’s membership as not found, and says why an ended or single payment one cannot be cancelled', async () => {
      const { gym } = await monthlyGymMember(t);
      const stranger = await createCustomer(t);
      expect((await exitOf(stranger, gym)).status).toBe(404);
      expect((await cancel(stranger, gym, { kind: 'notice' })).status).toBe(404);
      expect((await api.as(undefined).get(`/api/my-account/memberships/${gym}/cancellation`)).status).toBe(
        401,
      );
      expect((await api.as(stranger).get('/api/my-account/memberships/abc/cancellation')).status).toBe(422);
      const { member: swimmer, swim } = await threeMonthSwimmer(t);
      const single = await exitOf(swimmer, swim);
      expect(single.status).toBe(422);
      expect(single.message).toMatch(/single payment membership ends by itself/);
      await rows("UPDATE customer_memberships SET status = 'ended' WHERE id = $1", [swim]);
      expect((await exitOf(swimmer, swim)).message).toBe(
        'This membership has already ended, so there is nothing to cancel.',
      );
    });

    it('closes the membership once its last day has passed, on any number of instances at once', async () => {
      const { member, gym } = await monthlyGymMember(t);
      expect((await cancel(member, gym, { kind: 'notice' })).status).toBe(200);
      await rows("UPDATE customer_memberships SET end_date = '2026-11-22' WHERE id = $1", [gym]);
      await Promise.all([t.services().membershipExit.runJobs(), t.services().membershipExit.runJobs()]);
      const [row] = await rows<{ status: string }>('SELECT status FROM customer_memberships WHERE id = $1', [
        gym,
      ]);
      expect(row!.status).toBe('cancelled');
      expect((await events(gym)).map((event) => event.kind)).toEqual(['cancel_requested', 'cancelled']);
    });
  });

  describe('in the cooling-off period (item 2)', () => {
    /** A customer who bought a year of Gym Anytime today, paying by the sandbox card. */
    const joinedByCard = async () => {
      const customer = await createCustomer(t);
      const cart = await basketWith(t, customer, [
        { slug: 'gym-anytime', paymentType: 'fixed', startDate: '2026-11-23' },
      ]);
      const terms = (await apiClient(t).as(customer).terms(cart.cartId!)).data.data.map((term) => term.id);
      const prepared = (await call(customer.cookie, 'GET', '/api/checkout/prepare')).body.data;
      const token = await sandbox.tokenise(prepared.sessionKey);
      const authorised = await call(customer.cookie, 'POST', '/api/checkout/authorise', {
        ...cardBilling,
        ...browserFacts,
        session_key: prepared.sessionKey,
        card_identifier: token.body.cardIdentifier,
        card_holder_name: 'ALEX NEWMAN',
        terms,
        source: 'online-joining',
      });
      expect(authorised.body.data.transactionStatus).toBe('authorised');
      const done = await call(customer.cookie, 'POST', '/api/checkout/complete', {
        transaction_uuid: authorised.body.data.transactionUuid,
      });
      expect(done.status).toBe(200);
      const [membership] = await rows<{ id: number; start_date: string; price_pence: number }>(
        'SELECT id, start_date::text, price_pence FROM customer_memberships WHERE customer_id = $1',
        [customer.id],
      );
      const [order] = await rows<{ total_pence: number; vendor_tx_code: string }>(
        `SELECT o.total_pence, a.vendor_tx_code FROM orders o JOIN payment_attempts a ON a.order_id = o.id
         WHERE o.customer_id = $1`,
        [customer.id],
      );
      return { customer, membership: membership!, order: order! };
    };

    it('shows the refund of what was paid less the days used before confirming, and refunds the card once', async () => {
      const { customer, membership, order } = await joinedByCard();
      const shown = (await exitOf(customer, membership.id)).data;
      const expected = coolingOffRefund({
        paidPence: order.total_pence,
        today: '2026-11-23',
        startDate: membership.start_date,
        daily: { kind: 'term', pricePence: membership.price_pence, termDays: 365 },
      });
      expect(shown).toMatchObject({
        kind: 'cooling_off',
        lastDay: '2026-11-23',
        coolingOffEndsOn: '2026-12-07',
        lastCollection: null,
        refund: {
          paid: { raw: { amount: order.total_pence } },
          daysUsed: expected.daysUsed,
          total: { raw: { amount: expected.refundPence } },
          toCard: { raw: { amount: expected.refundPence } },
          toCredit: { raw: { amount: 0 } },
          cardLastFour: '0006',
        },
      });
      expect(shown.refund!.text).toMatch(/^£[\d.]+ will be refunded to your card ending 0006\.$/);

      const answers = await Promise.all(
        Array.from({ length: 5 }, () => cancel(customer, membership.id, { kind: 'cooling_off' })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
      const done = answers.find((answer) => answer.status === 200)!.data;
      expect(done.refund!.text).toMatch(/was refunded to your card ending 0006\.$/);
      const [row] = await rows<{ status: string; end_date: string; refund: number; card: string }>(
        `SELECT status, end_date::text, cooling_off_refund_pence AS refund, cooling_off_card_refund_status AS card
         FROM customer_memberships WHERE id = $1`,
        [membership.id],
      );
      expect(row).toEqual({
        status: 'cancelled',
        end_date: '2026-11-23',
        refund: expected.refundPence,
        card: 'done',
      });
      // The refund's own reference: the payment's, ending -M{membership}.
      const suffix = `-M${membership.id}`;
      const reference = `${order.vendor_tx_code.slice(0, 40 - suffix.length)}${suffix}`;
      const { transactions } = (await sandbox.control(`/transactions?vendorTxCode=${reference}`)) as {
        transactions: { transactionType: string; amount: { totalAmount: number } }[];
      };
      expect(transactions.map((tx) => [tx.transactionType, tx.amount.totalAmount])).toEqual([
        ['Refund', expected.refundPence],
      ]);
      expect((await events(membership.id)).map((event) => event.kind)).toEqual(['joined', 'cooled_off']);
      const mail = (await mailTo(customer)).filter((message) => message.subject.includes('is cancelled'));
      expect(mail).toHaveLength(1);
      expect(mail[0]!.text).toContain('in its cooling-off period');
      expect(mail[0]!.text).toContain(done.refund!.text);
    });

    it('keeps a cancellation whose card refund failed, for staff to refund by hand', async () => {
      const { customer, membership } = await joinedByCard();
      // The provider no longer knows the payment: its refund call fails.
      await rows("UPDATE payment_attempts SET provider_tx_id = 'UNKNOWN-TX' WHERE customer_id = $1", [
        customer.id,
      ]);
      const done = await cancel(customer, membership.id, { kind: 'cooling_off' });
      expect(done.status).toBe(200);
      const owed = (await membershipRefundsOwed(t.database.db)).filter(
        (row) => row.membershipId === membership.id,
      );
      expect(owed).toEqual([expect.objectContaining({ customer: customer.reference })]);
      expect(formatMembershipRefundLine(owed[0]!)).toContain(
        `membership ${membership.id}  cooling-off card refund failed`,
      );
      // Asking again refunds nothing more: the cancellation stands.
      expect((await cancel(customer, membership.id, { kind: 'cooling_off' })).status).toBe(409);
    });

    it('is over after the cooling-off days: a single payment membership then simply runs out', async () => {
      const { customer, membership } = await joinedByCard();
      // Joined on 8 November: the cooling-off period ended on the 22nd.
      await rows(
        `UPDATE membership_events SET detail = jsonb_set(detail, '{contractDate}', '"2026-11-08"')
         WHERE customer_membership_id = $1 AND kind = 'joined'`,
        [membership.id],
      );
      const shown = await exitOf(customer, membership.id);
      expect(shown.status).toBe(422);
      expect(shown.message).toMatch(/single payment membership ends by itself/);
    });
  });

  describe('the history (item 6)', () => {
    it('lists what happened to a membership, oldest first', async () => {
      const { member, gym } = await monthlyGymMember(t);
      await cancel(member, gym, { kind: 'notice' });
      const history = await api
        .as(member)
        .get<MembershipTimeline>(`/api/my-account/memberships/${gym}/timeline`);
      expect(history.status).toBe(200);
      expect(history.data.entries.map((entry) => [entry.kind, entry.title, entry.prettyDate])).toEqual([
        ['joined', 'Joined', '01 Mar 2026'],
        ['cancel_requested', 'Cancelled with notice', '23 Nov 2026'],
      ]);
      expect(history.data.entries[1]!.detail).toMatch(
        /^Last day 14 Jan 2027\. Last collection £[\d.]+ on 15 Dec 2026\.$/,
      );
      const stranger = await createCustomer(t);
      expect((await api.as(stranger).get(`/api/my-account/memberships/${gym}/timeline`)).status).toBe(404);
    });
  });
});
