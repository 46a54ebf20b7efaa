import type { WaitingListEntry } from '@lido/contracts/waiting-list';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createActivity,
  createSession,
  holdPlace,
  sessionCounts,
  type TestActivity,
} from './support/activity-factories.ts';
import { apiClient } from './support/api.ts';
import { capacityMismatches } from './support/capacity-invariant.ts';
import { createCustomer, heldMembership, type TestCustomer } from './support/factories.ts';
import { createTestApp, loginCookie, siteHost, type TestApp } from './support/test-app.ts';

/**
 * Issue 18 item 5 (decision 0052): a full session's waiting list. A freed place is offered to the
 * first in line and to nobody else, kept off general sale while offered, told once by email,
 * passed on when the offer lapses or is declined, and booked through the basket only by the one
 * it was offered to.
 */
describe('waiting lists', () => {
  let t: TestApp;
  /** a second instance on the same database: its job runs beside the first's */
  let other: TestApp;
  const book = apiClient(() => t, siteHost.bookings);
  const account = apiClient(() => t, siteHost.myAccount);
  const rows = <R extends Record<string, unknown>>(query: string, params: unknown[] = []) =>
    t.database.query<R>(query, params);

  beforeAll(async () => {
    t = await createTestApp();
    other = await createTestApp({ database: t.database, seed: false });
  });
  afterAll(async () => {
    await other?.app.close();
    await t?.close();
  });

  const customers = async (count: number) => {
    const made: TestCustomer[] = [];
    for (let index = 0; index < count; index += 1)
      made.push(await createCustomer(t, { creditBalancePence: 10_000 }));
    return made;
  };

  /** A booking paid with account credit (or nothing): its id. */
  const booked = async (customer: TestCustomer, session: { id: number }, activity: TestActivity) => {
    const price = activity.price('adult');
    await holdPlace(t, customer.id, session, price);
    const done = await book.as(customer).post<{ orderId: number }>('/api/checkout/complete', {
      source: 'bookings',
      ...(price.pricePence > 0 ? { payments: [{ tender_type: 'credit', amount: price.pricePence }] } : {}),
    });
    expect(done.status).toBe(200);
    const [row] = await rows<{ id: number }>('SELECT id FROM customer_bookings WHERE order_id = $1', [
      done.data.orderId,
    ]);
    return row!.id;
  };

  /** A session of `capacity` places, every one booked: the bookings' ids. */
  const fullSession = async (capacity: number, prices?: { adult: number }) => {
    const activity = await createActivity(t, { name: 'Spin', prices: prices ?? { adult: 650 } });
    const session = await createSession(t, activity, { capacity });
    const bookings: number[] = [];
    for (const customer of await customers(capacity))
      bookings.push(await booked(customer, session, activity));
    const owners = await rows<{ id: number; customer_id: number }>(
      'SELECT id, customer_id FROM customer_bookings WHERE session_id = $1 ORDER BY id',
      [session.id],
    );
    return { activity, session, bookings, owners };
  };

  const join = (customer: TestCustomer, sessionId: number, body: object = {}) =>
    book.as(customer).post<WaitingListEntry>(`/api/activities/sessions/${sessionId}/waiting-list`, body);
  const cancel = async (ownerId: number, bookingId: number) => {
    const [owner] = await rows<{ reference: string }>('SELECT reference FROM customers WHERE id = $1', [
      ownerId,
    ]);
    return account
      .as(await loginCookie(t, owner!.reference))
      .post(`/api/my-account/bookings/${bookingId}/cancel`);
  };
  const statusOf = async (customer: TestCustomer, sessionId: number) =>
    (
      await rows<{ status: string }>(
        'SELECT status FROM waiting_list_entries WHERE customer_id = $1 AND session_id = $2 ORDER BY id DESC LIMIT 1',
        [customer.id, sessionId],
      )
    )[0]?.status;
  const emailsTo = async (customer: TestCustomer) =>
    rows<{ subject: string; text_body: string }>(
      'SELECT subject, text_body FROM email_outbox WHERE to_address = $1 ORDER BY id',
      [customer.email],
    );
  const lapse = (sessionId: number) =>
    rows(
      "UPDATE waiting_list_entries SET offer_expires_at = now() - interval '1 second' WHERE session_id = $1 AND status = 'offered'",
      [sessionId],
    );
  /** Both instances run the job at once, as two servers would. */
  const runJobs = () => Promise.all([t.services().waitingList.run(), other.services().waitingList.run()]);

  it('is joined only when the session is full, once per attendee, and says where the customer stands', async () => {
    const activity = await createActivity(t);
    const open = await createSession(t, activity, { capacity: 2 });
    const [first, second, third] = await customers(3);
    const refused = await join(first!, open.id);
    expect(refused.status).toBe(422);
    expect(refused.message).toBe('This session has places left: add one to your basket instead.');
    expect(await book.guest.post(`/api/activities/sessions/${open.id}/waiting-list`, {})).toMatchObject({
      status: 401,
    });
    expect((await join(first!, 999_999)).status).toBe(404);
    expect((await join(first!, open.id, { autoBook: 'yes' })).status).toBe(422);

    const { session } = await fullSession(1);
    const joined = [await join(first!, session.id), await join(second!, session.id)];
    joined.push(await join(third!, session.id, { autoBook: true }));
    expect(joined.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(joined.map((answer) => answer.data.statusText)).toEqual([
      'You are 1st on the waiting list',
      'You are 2nd on the waiting list',
      'You are 3rd on the waiting list',
    ]);
    expect(joined[2]!.data).toMatchObject({ status: 'waiting', position: 3, autoBook: true });

    // Joining again adds nothing: the same entry answers.
    const again = await join(second!, session.id);
    expect(again.data.id).toBe(joined[1]!.data.id);
    const [{ count }] = (await rows<{ count: number }>(
      'SELECT count(*)::int AS count FROM waiting_list_entries WHERE session_id = $1',
      [session.id],
    )) as [{ count: number }];
    expect(count).toBe(3);

    // The session page's read and My account's list say the same.
    const mine = await book
      .as(third!)
      .get<{ entry: WaitingListEntry; offerHours: number }>(
        `/api/activities/sessions/${session.id}/waiting-list`,
      );
    expect(mine.data.entry).toMatchObject({ id: joined[2]!.data.id, position: 3 });
    // How long a freed place is kept, so the page can say it (the demo operator's 2 hours).
    expect(mine.data.offerHours).toBe(2);
    const list = await account.as(second!).get<WaitingListEntry[]>('/api/my-account/waiting-lists');
    expect(list.data.map((entry) => entry.statusText)).toEqual(['You are 2nd on the waiting list']);
  });

  it('offers a cancelled place to the first in line only, keeps it off sale, and emails the offer once', async () => {
    const { activity, session, bookings, owners } = await fullSession(1);
    const [first, second, stranger] = await customers(3);
    await join(first!, session.id);
    await join(second!, session.id);

    expect((await cancel(owners[0]!.customer_id, bookings[0]!)).status).toBe(200);
    expect(await statusOf(first!, session.id)).toBe('offered');
    expect(await statusOf(second!, session.id)).toBe('waiting');
    // Never back on general sale while offered.
    expect((await sessionCounts(t, session.id)).taken).toBe(1);
    const sold = await book.as(stranger!).book(session.id, activity.price('adult').id);
    expect(sold.status).toBe(422);
    expect(sold.message).toBe('This session is full.');
    const second_ = await book.as(second!).book(session.id, activity.price('adult').id);
    expect(second_.status).toBe(422);

    await runJobs();
    await runJobs();
    const mail = await emailsTo(first!);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toMatch(/^A place is free: Spin, /);
    expect(mail[0]!.text_body).toContain(`/sessions/${session.id}`);
    expect(mail[0]!.text_body).toMatch(/Place offered until \w{3} \d{1,2} \w{3}, \d\d:\d\d/);
    expect(await emailsTo(second!)).toHaveLength(0);

    const list = await account.as(first!).get<WaitingListEntry[]>('/api/my-account/waiting-lists');
    expect(list.data[0]).toMatchObject({ status: 'offered', position: null });
    expect(list.data[0]!.statusText).toMatch(/^Place offered until /);
    const behind = await account.as(second!).get<WaitingListEntry[]>('/api/my-account/waiting-lists');
    expect(behind.data[0]!.statusText).toBe('You are 1st on the waiting list');
    expect(await capacityMismatches(t)).toEqual([]);

    // The offered customer books it through the basket although the session looks full.
    const added = await book.as(first!).book(session.id, activity.price('adult').id);
    expect(added.status).toBe(200);
    expect(await statusOf(first!, session.id)).toBe('claimed');
    expect((await sessionCounts(t, session.id)).taken).toBe(1);
    const done = await book.as(first!).post('/api/checkout/complete', {
      source: 'bookings',
      payments: [{ tender_type: 'credit', amount: 650 }],
    });
    expect(done.status).toBe(200);
    expect(await capacityMismatches(t)).toEqual([]);
  });

  it('passes a lapsed offer to the next in line, and puts the place back on sale when nobody is left', async () => {
    const { activity, session, bookings, owners } = await fullSession(1);
    const [first, second, buyer] = await customers(3);
    await join(first!, session.id);
    await join(second!, session.id);
    await cancel(owners[0]!.customer_id, bookings[0]!);
    await runJobs();

    await lapse(session.id);
    await runJobs();
    expect(await statusOf(first!, session.id)).toBe('expired');
    expect(await statusOf(second!, session.id)).toBe('offered');
    expect(await emailsTo(second!)).toHaveLength(1);
    // The lapsed offer can no longer be claimed.
    expect((await book.as(first!).book(session.id, activity.price('adult').id)).status).toBe(422);
    expect(await capacityMismatches(t)).toEqual([]);

    await lapse(session.id);
    await runJobs();
    expect(await statusOf(second!, session.id)).toBe('expired');
    expect((await sessionCounts(t, session.id)).taken).toBe(0);
    expect((await book.as(buyer!).book(session.id, activity.price('adult').id)).status).toBe(200);
    expect(await capacityMismatches(t)).toEqual([]);
  });

  it('lets a customer leave (an offered place goes to the next at once), and nobody leave or claim another’s', async () => {
    const { activity, session, bookings, owners } = await fullSession(1);
    const [first, second, third] = await customers(3);
    const entries = [await join(first!, session.id), await join(second!, session.id)];
    await join(third!, session.id);

    // Another customer's entry is not found and stays as it was.
    const stolen = await account.as(third!).delete(`/api/my-account/waiting-lists/${entries[0]!.data.id}`);
    expect(stolen.status).toBe(404);
    expect(await statusOf(first!, session.id)).toBe('waiting');
    expect((await account.as(first!).delete('/api/my-account/waiting-lists/abc')).status).toBe(422);

    // Waiting: leaving moves the rest up.
    const left = await account.as(second!).delete(`/api/my-account/waiting-lists/${entries[1]!.data.id}`);
    expect(left.status).toBe(200);
    expect(left.data).toEqual({ message: 'You have left the waiting list.' });
    expect(
      (await account.as(second!).delete(`/api/my-account/waiting-lists/${entries[1]!.data.id}`)).status,
    ).toBe(404);
    const third_ = await book
      .as(third!)
      .get<{ entry: WaitingListEntry }>(`/api/activities/sessions/${session.id}/waiting-list`);
    expect(third_.data.entry!.statusText).toBe('You are 2nd on the waiting list');

    // Offered: another customer cannot claim it through their basket.
    await cancel(owners[0]!.customer_id, bookings[0]!);
    expect(await statusOf(first!, session.id)).toBe('offered');
    expect((await book.as(third!).book(session.id, activity.price('adult').id)).status).toBe(422);
    expect(await statusOf(first!, session.id)).toBe('offered');

    // Declining passes it on in the same transaction.
    expect(
      (await account.as(first!).delete(`/api/my-account/waiting-lists/${entries[0]!.data.id}`)).status,
    ).toBe(200);
    expect(await statusOf(third!, session.id)).toBe('offered');
    expect((await sessionCounts(t, session.id)).taken).toBe(1);
    expect(await capacityMismatches(t)).toEqual([]);
  });

  it('20 concurrent claims of one offer, among 10 others trying for the place, make one basket line', async () => {
    const { activity, session, bookings, owners } = await fullSession(1);
    const [offered, ...others] = await customers(11);
    await join(offered!, session.id);
    await cancel(owners[0]!.customer_id, bookings[0]!);
    const price = activity.price('adult').id;
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => book.as(offered!).book(session.id, price)),
      ...others.map((customer) => book.as(customer).book(session.id, price)),
    ]);
    const ok = answers.filter((answer) => answer.status === 200);
    expect(ok).toHaveLength(1);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 422)).toBe(true);
    expect(answers.indexOf(ok[0]!)).toBeLessThan(20);
    const [{ count }] = (await rows<{ count: number }>(
      'SELECT count(*)::int AS count FROM cart_booking_lines WHERE session_id = $1',
      [session.id],
    )) as [{ count: number }];
    expect(count).toBe(1);
    expect((await sessionCounts(t, session.id)).taken).toBe(1);
    expect(await capacityMismatches(t)).toEqual([]);
  });

  it('concurrent frees and two job runners offer each freed place to exactly one customer, emailed once', async () => {
    const { session, bookings, owners } = await fullSession(5);
    const queue = await customers(8);
    for (const customer of queue) await join(customer, session.id);

    const cancels = await Promise.all(bookings.map((id, index) => cancel(owners[index]!.customer_id, id)));
    expect(cancels.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    await Promise.all([runJobs(), runJobs()]);
    const statuses = await Promise.all(queue.map((customer) => statusOf(customer, session.id)));
    expect(statuses).toEqual([
      'offered',
      'offered',
      'offered',
      'offered',
      'offered',
      'waiting',
      'waiting',
      'waiting',
    ]);
    const mail = await Promise.all(queue.map((customer) => emailsTo(customer)));
    expect(mail.map((sent) => sent.length)).toEqual([1, 1, 1, 1, 1, 0, 0, 0]);
    expect((await sessionCounts(t, session.id)).taken).toBe(5);
    expect(await capacityMismatches(t)).toEqual([]);

    // All five lapse at once: three go to the rest of the queue, two back on sale.
    await lapse(session.id);
    await Promise.all([runJobs(), runJobs()]);
    const after = await Promise.all(queue.map((customer) => statusOf(customer, session.id)));
    expect(after).toEqual([
      'expired',
      'expired',
      'expired',
      'expired',
      'expired',
      'offered',
      'offered',
      'offered',
    ]);
    expect(
      (await Promise.all(queue.map((customer) => emailsTo(customer)))).map((sent) => sent.length),
    ).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    expect((await sessionCounts(t, session.id)).taken).toBe(3);
    expect(await capacityMismatches(t)).toEqual([]);
  });

  it('a removed basket line and a lapsed basket hold go to the waiting list too', async () => {
    const activity = await createActivity(t, { prices: { adult: 650 } });
    const session = await createSession(t, activity, { capacity: 1 });
    const [holder, first] = await customers(2);
    const held = await book.as(holder!).book(session.id, activity.price('adult').id);
    expect(held.status).toBe(200);
    await join(first!, session.id);
    const lineId = held.data.items.find((item) => item.type === 'booking')!.id;
    expect((await book.as(holder!).removeFromCart([Number(lineId)])).status).toBe(200);
    expect(await statusOf(first!, session.id)).toBe('offered');
    expect((await sessionCounts(t, session.id)).taken).toBe(1);

    // The offered customer's own basket line lapses: the place is not lost, it goes back on sale.
    await book.as(first!).book(session.id, activity.price('adult').id);
    await rows(
      "UPDATE cart_booking_lines SET held_until = now() - interval '1 minute' WHERE session_id = $1",
      [session.id],
    );
    await t.services().cart.releaseExpired();
    expect((await sessionCounts(t, session.id)).taken).toBe(0);
    expect(await capacityMismatches(t)).toEqual([]);
  });

  it('offers places a raised capacity adds to those waiting, once, however many runners', async () => {
    const { session } = await fullSession(1);
    const [first, second] = await customers(2);
    await join(first!, session.id);
    await join(second!, session.id);
    // As a catalogue import raising the slot's capacity does.
    await rows('UPDATE activity_sessions SET capacity = 4 WHERE id = $1', [session.id]);
    await Promise.all([runJobs(), runJobs()]);
    expect(await statusOf(first!, session.id)).toBe('offered');
    expect(await statusOf(second!, session.id)).toBe('offered');
    expect((await emailsTo(first!)).length + (await emailsTo(second!)).length).toBe(2);
    // Two offered, one booked; the fourth place stays on sale.
    expect(await sessionCounts(t, session.id)).toEqual({ capacity: 4, taken: 3 });
    expect(await capacityMismatches(t)).toEqual([]);
  });

  it('books automatically when asked and the place costs nothing; otherwise it offers', async () => {
    const free = await fullSession(1, { adult: 0 });
    const paid = await fullSession(1, { adult: 650 });
    const [member] = await customers(1);
    expect((await join(member!, free.session.id, { autoBook: true })).status).toBe(200);
    expect((await join(member!, paid.session.id, { autoBook: true })).status).toBe(200);
    await cancel(free.owners[0]!.customer_id, free.bookings[0]!);
    await cancel(paid.owners[0]!.customer_id, paid.bookings[0]!);
    await runJobs();

    expect(await statusOf(member!, free.session.id)).toBe('booked');
    const [bookingRow] = await rows<{ status: string; price_pence: number; customer_id: number }>(
      "SELECT status, price_pence, customer_id FROM customer_bookings WHERE session_id = $1 AND status = 'booked'",
      [free.session.id],
    );
    expect(bookingRow).toEqual({ status: 'booked', price_pence: 0, customer_id: member!.id });
    expect(await statusOf(member!, paid.session.id)).toBe('offered');
    const subjects = (await emailsTo(member!)).map((mail) => mail.subject).sort();
    expect(subjects).toHaveLength(2);
    expect(subjects[0]).toMatch(/^A place is free: Spin/);
    expect(subjects[1]).toMatch(/^You are booked: Spin/);
    const bookingsList = await account
      .as(member!)
      .get<{ upcoming: { sessionId: number }[] }>('/api/my-account/bookings');
    expect(bookingsList.data.upcoming.map((b) => b.sessionId)).toContain(free.session.id);
    expect(await capacityMismatches(t)).toEqual([]);
  });

  it('books automatically when a membership benefit pays the whole price, spending one of its uses', async () => {
    const activity = await createActivity(t, { name: 'Spin', prices: { adult: 650, member: 260 } });
    await rows(
      `INSERT INTO membership_benefits (membership_type_id, position, name, total_uses, frequency, covers)
       SELECT id, 900, 'Spin classes', 1, 'month', $1::jsonb FROM membership_types WHERE slug = 'gym-anytime'`,
      [JSON.stringify({ categories: [activity.category.key] })],
    );
    const [member, owner] = await customers(2);
    const membershipId = await heldMembership(t, member!, {
      slug: 'gym-anytime',
      optionKey: 'monthly',
      startDate: '2026-03-01',
      billingDay: 15,
    });
    const session = await createSession(t, activity, { capacity: 1 });
    const ownersBooking = await booked(owner!, session, activity);
    expect((await join(member!, session.id, { autoBook: true })).status).toBe(200);
    await cancel(owner!.id, ownersBooking);
    await runJobs();

    expect(await statusOf(member!, session.id)).toBe('booked');
    const [booking] = await rows<{ price_pence: number; use_status: string; membership: number }>(
      `SELECT b.price_pence, u.status AS use_status, u.customer_membership_id AS membership
         FROM customer_bookings b JOIN benefit_uses u ON u.id = b.benefit_use_id
        WHERE b.session_id = $1 AND b.status = 'booked'`,
      [session.id],
    );
    expect(booking).toEqual({ price_pence: 0, use_status: 'spent', membership: membershipId });
    expect((await emailsTo(member!)).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^You are booked: Spin/),
    ]);
    expect(await capacityMismatches(t)).toEqual([]);
  });
});
