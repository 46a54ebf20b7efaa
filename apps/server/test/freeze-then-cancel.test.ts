import type { MembershipExit } from '@lido/contracts/membership-exit';
import type { UpcomingCollections } from '@lido/contracts/direct-debit';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { directDebitCollections, emailOutbox, membershipFreezes } from '../src/db/schema.ts';
import { seedDemoIfEmpty } from '../src/db/seed/seed-demo.ts';
import { apiClient } from './support/api.ts';
import { collectionsOf, memberPayingByDirectDebit } from './support/direct-debit-member.ts';
import { createCustomer } from './support/factories.ts';
import { startTestGoCardless, type TestGoCardless } from './support/gocardless-sandbox.ts';
import { createTestDatabase } from './support/test-database.ts';
import { createTestApp, loginCookie, siteHost, type TestApp } from './support/test-app.ts';

/**
 * Issue 33 items 1 and 2: what the member is told about their Direct Debit (the cancel page, its
 * email, the Memberships card, the upcoming collections) is what the collection engine does.
 */

// Saturday 28 November 2026, the day Priya's story was seen: billed on the 15th, £30.00 a month.
const start28November = '2026-11-28T10:00:00Z';
let clock = start28November;

let t: TestApp | undefined;
let gc: TestGoCardless | undefined;
afterEach(async () => {
  await t?.close();
  await gc?.close();
  t = gc = undefined;
  clock = start28November;
});

async function start() {
  gc = await startTestGoCardless({ now: () => Date.parse(clock) });
  t = await createTestApp({
    now: () => new Date(clock),
    directDebitProvider: { name: 'sandbox', client: gc.client },
  });
  return apiClient(t, siteHost.myAccount);
}

type Held = {
  id: number;
  endDate: string | null;
  freeze: { endsOn: string; prettyLastDay: string } | null;
  nextCollection: { prettyDate: string; amount: { formatted: string }; description: string } | null;
};

/** The engine's live collections of a membership (none replaced), as date and amount. */
async function liveCollections(membershipId: number) {
  return (await collectionsOf(t!, membershipId))
    .filter((row) => !['cancelling', 'cancel_sent', 'cancelled'].includes(row.status))
    .map((row) => ({ billingDate: row.billingDate, amountPence: row.amountPence }));
}

/** November's collection, requested on the 28th, paid by the bank (as its webhooks would say). */
async function novemberPaid(membershipId: number) {
  await t!.database.db
    .update(directDebitCollections)
    .set({ status: 'paid_out' })
    .where(eq(directDebitCollections.customerMembershipId, membershipId));
}

/** The settle job and the exit job, as the minute job runs them. */
async function runJobs() {
  await gc!.sandbox.settled();
  await t!.services().directDebit.settle();
  await t!.services().membershipExit.runJobs();
  await t!.services().membershipFreeze.advance();
}

describe('a frozen membership cancelled with notice', { timeout: 180_000 }, () => {
  it('states the freeze’s fee as the last collection, cuts the freeze at the last day, and the engine takes exactly that', async () => {
    const api = await start();
    const { member, gym } = await memberPayingByDirectDebit(t!, gc!, '2026-11-15');
    await runJobs();
    await novemberPaid(gym);
    const as = api.as(member);

    // A 3-month freeze from 15 December: the card shows what will be collected, not the price.
    const frozen = await as.post(`/api/my-account/memberships/${gym}/freeze`, {
      starts_on: '2026-12-15',
      months: 3,
    });
    expect(frozen.status, JSON.stringify(frozen.body)).toBe(200);
    const card = (await as.get<Held[]>('/api/my-account/memberships')).data.find((held) => held.id === gym)!;
    expect(card.nextCollection).toEqual({
      date: '2026-12-15',
      prettyDate: '15 Dec 2026',
      amount: expect.objectContaining({ formatted: '£5.00' }),
      description: 'Gym Anytime: freeze fee',
    });

    // Cancelling states the freeze's fee, every collection to come, and what happens to the freeze.
    const shown = await as.get<MembershipExit>(`/api/my-account/memberships/${gym}/cancellation`);
    expect(shown.data, JSON.stringify(shown.body)).toMatchObject({
      kind: 'notice',
      lastDay: '2027-01-14',
      lastCollection: { date: '2026-12-15', amount: { formatted: '£5.00' } },
      collectionsToCome: [
        { date: '2026-12-15', amount: { formatted: '£5.00' }, description: 'Gym Anytime: freeze fee' },
      ],
    });
    expect(shown.data.collectionsToCome).toHaveLength(1);
    expect(shown.data.afterwards[0]).toBe(
      'Your freeze from 15 Dec 2026 ends with your membership on 14 Jan 2027: it does not start again.',
    );
    const done = await as.post<MembershipExit>(`/api/my-account/memberships/${gym}/cancel`, {
      kind: 'notice',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.data.collectionsToCome).toEqual(shown.data.collectionsToCome);

    // The email says the same.
    const [email] = await t!.database.db
      .select({ text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `membership-cancelled:${gym}`));
    expect(email!.text).toContain('Your last Direct Debit collection is £5.00 on 15 Dec 2026.');
    expect(email!.text).toContain('£5.00 on 15 Dec 2026 (Gym Anytime: freeze fee)');
    expect(email!.text).toContain('ends with your membership on 14 Jan 2027');

    // The freeze is cut to the last day: the card no longer says it starts again on 15 Mar.
    const [freeze] = await t!.database.db
      .select()
      .from(membershipFreezes)
      .where(eq(membershipFreezes.customerMembershipId, gym));
    expect(freeze).toMatchObject({ startsOn: '2026-12-15', endsOn: '2027-01-15' });
    const after = (await as.get<Held[]>('/api/my-account/memberships')).data.find((held) => held.id === gym)!;
    expect(after).toMatchObject({ endDate: '2027-01-14', freeze: { endsOn: '2027-01-15' } });

    // The engine, week by week to the end: exactly the collections the page stated, and no more.
    for (const day of ['2026-12-01', '2026-12-14', '2027-01-02', '2027-01-14', '2027-01-16', '2027-02-10']) {
      clock = `${day}T10:00:00Z`;
      await runJobs();
    }
    expect(await liveCollections(gym)).toEqual([
      { billingDate: '2026-11-15', amountPence: 3000 },
      { billingDate: '2026-12-15', amountPence: 500 },
    ]);
    const again = api.as(await loginCookie(t!, member.reference));
    const ended = (await again.get<Held[]>('/api/my-account/memberships')).data.find(
      (held) => held.id === gym,
    );
    expect(ended?.freeze ?? null).toBeNull();
  });

  it('withdraws a freeze that would start after the last day, and states the price for the notice month', async () => {
    const api = await start();
    const { member, gym } = await memberPayingByDirectDebit(t!, gc!, '2026-11-15');
    await runJobs();
    await novemberPaid(gym);
    const as = api.as(member);
    expect(
      (await as.post(`/api/my-account/memberships/${gym}/freeze`, { starts_on: '2027-01-15', months: 2 }))
        .status,
    ).toBe(200);
    const shown = await as.get<MembershipExit>(`/api/my-account/memberships/${gym}/cancellation`);
    expect(shown.data).toMatchObject({
      lastDay: '2027-01-14',
      lastCollection: { date: '2026-12-15', amount: { formatted: '£30.00' } },
      collectionsToCome: [
        { date: '2026-12-15', amount: { formatted: '£30.00' }, description: 'Gym Anytime' },
      ],
    });
    expect(shown.data.afterwards[0]).toBe(
      'Your freeze booked from 15 Jan 2027 will be cancelled: it would start after your last day.',
    );
    expect((await as.post(`/api/my-account/memberships/${gym}/cancel`, { kind: 'notice' })).status).toBe(200);
    const [freeze] = await t!.database.db
      .select()
      .from(membershipFreezes)
      .where(eq(membershipFreezes.customerMembershipId, gym));
    expect(freeze!.status).toBe('withdrawn');
    const held = (await as.get<Held[]>('/api/my-account/memberships')).data.find((row) => row.id === gym)!;
    expect(held.freeze).toBeNull();
  });
});

describe('upcoming Direct Debit collections in My account', { timeout: 180_000 }, () => {
  it('lists the engine’s records and the months it makes next, with the freeze’s fee and each status', async () => {
    const api = await start();
    const { member, gym } = await memberPayingByDirectDebit(t!, gc!, '2026-11-15');
    await runJobs();
    const as = api.as(member);
    const before = await as.get<UpcomingCollections>('/api/my-account/direct-debit/upcoming-collections');
    expect(before.status).toBe(200);
    expect(before.data.paysByDirectDebit).toBe(true);
    expect(before.data.collections.map((row) => [row.date, row.amount.formatted, row.status])).toEqual([
      // requested at the sandbox, so charged 3 working days after it was asked for
      [before.data.collections[0]!.date, '£30.00', 'requested'],
      ['2026-12-15', '£30.00', 'due'],
      ['2027-01-15', '£30.00', 'due'],
      ['2027-02-15', '£30.00', 'due'],
    ]);
    expect(before.data.collections[0]!.statusLabel).toBe('Requested from your bank');

    await as.post(`/api/my-account/memberships/${gym}/freeze`, { starts_on: '2026-12-15', months: 2 });
    const frozen = await as.get<UpcomingCollections>('/api/my-account/direct-debit/upcoming-collections');
    expect(
      frozen.data.collections.slice(1).map((row) => [row.date, row.amount.formatted, row.description]),
    ).toEqual([
      ['2026-12-15', '£5.00', 'Gym Anytime: freeze fee'],
      ['2027-01-15', '£5.00', 'Gym Anytime: freeze fee'],
      ['2027-02-15', '£30.00', 'Gym Anytime'],
    ]);

    // The engine makes December's when its day comes: the same amount the list said.
    clock = '2026-12-02T10:00:00Z';
    await runJobs();
    expect((await liveCollections(gym)).find((row) => row.billingDate === '2026-12-15')).toEqual({
      billingDate: '2026-12-15',
      amountPence: 500,
    });
    const made = await api
      .as(await loginCookie(t!, member.reference))
      .get<UpcomingCollections>('/api/my-account/direct-debit/upcoming-collections');
    const december = made.data.collections.find((row) => row.date >= '2026-12-15' && row.id !== null)!;
    expect(december).toMatchObject({ amount: { formatted: '£5.00' }, status: 'requested' });
  });

  it('answers a customer without a Direct Debit with nothing, and refuses a visitor', async () => {
    const api = await start();
    const someone = await createCustomer(t!);
    const answer = await api
      .as(someone)
      .get<UpcomingCollections>('/api/my-account/direct-debit/upcoming-collections');
    expect(answer.data).toEqual({ paysByDirectDebit: false, collections: [] });
    expect((await api.guest.get('/api/my-account/direct-debit/upcoming-collections')).status).toBe(401);
  });
});

describe('the demo’s Priya pays by Direct Debit', { timeout: 120_000 }, () => {
  it('has her instruction and a paid collection every 15th, and the next ones to come', async () => {
    const database = await createTestDatabase();
    await seedDemoIfEmpty(database.db, { arrears: false, directDebits: true, now: new Date(clock) });
    t = await createTestApp({ database, seed: false, now: () => new Date(clock) });
    const cookie = await loginCookie(t, 'C100002');
    const get = async <T>(url: string) =>
      (await t!.app.inject({ method: 'GET', url, headers: { cookie, host: siteHost.myAccount } })).json<{
        data: T;
      }>().data;
    const view = await get<{ instruction: { statusLabel: string; accountHolder: string } | null }>(
      '/api/my-account/direct-debit',
    );
    expect(view.instruction).toMatchObject({ statusLabel: 'Active', accountHolder: 'Priya Shah' });
    const upcoming = await get<UpcomingCollections>('/api/my-account/direct-debit/upcoming-collections');
    expect(upcoming.collections.map((row) => [row.date, row.amount.formatted, row.statusLabel])).toEqual([
      ['2026-11-15', '£30.00', 'Paid'],
      ['2026-12-15', '£30.00', 'Due'],
      ['2027-01-15', '£30.00', 'Due'],
      ['2027-02-15', '£30.00', 'Due'],
    ]);
    const [gym] = await get<Held[]>('/api/my-account/memberships');
    expect(gym!.nextCollection).toMatchObject({ prettyDate: '15 Dec 2026', amount: { formatted: '£30.00' } });
  });
});
