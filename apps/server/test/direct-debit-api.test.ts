import { addWorkingDays, workingDaysBetween } from '@lido/pricing/working-days';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cartDirectDebits,
  customerMemberships,
  directDebitCollections,
  directDebitInstructions,
  membershipEvents,
  providerWebhookEvents,
} from '../src/db/schema.ts';
import { firstChargeDate } from '../src/modules/direct-debit/direct-debit.service.ts';
import { createTestApp, loginCookie, siteHost, type TestApp } from './support/test-app.ts';
import { startTestGoCardless, type TestGoCardless } from './support/gocardless-sandbox.ts';

// Thursday 24 December 2026: the window ahead holds Christmas Day, a weekend and Boxing Day's
// substitute (Monday 28th), so every "3 working days" below crosses both.
const now = Date.parse('2026-12-24T09:00:00Z');
const today = '2026-12-24';
const host = siteHost.onlineJoining;
const origin = `http://${host}`;

let t: TestApp | undefined;
let gc: TestGoCardless | undefined;
let webhooks: { body: string; headers: Record<string, string> }[] = [];
afterEach(async () => {
  await gc?.close();
  await t?.close();
  t = gc = undefined;
  webhooks = [];
});

/** The app and the sandbox on one clock; the sandbox's webhooks are kept for the test to deliver. */
async function start(options: { deliver?: boolean } = {}) {
  gc = await startTestGoCardless({
    now: () => now,
    postWebhook: async (body, headers) => {
      webhooks.push({ body, headers });
      if (!options.deliver) return 204;
      return (await deliver(body, headers['webhook-signature']!)).statusCode;
    },
  });
  const sandboxNow = () => gc!.sandbox.engine.now();
  t = await createTestApp({
    now: () => new Date(sandboxNow()),
    directDebitProvider: { name: 'sandbox', client: gc.client },
  });
  // The app reads the sandbox's clock, so moving the sandbox on moves "today" for both.
  const moveOn = (days: number) => gc!.sandbox.advanceWorkingDays(days);
  return { moveOn };
}

const deliver = (body: string, signature: string) =>
  t!.app.inject({
    method: 'POST',
    url: '/api/webhooks/gocardless',
    headers: { host: siteHost.myAccount, 'content-type': 'application/json', 'webhook-signature': signature },
    payload: body,
  });

async function call(cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  const response = await t!.app.inject({
    method,
    url,
    headers: { host, origin, cookie },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() };
}

type Account = { holder: string; sortCode: string; accountNumber: string };

/** A Castlefield membership's ids and its monthly option, as the joining page reads them. */
async function castlefieldMonthly(cookie: string, slug: string) {
  const venue = (await call(cookie, 'GET', '/api/activities/venues/castlefield-leisure-centre')).body.data;
  const types = (await call(cookie, 'GET', `/api/memberships/types?venue_id=${venue.id}`)).body.data as {
    id: number;
    slug: string;
    paymentOptions: { id: number; paymentType: string }[];
  }[];
  const type = types.find((candidate) => candidate.slug === slug)!;
  const monthly = type.paymentOptions.find((option) => option.paymentType === 'recurring')!;
  return { venueId: venue.id as number, typeId: type.id, monthlyId: monthly.id };
}

/** The joining page's store call: National All Access, monthly, from the 15th (nothing due today). */
async function storeMonthly(cookie: string, account: Account) {
  const { venueId, typeId, monthlyId } = await castlefieldMonthly(cookie, 'national-all-access');
  return call(cookie, 'POST', '/api/memberships/online-joining/store', {
    home_venue_id: venueId,
    membership_type_id: typeId,
    payment_option_id: monthlyId,
    start_date: '2027-01-15',
    billing_day: 15,
    account_holder: account.holder,
    account_details: { sort_code: account.sortCode, account_number: account.accountNumber },
    dd_terms_accepted: true,
  });
}

/** Stored, then completed on the free path. */
async function join(cookie: string, account: Account) {
  const stored = await storeMonthly(cookie, account);
  if (stored.status !== 201) return { stored, completed: undefined };
  const cart = stored.body.data;
  expect(cart.totals.total).toBe(0);
  const terms = (await call(cookie, 'GET', `/api/terms?cart_id=${cart.cartId}`)).body.data.data as {
    id: number;
  }[];
  const completed = await call(cookie, 'POST', '/api/checkout/complete', {
    terms: terms.map((term) => term.id),
    source: 'online-joining',
  });
  // The mandate and first collection are set up after the answer (decision 0065).
  await t!.services().checkout.settled();
  return { stored, completed };
}

const outbox = () => t!.services().email.list();

describe('the bank-details check before Continue', () => {
  it('answers a good account masked and refuses a bad one under accountDetails.*', async () => {
    await start();
    const cookie = await loginCookie(t!, 'C100001');
    const check = (sortCode: string, accountNumber: string) =>
      call(cookie, 'POST', '/api/memberships/online-joining/bank-details', {
        account_holder: 'Alex Smith',
        account_details: { sort_code: sortCode, account_number: accountNumber },
      });
    const good = await check('20-00-00', '55779911');
    expect(good.status).toBe(200);
    expect(good.body.data).toEqual({
      bankName: 'BARCLAYS BANK UK PLC',
      accountNumber: '******11',
      sortCode: '**-**-00',
    });
    const badPair = await check('200000', '55779912');
    expect(badPair.status).toBe(422);
    expect(Object.keys(badPair.body.errors)).toEqual(['accountDetails.accountNumber']);
    const badFormat = await check('2000', '55779911');
    expect(Object.keys(badFormat.body.errors)).toEqual(['accountDetails.sortCode']);
    const notForDirectDebit = await check('200001', '12345678');
    expect(notForDirectDebit.body.errors.accountDetails[0]).toMatch(/can’t be used for Direct Debit/);
    const anonymous = await t!.app.inject({
      method: 'POST',
      url: '/api/memberships/online-joining/bank-details',
      headers: { host, origin },
      payload: {
        account_holder: 'A B',
        account_details: { sort_code: '200000', account_number: '55779911' },
      },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a monthly membership with a new Direct Debit', () => {
  it('cancels the billing request holding the account when the joining membership leaves the basket', async () => {
    await start();
    const cookie = await loginCookie(t!, 'C100001');
    const store = () =>
      storeMonthly(cookie, { holder: 'Alex Smith', sortCode: '200000', accountNumber: '55779911' });
    expect((await store()).status).toBe(201);
    const [first] = await t!.database.db.select().from(cartDirectDebits);
    // Storing again replaces the held account; the first request is cancelled at the provider.
    expect((await store()).status).toBe(201);
    expect((await gc!.client.getBillingRequest(first!.billingRequestId)).status).toBe('cancelled');
    const cleared = await call(cookie, 'DELETE', '/api/cart/clear', { source: 'online-joining' });
    expect(cleared.status).toBe(200);
    expect(await t!.database.db.select().from(cartDirectDebits)).toEqual([]);
  });

  it('refuses an invalid account at the store call and changes nothing', async () => {
    await start();
    const cookie = await loginCookie(t!, 'C100001');
    const { stored } = await join(cookie, {
      holder: 'Alex Smith',
      sortCode: '089999',
      accountNumber: '66374959',
    });
    expect(stored.status).toBe(422);
    expect(Object.keys(stored.body.errors)).toEqual(['accountDetails.accountNumber']);
    const cart = await call(cookie, 'GET', '/api/cart');
    expect(cart.body.data?.items ?? []).toEqual([]);
    expect(gc!.sandbox.engine.counts().customers).toBe(0);
  });

  it('creates the mandate and first collection once, sends both emails in time, and shows them masked', async () => {
    await start();
    const cookie = await loginCookie(t!, 'C100001');
    const { completed } = await join(cookie, {
      holder: 'Alex Smith',
      sortCode: '200000',
      accountNumber: '55779911',
    });
    expect(completed!.status).toBe(200);
    const [instruction] = await t!.database.db.select().from(directDebitInstructions);
    expect(instruction).toMatchObject({
      status: 'pending_submission',
      accountNumberEnding: '11',
      sortCodeEnding: '00',
    });
    expect(instruction!.mandateId).toMatch(/^MD/);
    const mandate = await gc!.client.getMandate(instruction!.mandateId!);
    const [collection] = await t!.database.db.select().from(directDebitCollections);
    // First billing date from the pricing rules (the 15th), never before the mandate's earliest date.
    expect(collection).toMatchObject({
      billingDate: '2027-01-15',
      amountPence: 4599,
      status: 'pending_submission',
    });
    expect(collection!.chargeDate! >= mandate.next_possible_charge_date!).toBe(true);
    expect(collection!.chargeDate).toBe('2027-01-15');

    // Running the set-up again (the minute job) makes nothing twice.
    await t!.services().directDebit.settle();
    await t!.services().directDebit.settle();
    expect(gc!.sandbox.engine.counts()).toMatchObject({
      customers: 1,
      customerBankAccounts: 1,
      mandates: 1,
      payments: 1,
    });

    // The confirmation within 3 working days, the notice at least 3 working days ahead.
    expect(instruction!.confirmationDueBy).toBe('2026-12-31');
    const emails = await outbox();
    const confirmation = emails.find((email) =>
      email.subject.startsWith('Important: Confirmation of the set up'),
    );
    const notice = emails.find((email) => email.subject.startsWith('Your Direct Debit payment of £45.99'));
    expect(confirmation!.text).toContain(`Mandate reference: ${mandate.reference}`);
    expect(confirmation!.text).toContain('******11');
    expect(workingDaysBetween(today, collection!.chargeDate!)).toBeGreaterThanOrEqual(3);
    expect(notice!.text, notice!.text).toContain('15 Jan 2027');
    for (const email of emails) expect(JSON.stringify(email)).not.toContain('55779911');

    const account = await call(cookie, 'GET', '/api/my-account/direct-debit');
    expect(account.body.data.instruction).toMatchObject({
      reference: mandate.reference,
      accountNumber: '******11',
      sortCode: '**-**-00',
      statusLabel: 'Being set up',
    });
    expect(account.body.data.collections).toEqual([
      expect.objectContaining({
        date: '2027-01-15',
        amount: expect.objectContaining({ formatted: '£45.99' }),
      }),
    ]);
    const user = await call(cookie, 'GET', '/api/auth/user');
    expect(user.body.data.hasInstruction).toBe(true);
  });

  it('holds both deadlines when the provider is down at the order and the minute job sets it up later', async () => {
    const { moveOn } = await start();
    const cookie = await loginCookie(t!, 'C100001');
    const store = await join(cookie, { holder: 'Alex Smith', sortCode: '200000', accountNumber: '55779911' });
    expect(store.completed!.status).toBe(200);
    // Undo the set-up as if GoCardless had been unreachable: nothing at the provider yet for this row.
    await t!.database.db.execute(sql`UPDATE direct_debit_instructions SET confirmation_sent_at = NULL`);
    await t!.database.db.execute(sql`DELETE FROM email_outbox WHERE subject LIKE 'Important: Confirmation%'`);
    moveOn(2); // Thursday 24th + 2 working days = Wednesday 30th, past Christmas and the weekend
    // The order's own run and the minute job at once still send it once.
    await Promise.all([t!.services().directDebit.settle(), t!.services().directDebit.settle()]);
    const confirmations = (await outbox()).filter((email) =>
      email.subject.startsWith('Important: Confirmation'),
    );
    expect(confirmations).toHaveLength(1);
    const [instruction] = await t!.database.db.select().from(directDebitInstructions);
    const sentOn = instruction!.confirmationSentAt!.toISOString().slice(0, 10);
    expect(sentOn).toBe('2026-12-30');
    expect(sentOn <= instruction!.confirmationDueBy).toBe(true);
  });

  it('makes each later month’s collection two weeks ahead, with its own advance notice', async () => {
    const { moveOn } = await start();
    const cookie = await loginCookie(t!, 'C100001');
    await join(cookie, { holder: 'Alex Smith', sortCode: '200000', accountNumber: '55779911' });
    await t!.services().directDebit.settle();
    expect(await t!.database.db.select().from(directDebitCollections)).toHaveLength(1);
    moveOn(25); // Tuesday 2 February 2027: the 15 February collection is within two weeks
    await t!.services().directDebit.settle();
    await t!.services().directDebit.settle();
    const collections = await t!.database.db
      .select()
      .from(directDebitCollections)
      .orderBy(directDebitCollections.billingDate);
    expect(collections.map((row) => [row.billingDate, row.chargeDate, row.amountPence])).toEqual([
      ['2027-01-15', '2027-01-15', 4599],
      ['2027-02-15', '2027-02-15', 4599],
    ]);
    expect(gc!.sandbox.engine.counts().payments).toBe(2);
    const notices = (await outbox()).filter((email) =>
      email.subject.startsWith('Your Direct Debit payment of £45.99'),
    );
    // The outbox lists newest first.
    expect(notices.map((email) => email.subject).reverse()).toEqual([
      'Your Direct Debit payment of £45.99 on 15 Jan 2027',
      'Your Direct Debit payment of £45.99 on 15 Feb 2027',
    ]);
  });

  it('moves the collections to the new membership on a change, cancelling the old price’s payment', async () => {
    const { moveOn } = await start();
    await join(await loginCookie(t!, 'C100001'), {
      holder: 'Alex Smith',
      sortCode: '200000',
      accountNumber: '55779911',
    });
    moveOn(25); // Tuesday 2 February 2027: the 15 February collection is requested at the old price
    await t!.services().directDebit.settle();
    const cookie = await loginCookie(t!, 'C100001');
    const [held] = await t!.database.db.select().from(directDebitCollections);
    const gym = await castlefieldMonthly(cookie, 'gym-anytime');
    const changeTo = (startDate: string) =>
      call(cookie, 'POST', `/api/memberships/${held!.customerMembershipId}/change`, {
        membership_type_id: gym.typeId,
        payment_option_id: gym.monthlyId,
        start_date: startDate,
      });
    // Cheaper from 10 February: nothing due now, and the 15th is collected at the new price.
    const change = await changeTo('2027-02-10');
    expect(change.status, JSON.stringify(change.body)).toBe(201);
    expect(change.body.data.totals.total).toBe(0);
    const terms = (await call(cookie, 'GET', `/api/terms?cart_id=${change.body.data.cartId}`)).body.data
      .data as { id: number }[];
    const completed = await call(cookie, 'POST', '/api/checkout/complete', {
      terms: terms.map((term) => term.id),
      source: 'online-joining',
    });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    await t!.services().checkout.settled();
    const collections = await t!.database.db
      .select()
      .from(directDebitCollections)
      .orderBy(directDebitCollections.id);
    expect(collections.map((row) => [row.billingDate, row.amountPence, row.status])).toEqual([
      ['2027-01-15', 4599, 'pending_submission'],
      ['2027-02-15', 4599, 'cancelled'],
      ['2027-02-15', 3000, 'pending_submission'],
    ]);
    expect((await gc!.client.getPayment(collections[1]!.paymentId!)).status).toBe('cancelled');
  });

  it('refuses a change dated before the held membership has started', async () => {
    await start();
    const cookie = await loginCookie(t!, 'C100001');
    await join(cookie, { holder: 'Alex Smith', sortCode: '200000', accountNumber: '55779911' });
    const [held] = await t!.database.db.select().from(directDebitCollections);
    const gym = await castlefieldMonthly(cookie, 'gym-anytime');
    const refused = await call(cookie, 'POST', `/api/memberships/${held!.customerMembershipId}/change`, {
      membership_type_id: gym.typeId,
      payment_option_id: gym.monthlyId,
      start_date: '2027-01-10',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.startsAt[0]).toBe(
      'The change date must be after your membership starts on 15/01/2027.',
    );
  });

  it('never charges within 3 working days of its notice, over a weekend and bank holidays', () => {
    expect(firstChargeDate({ billingDate: '2026-12-28', today, mandateEarliest: null })).toBe('2026-12-31');
    expect(firstChargeDate({ billingDate: '2026-12-28', today, mandateEarliest: '2027-01-04' })).toBe(
      '2027-01-04',
    );
    expect(firstChargeDate({ billingDate: '2027-01-15', today, mandateEarliest: '2027-01-04' })).toBe(
      '2027-01-15',
    );
    expect(addWorkingDays(today, 3)).toBe('2026-12-31');
  });
});

describe('Direct Debit webhooks', () => {
  async function failedMember(holder: string, days: number) {
    const { moveOn } = await start();
    const cookie = await loginCookie(t!, 'C100001');
    await join(cookie, { holder, sortCode: '200000', accountNumber: '55779911' });
    await gc!.sandbox.settled();
    webhooks = [];
    moveOn(days);
    await gc!.sandbox.settled();
    // Weeks have passed on the clock: the session from before has timed out.
    return loginCookie(t!, 'C100001');
  }

  it('applies a PAYMENT FAILED event once when it is delivered five times at once', async () => {
    const cookie = await failedMember('PAYMENT FAILED', 20);
    const failing = webhooks.find((hook) => hook.body.includes('"insufficient_funds"'))!;
    expect(failing).toBeDefined();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => deliver(failing.body, failing.headers['webhook-signature']!)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const results = answers.flatMap((answer) => answer.json().results as string[]);
    const failedEventId = (
      JSON.parse(failing.body) as { events: { id: string; action: string }[] }
    ).events.find((event) => event.action === 'failed')!.id;
    const rows = await t!.database.db
      .select()
      .from(providerWebhookEvents)
      .where(eq(providerWebhookEvents.eventId, failedEventId));
    expect(rows).toHaveLength(1);
    // Each event of the batch is applied by exactly one delivery; the other four find it in the inbox.
    const events = (JSON.parse(failing.body) as { events: unknown[] }).events.length;
    expect(results.filter((result) => result === 'applied')).toHaveLength(events);
    expect(results.filter((result) => result === 'duplicate')).toHaveLength(4 * events);
    // The operator re-presents a failed collection (issue 22 item 4): the member's one email says when.
    const mail = await outbox();
    expect(
      mail.filter((email) => email.subject.startsWith('We will try your Direct Debit payment')),
    ).toHaveLength(1);
    expect(
      mail.filter((email) => email.subject === 'We could not collect your Direct Debit payment'),
    ).toHaveLength(0);
    const [membership] = await t!.database.db
      .select()
      .from(customerMemberships)
      .where(sql`order_id IS NOT NULL`);
    expect(membership!.paymentProblem).toBe('payment_failed');
    // On the membership's timeline once, with what was owed.
    const timeline = await t!.database.db
      .select()
      .from(membershipEvents)
      .where(eq(membershipEvents.customerMembershipId, membership!.id));
    expect(timeline.filter((event) => event.kind === 'payment_failed')).toEqual([
      expect.objectContaining({ amountPence: 4599 }),
    ]);
    const account = await call(cookie, 'GET', '/api/my-account/direct-debit');
    expect(account.status, JSON.stringify(account.body)).toBe(200);
    expect(account.body.data.notices).toEqual([
      {
        problem: 'payment_failed',
        message: expect.stringMatching(/couldn’t collect your last Direct Debit payment/),
      },
    ]);
  });

  it('marks a MANDATE FAILED member, whatever order the events arrive in', async () => {
    const cookie = await failedMember('MANDATE FAILED', 4);
    // The newest batch first, then the older ones: the mandate is read back, so it stays failed.
    for (const hook of [...webhooks].reverse())
      expect((await deliver(hook.body, hook.headers['webhook-signature']!)).statusCode).toBe(200);
    const [instruction] = await t!.database.db.select().from(directDebitInstructions);
    expect(instruction!.status).toBe('failed');
    const account = await call(cookie, 'GET', '/api/my-account/direct-debit');
    expect(account.body.data.notices[0].problem).toBe('mandate_failed');
    const [membership] = (await call(cookie, 'GET', '/api/my-account/memberships')).body.data;
    expect(membership.paymentProblem).toEqual({
      code: 'mandate_failed',
      label: 'Your Direct Debit could not be set up',
    });
    expect(account.body.data.instruction.statusLabel).toBe('Failed');
    // With no working instruction left, the next monthly membership asks for bank details again.
    expect((await call(cookie, 'GET', '/api/auth/user')).body.data.hasInstruction).toBe(false);
  });

  it('refuses a webhook whose signature does not match its raw body, recording nothing', async () => {
    await failedMember('MANDATE FAILED', 4);
    const hook = webhooks[0]!;
    const forged = await deliver(
      hook.body.replace('"failed"', '"active"'),
      hook.headers['webhook-signature']!,
    );
    expect(forged.statusCode).toBe(498);
    const unsigned = await deliver(hook.body, 'ab'.repeat(32));
    expect(unsigned.statusCode).toBe(498);
    expect(await t!.database.db.select().from(providerWebhookEvents)).toEqual([]);
  });
});
