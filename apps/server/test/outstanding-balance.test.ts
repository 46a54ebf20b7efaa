import type { Cart } from '@lido/contracts/cart-answers';
import type { OutstandingBalance } from '@lido/contracts/outstanding-balance';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerMemberships,
  directDebitCollections,
  directDebitInstructions,
  membershipEvents,
} from '../src/db/schema.ts';
import { createActivity, createSession } from './support/activity-factories.ts';
import { apiClient } from './support/api.ts';
import { startTestSandbox, type TestSandbox } from './support/card-sandbox.ts';
import { browserFacts, cardBilling, checkoutCalls } from './support/checkout-calls.ts';
import { createCustomer, monthlyGymMember, type TestCustomer } from './support/factories.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';
import type { GoCardlessClient } from '../src/providers/direct-debit/gocardless-client.ts';

const balancePath = '/api/my-account/outstanding-balance';
const blocksBookingMessage =
  'You cannot book online while your account has an outstanding balance. Please pay it from your Dashboard in My account, then book again.';

let made = 0;

/** A monthly Gym Anytime member whose £30.00 collection for 15 Nov 2026 failed at the bank. */
async function memberOwing(t: TestApp) {
  const { member, gym } = await monthlyGymMember(t);
  made += 1;
  const [instruction] = await t.database.db
    .insert(directDebitInstructions)
    .values({
      customerId: member.id,
      provider: 'sandbox',
      billingRequestId: `BRQ-arrears-${made}-${member.id}`,
      mandateId: `MD-arrears-${made}-${member.id}`,
      status: 'active',
      accountHolder: `${member.firstName} Member`,
      accountNumberEnding: '11',
      sortCodeEnding: '00',
      confirmationDueBy: '2026-03-01',
      confirmationSentAt: new Date(),
    })
    .returning();
  const [collection] = await t.database.db
    .insert(directDebitCollections)
    .values({
      instructionId: instruction!.id,
      customerMembershipId: gym,
      description: 'Gym Anytime',
      amountPence: 3000,
      billingDate: '2026-11-15',
      chargeDate: '2026-11-16',
      paymentId: `PM-arrears-${made}-${member.id}`,
      status: 'failed',
      failureReason: 'insufficient_funds',
    })
    .returning();
  await t.database.db
    .update(customerMemberships)
    .set({ paymentProblem: 'payment_failed' })
    .where(eq(customerMemberships.id, gym));
  return { member, gym, collectionId: collection!.id };
}

describe('a member pays a failed Direct Debit collection by card (issue 22 item 4)', () => {
  let sandbox: TestSandbox;
  let t: TestApp;
  const api = apiClient(() => t);
  const account = apiClient(() => t, siteHost.myAccount);
  const { call } = checkoutCalls(() => t);

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await createTestApp({ cardProvider: sandbox.provider });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const memberWhoseCollectionFailed = () => memberOwing(t);

  const count = async (sql: string, customerId: number) =>
    Number((await t.database.query<{ n: string }>(sql, [customerId]))[0]!.n);

  const collectionRow = async (id: number) =>
    (await t.database.db.select().from(directDebitCollections).where(eq(directDebitCollections.id, id)))[0]!;

  const recoveredEvents = (membershipId: number) =>
    t.database.db
      .select()
      .from(membershipEvents)
      .where(
        and(
          eq(membershipEvents.customerMembershipId, membershipId),
          eq(membershipEvents.kind, 'payment_recovered'),
        ),
      );

  /** "Pay now", then the card checkout's prepare and authorise with the sandbox's test card. */
  async function payByCard(member: TestCustomer) {
    const added = await call(member.cookie, 'POST', `${balancePath}/pay`);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const prepared = (await call(member.cookie, 'GET', '/api/checkout/prepare')).body.data;
    const token = await sandbox.tokenise(prepared.sessionKey, {});
    const authorised = await call(member.cookie, 'POST', '/api/checkout/authorise', {
      ...cardBilling,
      ...browserFacts,
      session_key: prepared.sessionKey,
      card_identifier: token.body.cardIdentifier,
      card_holder_name: 'ALEX NEWMAN',
      terms: [],
      source: 'online-joining',
    });
    expect(authorised.body.data?.transactionStatus, JSON.stringify(authorised.body)).toBe('authorised');
    return authorised.body.data.transactionUuid as string;
  }

  it('shows the member what is owed, which collection and membership, and shows no one else', async () => {
    const { member, collectionId } = await memberWhoseCollectionFailed();
    const owed = await account.as(member).get<OutstandingBalance>(balancePath);
    expect(owed.status).toBe(200);
    expect(owed.data).toMatchObject({
      total: { formatted: '£30.00' },
      collections: [
        {
          collectionId,
          membershipName: 'Gym Anytime',
          amount: { formatted: '£30.00' },
          billingDate: '2026-11-15',
          prettyBillingDate: '15 Nov 2026',
        },
      ],
      blocksBooking: false,
    });

    // Another customer sees nothing owed and cannot put it in their basket.
    const stranger = await createCustomer(t);
    const theirs = await account.as(stranger).get<OutstandingBalance>(balancePath);
    expect(theirs.data).toMatchObject({ total: { formatted: '£0.00' }, collections: [] });
    const refused = await call(stranger.cookie, 'POST', `${balancePath}/pay`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ outstandingBalance: ['You have no outstanding balance to pay.'] });
    expect((await api.as(stranger).cart()).data.items).toEqual([]);
    expect((await collectionRow(collectionId)).status).toBe('failed');
  });

  it('puts each failed collection in the basket once, with no terms to agree again', async () => {
    const { member, collectionId } = await memberWhoseCollectionFailed();
    const first = await call(member.cookie, 'POST', `${balancePath}/pay`);
    const again = await call(member.cookie, 'POST', `${balancePath}/pay`);
    expect(again.status).toBe(201);
    const cart = again.body.data as Cart;
    expect(cart).toEqual(first.body.data);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      type: 'outstanding_balance',
      collectionId,
      membershipName: 'Gym Anytime',
      name: 'Outstanding balance',
      description: 'Outstanding balance for Gym Anytime (Direct Debit payment due 15 Nov 2026)',
      prettyBillingDate: '15 Nov 2026',
      price: { formatted: '£30.00' },
    });
    expect(cart.totals.total).toBe(3000);
    expect((await api.as(member).terms(cart.cartId!)).data.data).toEqual([]);
    // It is paid as it is: it cannot be changed, only removed.
    const changed = await api.as(member).updateCartItem(cart.items[0]!.id, { billing_day: 3 });
    expect({ status: changed.status, errors: changed.errors }).toEqual({
      status: 422,
      errors: { options: ['An outstanding balance is paid as it is: remove it from your basket instead.'] },
    });
    const removed = await api.as(member).removeFromCart([cart.items[0]!.id]);
    expect(removed.data.items).toEqual([]);
  });

  it('recovers the collection exactly once from 20 racing completes, and the receipt says what was paid', async () => {
    const { member, gym, collectionId } = await memberWhoseCollectionFailed();
    const transactionUuid = await payByCard(member);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(member.cookie, 'POST', '/api/checkout/complete', {
          transaction_uuid: transactionUuid,
          terms: [],
        }),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(Array.from({ length: 20 }, () => 200));
    const orderIds = new Set(results.map((result) => result.body.data.completeOrderId as number));
    expect(orderIds.size).toBe(1);
    const [orderId] = [...orderIds];

    expect(await collectionRow(collectionId)).toMatchObject({
      status: 'recovered',
      recoveredOrderId: orderId,
    });
    const events = await recoveredEvents(gym);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ amountPence: 3000, detail: { billingDate: '2026-11-15', orderId } });
    const [membership] = await t.database.db
      .select({ problem: customerMemberships.paymentProblem })
      .from(customerMemberships)
      .where(eq(customerMemberships.id, gym));
    expect(membership!.problem).toBeNull();
    // One order of £30.00, and no membership bought by it.
    expect(
      await count(
        'SELECT count(*) AS n FROM orders WHERE customer_id = $1 AND total_pence = 3000',
        member.id,
      ),
    ).toBe(1);
    expect(await count('SELECT count(*) AS n FROM orders WHERE customer_id = $1', member.id)).toBe(1);
    expect(
      await count('SELECT count(*) AS n FROM customer_memberships WHERE customer_id = $1', member.id),
    ).toBe(1);

    // The confirmation and the receipt say what was paid.
    const order = await call(member.cookie, 'GET', `/api/orders/${orderId}`);
    expect(order.body.data.items).toEqual([
      {
        type: 'outstanding_balance',
        name: 'Outstanding balance',
        description: 'Outstanding balance for Gym Anytime (Direct Debit payment due 15 Nov 2026)',
        membershipName: 'Gym Anytime',
        billingDate: '2026-11-15',
        prettyBillingDate: '15 Nov 2026',
        total: expect.objectContaining({ formatted: '£30.00' }),
      },
    ]);
    const [receipt] = await t.database.query<{ text_body: string }>(
      `SELECT text_body FROM email_outbox WHERE dedupe_key = $1`,
      [`receipt:${orderId}`],
    );
    expect(receipt!.text_body).toContain(
      'Outstanding balance for Gym Anytime (Direct Debit payment due 15 Nov 2026): £30.00',
    );

    // Nothing is owed now: nothing more to pay, and a repeated complete answers the same order.
    const owed = await account.as(member).get<OutstandingBalance>(balancePath);
    expect(owed.data.collections).toEqual([]);
    expect((await call(member.cookie, 'POST', `${balancePath}/pay`)).status).toBe(422);
    const repeat = await call(member.cookie, 'POST', '/api/checkout/complete', {
      transaction_uuid: transactionUuid,
      terms: [],
    });
    expect(repeat.body.data.completeOrderId).toBe(orderId);
    expect(await recoveredEvents(gym)).toHaveLength(1);
  });

  it('gives the card payment back when the collection is no longer failed (re-presented meanwhile)', async () => {
    const { member, gym, collectionId } = await memberWhoseCollectionFailed();
    const transactionUuid = await payByCard(member);
    // Another path (a Bacs re-presentation) took the collection on before checkout completed.
    await t.database.db
      .update(directDebitCollections)
      .set({ status: 'pending_submission' })
      .where(eq(directDebitCollections.id, collectionId));
    const completed = await call(member.cookie, 'POST', '/api/checkout/complete', {
      transaction_uuid: transactionUuid,
      terms: [],
    });
    expect(completed.status).toBe(409);
    expect(completed.body.message).toBe(
      'This payment has already been made or is being collected again by Direct Debit, so your card payment was cancelled and you have not been charged.',
    );
    expect(await collectionRow(collectionId)).toMatchObject({
      status: 'pending_submission',
      recoveredOrderId: null,
    });
    expect(await recoveredEvents(gym)).toHaveLength(0);
    expect(await count('SELECT count(*) AS n FROM orders WHERE customer_id = $1', member.id)).toBe(0);
    const [attempt] = await t.database.query<{ status: string }>(
      'SELECT status FROM payment_attempts WHERE uuid = $1',
      [transactionUuid],
    );
    expect(attempt!.status).toBe('voided');
  });

  describe('the operator’s outstandingBalanceBlocksBooking', () => {
    const setBlocking = (on: boolean) =>
      t.database.query(`UPDATE operators SET outstanding_balance_blocks_booking = ${on ? 'true' : 'false'}`);
    afterAll(() => setBlocking(false));

    async function bookAdult(member: TestCustomer) {
      const activity = await createActivity(t);
      const session = await createSession(t, activity);
      return api.as(member).book(session.id, activity.price('adult').id);
    }

    it('refuses a booking while a failed collection is owed, saying to pay it on the Dashboard', async () => {
      await setBlocking(true);
      const { member } = await memberWhoseCollectionFailed();
      const refused = await bookAdult(member);
      expect({ status: refused.status, message: refused.message }).toEqual({
        status: 422,
        message: blocksBookingMessage,
      });
      expect((await api.as(member).cart()).data.items).toEqual([]);
      const owed = await account.as(member).get<OutstandingBalance>(balancePath);
      expect(owed.data.blocksBooking).toBe(true);
      // A member who owes nothing books as usual.
      const { member: paidUp } = await monthlyGymMember(t);
      expect((await bookAdult(paidUp)).status).toBe(200);
    });

    it('leaves booking alone when the operator does not block it', async () => {
      await setBlocking(false);
      const { member } = await memberWhoseCollectionFailed();
      const added = await bookAdult(member);
      expect(added.status, added.message).toBe(200);
    });
  });
});

describe('a late Direct Debit webhook for a collection paid by card', () => {
  let t: TestApp;
  let providerStatus = 'failed';
  beforeAll(async () => {
    // The provider answers the payment's state; only getPayment is read by a payment's webhook.
    const client = { getPayment: async (id: string) => ({ id, status: providerStatus }) };
    t = await createTestApp({
      directDebitProvider: { name: 'sandbox', client: client as unknown as GoCardlessClient },
    });
  });
  afterAll(() => t.close());

  it('leaves it recovered, owed by no one, whatever the bank says afterwards', async () => {
    const { gym, collectionId } = await memberOwing(t);
    await t.database.db
      .update(directDebitCollections)
      .set({ status: 'recovered' })
      .where(eq(directDebitCollections.id, collectionId));
    await t.database.db
      .update(customerMemberships)
      .set({ paymentProblem: null })
      .where(eq(customerMemberships.id, gym));
    const [row] = await t.database.db
      .select({ paymentId: directDebitCollections.paymentId })
      .from(directDebitCollections)
      .where(eq(directDebitCollections.id, collectionId));
    const event = (id: string, action: string) => ({
      id,
      resource_type: 'payments' as const,
      action,
      links: { payment: row!.paymentId! },
    });

    const emailCount = async () =>
      Number((await t.database.query<{ n: string }>('SELECT count(*) AS n FROM email_outbox'))[0]!.n);
    const emailsBefore = await emailCount();
    for (const [id, status] of [
      ['EV-late-1', 'failed'],
      ['EV-late-2', 'paid_out'],
    ] as const) {
      providerStatus = status;
      expect(await t.services().directDebit.applyWebhook([event(id, status)])).toEqual(['applied']);
      const [after] = await t.database.db
        .select({ status: directDebitCollections.status })
        .from(directDebitCollections)
        .where(eq(directDebitCollections.id, collectionId));
      expect(after!.status).toBe('recovered');
    }
    const [membership] = await t.database.db
      .select({ problem: customerMemberships.paymentProblem })
      .from(customerMemberships)
      .where(eq(customerMemberships.id, gym));
    expect(membership!.problem).toBeNull();
    const failedEvents = await t.database.db
      .select()
      .from(membershipEvents)
      .where(
        and(eq(membershipEvents.customerMembershipId, gym), eq(membershipEvents.kind, 'payment_failed')),
      );
    expect(failedEvents).toEqual([]);
    // No "your payment failed" email either.
    expect(await emailCount()).toBe(emailsBefore);
  });
});
