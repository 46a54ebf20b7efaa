import {
  noSavedCardMessage,
  type SessionWaitingList,
  type WaitingListEntry,
} from '@lido/contracts/waiting-list';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardProvider } from '../src/providers/card/card-provider.ts';
import { createActivity, createSession, holdPlace, type TestActivity } from './support/activity-factories.ts';
import { apiClient } from './support/api.ts';
import { capacityMismatches } from './support/capacity-invariant.ts';
import { startTestSandbox, type TestSandbox } from './support/card-sandbox.ts';
import { createCustomer, type TestCustomer } from './support/factories.ts';
import { createTestApp, loginCookie, siteHost, type TestApp } from './support/test-app.ts';

/**
 * Issue 18 item 5, decision 0054: a member who agreed to it is booked automatically when a place
 * frees up and no benefit covers it, paying with their saved card by a merchant-initiated charge.
 * The order is an ordinary booking order (receipt, My account → Payments); the card is charged
 * once however many job runners tell the offer; a declined card (or one needing authentication)
 * sends the ordinary offer instead; a place gone by the time the charge is answered is given back;
 * a charge whose answer was lost is found by reconciliation and booked.
 */
describe('waiting lists paid with a saved card', () => {
  let sandbox: TestSandbox;
  let t: TestApp;
  /** a second instance on the same database: its job runs beside the first's */
  let other: TestApp;
  /** a third whose provider charges the card but loses the answer (a crash or a timeout) */
  let lossy: TestApp;
  const book = apiClient(() => t, siteHost.bookings);
  const account = apiClient(() => t, siteHost.myAccount);
  const rows = <R extends Record<string, unknown>>(query: string, params: unknown[] = []) =>
    t.database.query<R>(query, params);

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await createTestApp({ cardProvider: sandbox.provider });
    other = await createTestApp({ database: t.database, seed: false, cardProvider: sandbox.provider });
    const losesAnswers: CardProvider = {
      ...sandbox.provider,
      async chargeSavedCard(request) {
        await sandbox.provider.chargeSavedCard(request);
        throw new Error('connection reset');
      },
    };
    lossy = await createTestApp({ database: t.database, seed: false, cardProvider: losesAnswers });
  });
  afterAll(async () => {
    await lossy?.app.close();
    await other?.app.close();
    await t?.close();
    await sandbox?.close();
  });

  const customers = async (count: number) => {
    const made: TestCustomer[] = [];
    for (let index = 0; index < count; index += 1)
      made.push(await createCustomer(t, { creditBalancePence: 10_000 }));
    return made;
  };

  /** A test card saved for the customer at the sandbox, as checkout would have saved it. */
  const saveCard = async (
    customer: TestCustomer,
    card: { cardNumber?: string; cardholderName?: string } = {},
  ) => {
    const saved = await sandbox.control('/reusable-cards', card);
    await rows(
      `INSERT INTO saved_cards (customer_id, provider, provider_reference, card_type, last_four_digits,
         expiry_month, expiry_year, first_name, last_name, address_line_1, city, post_code)
       VALUES ($1, 'sandbox', $2, $3, $4, 12, 2030, 'Tess', 'Tester', '88 Harbour Road', 'Bristol', 'BS1 412')`,
      [customer.id, saved.cardIdentifier, saved.cardType, saved.lastFourDigits],
    );
  };

  /** A booking paid with account credit: its id. */
  const booked = async (customer: TestCustomer, session: { id: number }, activity: TestActivity) => {
    const price = activity.price('adult');
    await holdPlace(t, customer.id, session, price);
    const done = await book.as(customer).post<{ orderId: number }>('/api/checkout/complete', {
      source: 'bookings',
      payments: [{ tender_type: 'credit', amount: price.pricePence }],
    });
    expect(done.status).toBe(200);
    const [row] = await rows<{ id: number }>('SELECT id FROM customer_bookings WHERE order_id = $1', [
      done.data.orderId,
    ]);
    return row!.id;
  };

  /** A one-place session at £6.50, booked by someone else; `free()` cancels that booking. */
  const fullSession = async () => {
    const activity = await createActivity(t, { name: 'Spin', prices: { adult: 650 } });
    const session = await createSession(t, activity, { capacity: 1 });
    const [owner] = await customers(1);
    const bookingId = await booked(owner!, session, activity);
    const free = async () => {
      const cancelled = await account
        .as(await loginCookie(t, owner!.reference))
        .post(`/api/my-account/bookings/${bookingId}/cancel`);
      expect(cancelled.status).toBe(200);
    };
    return { activity, session, free };
  };

  const join = (customer: TestCustomer, sessionId: number, body: object) =>
    book.as(customer).post<WaitingListEntry>(`/api/activities/sessions/${sessionId}/waiting-list`, body);
  const entryOf = async (customer: TestCustomer, sessionId: number) =>
    (
      await rows<{ id: number; status: string; booking_id: number | null }>(
        'SELECT id, status, booking_id FROM waiting_list_entries WHERE customer_id = $1 AND session_id = $2',
        [customer.id, sessionId],
      )
    )[0]!;
  const attemptsOf = (entryId: number) =>
    rows<{ status: string; order_id: number | null; vendor_tx_code: string; amount_pence: number }>(
      'SELECT status, order_id, vendor_tx_code, amount_pence FROM payment_attempts WHERE waiting_list_entry_id = $1',
      [entryId],
    );
  const bookingsOf = (customer: TestCustomer, sessionId: number) =>
    rows<{ id: number; order_id: number | null; price_pence: number }>(
      "SELECT id, order_id, price_pence FROM customer_bookings WHERE customer_id = $1 AND session_id = $2 AND status = 'booked'",
      [customer.id, sessionId],
    );
  /** The sandbox's transactions of this reference (the charge, and no second one). */
  const chargesOf = async (vendorTxCode: string) =>
    (
      (await fetch(
        `${sandbox.origin}/sandbox/opayo/_control/transactions?vendorTxCode=${encodeURIComponent(vendorTxCode)}`,
      ).then((response) => response.json())) as {
        transactions: { status: string; instructions: { instructionType: string }[] }[];
      }
    ).transactions;
  const subjectsTo = async (customer: TestCustomer) =>
    (
      await rows<{ subject: string }>('SELECT subject FROM email_outbox WHERE to_address = $1 ORDER BY id', [
        customer.email,
      ])
    ).map((row) => row.subject);
  const runJobs = () => Promise.all([t.services().waitingList.run(), other.services().waitingList.run()]);

  it('offers the choice only with a saved card, and books and charges a freed place once, as an ordinary order', async () => {
    const { session, free } = await fullSession();
    const [member, cardless] = await customers(2);
    await saveCard(member!);

    // Without a saved card there is nothing to agree to.
    const cardlessView = await book
      .as(cardless!)
      .get<SessionWaitingList>(`/api/activities/sessions/${session.id}/waiting-list`);
    expect(cardlessView.data.savedCard).toBeNull();
    const refused = await join(cardless!, session.id, { payWithSavedCard: true });
    expect(refused.status).toBe(422);
    expect(refused.message).toBe(noSavedCardMessage);
    expect((await join(cardless!, session.id, { payWithSavedCard: 'yes' })).status).toBe(422);

    const view = await book
      .as(member!)
      .get<SessionWaitingList>(`/api/activities/sessions/${session.id}/waiting-list`);
    expect(view.data.savedCard).toEqual({ cardType: 'Visa', lastFourDigits: '0006' });
    const joined = await join(member!, session.id, { payWithSavedCard: true });
    expect(joined.status).toBe(200);
    expect(joined.data).toMatchObject({
      autoBook: true,
      payWithSavedCard: { cardType: 'Visa', lastFourDigits: '0006' },
    });

    await free();
    await runJobs();
    await runJobs();

    const entry = await entryOf(member!, session.id);
    expect(entry.status).toBe('booked');
    const [attempt, ...more] = await attemptsOf(entry.id);
    expect(more).toEqual([]);
    expect(attempt).toMatchObject({ status: 'completed', amount_pence: 650 });
    const charges = await chargesOf(attempt!.vendor_tx_code);
    expect(charges.map((charge) => charge.status)).toEqual(['Ok']);
    const [sent] = (
      (await fetch(`${sandbox.origin}/sandbox/opayo/_control/transactions`).then((r) => r.json())) as {
        transactions: { vendorTxCode: string; credentialType?: unknown }[];
      }
    ).transactions.filter((tx) => tx.vendorTxCode === attempt!.vendor_tx_code);
    expect(sent!.credentialType).toEqual({
      cofUsage: 'Subsequent',
      initiatedType: 'MIT',
      mitType: 'Unscheduled',
    });

    // The booking belongs to an ordinary card order: its line, its receipt, My account → Payments.
    const [booking] = await bookingsOf(member!, session.id);
    expect(booking).toMatchObject({ order_id: attempt!.order_id, price_pence: 650 });
    expect(entry.booking_id).toBe(booking!.id);
    const [order] = await rows<{
      total_pence: number;
      payment_method: string;
      card_last_four: string;
      source: string;
    }>('SELECT total_pence, payment_method, card_last_four, source FROM orders WHERE id = $1', [
      attempt!.order_id,
    ]);
    expect(order).toEqual({
      total_pence: 650,
      payment_method: 'card',
      card_last_four: '0006',
      source: 'bookings',
    });
    const [line] = await rows<{ item_type: string; amount_pence: number; description: string }>(
      'SELECT item_type, amount_pence, description FROM order_items WHERE order_id = $1',
      [attempt!.order_id],
    );
    expect(line).toMatchObject({ item_type: 'booking', amount_pence: 650 });
    expect(line!.description).toMatch(/^Spin, /);
    const payments = await account
      .as(member!)
      .get<{ id: number; cardLastFour: string | null }[]>('/api/my-account/payments');
    expect(payments.data).toEqual([expect.objectContaining({ id: attempt!.order_id, cardLastFour: '0006' })]);
    const subjects = await subjectsTo(member!);
    expect(subjects).toHaveLength(2);
    expect(subjects.filter((subject) => /^You are booked: Spin/.test(subject))).toHaveLength(1);
    expect(subjects.some((subject) => /^A place is free/.test(subject))).toBe(false);
    const [bookedMail] = await rows<{ text_body: string }>(
      "SELECT text_body FROM email_outbox WHERE to_address = $1 AND subject LIKE 'You are booked%'",
      [member!.email],
    );
    expect(bookedMail!.text_body).toContain('We paid for it with your saved card ending 0006');
    expect(await capacityMismatches(t)).toEqual([]);
  });

  it('20 concurrent job runs on two instances charge the card once and make one booking', async () => {
    const { session, free } = await fullSession();
    const [member] = await customers(1);
    await saveCard(member!);
    expect((await join(member!, session.id, { payWithSavedCard: true })).status).toBe(200);
    await free();
    await Promise.all(
      Array.from({ length: 20 }, (_, index) => (index % 2 ? other : t).services().waitingList.run()),
    );

    const entry = await entryOf(member!, session.id);
    expect(entry.status).toBe('booked');
    const attempts = await attemptsOf(entry.id);
    expect(attempts.map((attempt) => attempt.status)).toEqual(['completed']);
    expect((await chargesOf(attempts[0]!.vendor_tx_code)).map((charge) => charge.status)).toEqual(['Ok']);
    expect(await bookingsOf(member!, session.id)).toHaveLength(1);
    expect(await rows('SELECT id FROM orders WHERE customer_id = $1', [member!.id])).toHaveLength(1);
    expect(await capacityMismatches(t)).toEqual([]);
  });

  it('a declined card, or one whose issuer wants authentication, sends the ordinary offer instead', async () => {
    const declined = await fullSession();
    const challenged = await fullSession();
    const [poor, strict] = await customers(2);
    await saveCard(poor!, { cardNumber: '4929000000000059' });
    await saveCard(strict!, { cardholderName: 'CHALLENGE' });
    expect((await join(poor!, declined.session.id, { payWithSavedCard: true })).status).toBe(200);
    expect((await join(strict!, challenged.session.id, { payWithSavedCard: true })).status).toBe(200);
    await declined.free();
    await challenged.free();
    await runJobs();

    for (const [member, session] of [
      [poor!, declined.session],
      [strict!, challenged.session],
    ] as const) {
      const entry = await entryOf(member, session.id);
      // The place is kept for them, with its hold, and nothing is booked or taken.
      expect(entry.status).toBe('offered');
      const [attempt] = await attemptsOf(entry.id);
      expect(attempt).toMatchObject({ status: 'failed', order_id: null });
      expect((await chargesOf(attempt!.vendor_tx_code)).map((charge) => charge.status)).toEqual([
        'NotAuthed',
      ]);
      expect(await bookingsOf(member, session.id)).toEqual([]);
      const subjects = await subjectsTo(member);
      expect(subjects).toHaveLength(1);
      expect(subjects[0]).toMatch(/^A place is free: Spin/);
    }
    // Later runs neither charge again nor email again.
    await runJobs();
    expect(await subjectsTo(poor!)).toHaveLength(1);
    expect(await attemptsOf((await entryOf(poor!, declined.session.id)).id)).toHaveLength(1);
    expect(await capacityMismatches(t)).toEqual([]);
  });

  it('gives the money back when the place is no longer theirs by the time the charge is answered', async () => {
    const { session, free } = await fullSession();
    const [member] = await customers(1);
    // The sandbox answers this card's charges after 1.5 s.
    await saveCard(member!, { cardholderName: 'SLOW 1500' });
    const joined = await join(member!, session.id, { payWithSavedCard: true });
    await free();
    const running = t.services().waitingList.run();
    // Meanwhile the member leaves the list: the place goes back on sale at once.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const left = await account.as(member!).delete(`/api/my-account/waiting-lists/${joined.data.id}`);
    expect(left.status).toBe(200);
    await running;

    const entry = await entryOf(member!, session.id);
    expect(entry.status).toBe('left');
    const [attempt] = await attemptsOf(entry.id);
    expect(attempt).toMatchObject({ status: 'voided', order_id: null });
    const [charge, ...others] = await chargesOf(attempt!.vendor_tx_code);
    expect(others).toEqual([]);
    expect(charge!.instructions.map((instruction) => instruction.instructionType)).toEqual(['void']);
    expect(await bookingsOf(member!, session.id)).toEqual([]);
    expect(await rows('SELECT id FROM orders WHERE customer_id = $1', [member!.id])).toEqual([]);
    expect(await capacityMismatches(t)).toEqual([]);
  });

  it('a charge whose answer was lost is found by reconciliation and booked, once', async () => {
    const { session, free } = await fullSession();
    const [member] = await customers(1);
    await saveCard(member!);
    expect((await join(member!, session.id, { payWithSavedCard: true })).status).toBe(200);
    await free();
    // The charge is made, but this instance never hears back: no booking and no email yet.
    expect(await lossy.services().waitingList.run()).toMatchObject({ booked: 0, offered: 0 });
    const entry = await entryOf(member!, session.id);
    expect(entry.status).toBe('offered');
    const [lost] = await attemptsOf(entry.id);
    expect(lost!.status).toBe('unknown');
    expect(await subjectsTo(member!)).toEqual([]);

    // Reconciliation on any instance looks the charge up by its reference and books the place.
    const [first, second] = await Promise.all([
      t.services().checkout.reconcile({ olderThanMs: 0 }),
      other.services().checkout.reconcile({ olderThanMs: 0 }),
    ]);
    expect(first.completed + second.completed).toBe(1);
    expect(first.reversed + second.reversed).toBe(0);
    expect((await entryOf(member!, session.id)).status).toBe('booked');
    const [done] = await attemptsOf(entry.id);
    expect(done).toMatchObject({ status: 'completed' });
    expect((await chargesOf(done!.vendor_tx_code)).map((charge) => charge.status)).toEqual(['Ok']);
    expect(await bookingsOf(member!, session.id)).toEqual([
      expect.objectContaining({ order_id: done!.order_id, price_pence: 650 }),
    ]);
    expect((await subjectsTo(member!)).filter((subject) => /^You are booked/.test(subject))).toHaveLength(1);
    await runJobs();
    expect(await attemptsOf(entry.id)).toHaveLength(1);
    expect(await capacityMismatches(t)).toEqual([]);
  });
});
