import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { customerMemberships, membershipEvents, membershipFreezes } from '../src/db/schema.ts';
import { apiClient } from './support/api.ts';
import { collectionsOf, memberPayingByDirectDebit } from './support/direct-debit-member.ts';
import { createCustomer, heldMembership, monthlyGymMember } from './support/factories.ts';
import { startTestGoCardless, type TestGoCardless } from './support/gocardless-sandbox.ts';
import { createTestApp, loginCookie, siteHost, type TestApp } from './support/test-app.ts';

// Monday 23 November 2026. The demo operator freezes 1 to 3 months, with 7 days' notice, at £5.
const start23November = '2026-11-23T10:00:00Z';
let clock = start23November;

let t: TestApp | undefined;
let gc: TestGoCardless | undefined;
afterEach(async () => {
  await t?.close();
  await gc?.close();
  t = gc = undefined;
  clock = start23November;
});

async function start() {
  gc = await startTestGoCardless({ now: () => Date.parse(clock) });
  t = await createTestApp({
    now: () => new Date(clock),
    directDebitProvider: { name: 'sandbox', client: gc.client },
  });
  return apiClient(t, siteHost.myAccount);
}

const freezePath = (id: number) => `/api/my-account/memberships/${id}/freeze`;

/** Counts the provider's cancel calls, which the sandbox does not count. */
function countCancels(client: TestGoCardless['client']) {
  const calls: string[] = [];
  const cancel = client.cancelPayment;
  client.cancelPayment = (id) => {
    calls.push(id);
    return cancel(id);
  };
  return calls;
}

// Each test starts an app and the provider's sandbox: slow on a busy two-core machine.
describe('freezing a monthly membership', { timeout: 120_000 }, () => {
  it('offers the operator’s rules and the billing dates a freeze may start on', async () => {
    const api = await start();
    const { member, gym } = await monthlyGymMember(t!);
    const offer = await api.as(member).get<{
      rules: object;
      startDates: { date: string }[];
      freeze: null;
    }>(freezePath(gym));
    expect(offer.status).toBe(200);
    expect(offer.data.rules).toMatchObject({ minMonths: 1, maxMonths: 3, noticeDays: 7 });
    expect(offer.data.startDates.map((start) => start.date).slice(0, 3)).toEqual([
      '2026-12-15',
      '2027-01-15',
      '2027-02-15',
    ]);
    expect(offer.data.freeze).toBeNull();
  });

  it('replaces a requested collection in the freeze with the fee, each provider call made once', async () => {
    const api = await start();
    const cancels = countCancels(gc!.client);
    const { member, gym } = await memberPayingByDirectDebit(t!, gc!, '2026-12-15');
    await t!.services().directDebit.settle();
    const [requested] = await collectionsOf(t!, gym);
    expect(requested).toMatchObject({ amountPence: 3000, status: 'pending_submission' });

    const answer = await api
      .as(member)
      .post<{ freeze: { prettyEndsOn: string; state: string } }>(freezePath(gym), {
        starts_on: '2026-12-15',
        months: 2,
      });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.data.freeze).toMatchObject({ prettyEndsOn: '15 Feb 2027', state: 'scheduled' });

    // Asking again (a double click, a retry) changes nothing.
    const again = await api.as(member).post(freezePath(gym), { starts_on: '2026-12-15', months: 2 });
    expect(again.status).toBe(409);
    expect(again.message).toBe('This membership already has a freeze. End it before asking for another.');

    // The settle job, run twice (two instances in turn): one cancel, one new payment of £5.
    await t!.services().directDebit.settle();
    await t!.services().directDebit.settle();
    expect(cancels).toEqual([requested!.paymentId]);
    const rows = await collectionsOf(t!, gym);
    expect(rows.map((row) => [row.billingDate, row.amountPence, row.status])).toEqual([
      ['2026-12-15', 3000, 'cancelled'],
      ['2026-12-15', 500, 'pending_submission'],
    ]);
    expect(gc!.sandbox.engine.counts()).toMatchObject({ payments: 2 });
    expect((await gc!.client.getPayment(requested!.paymentId!)).status).toBe('cancelled');

    // The member is told: the freeze confirmed, and the new amount's advance notice.
    const subjects = (await t!.services().email.list()).map((email) => email.subject);
    expect(subjects.filter((subject) => subject === 'Your membership freeze is confirmed')).toHaveLength(1);
    expect(subjects).toContain('Your Direct Debit payment of £5.00 on 15 Dec 2026');

    const events = await t!.database.db
      .select()
      .from(membershipEvents)
      .where(eq(membershipEvents.customerMembershipId, gym));
    expect(events.map((event) => event.kind)).toEqual(['freeze_scheduled']);

    const held = await api.as(member).heldMemberships();
    const shown = held.data.find((row) => row.id === gym) as unknown as {
      freeze: object;
      canFreeze: boolean;
    };
    expect(shown.freeze).toMatchObject({ prettyStartsOn: '15 Dec 2026', prettyLastDay: '14 Feb 2027' });
    expect(shown.canFreeze).toBe(false);
  });

  it('collects nothing in the freeze when the operator charges no fee, and schedules the months after at the price', async () => {
    const api = await start();
    await t!.database.db.execute(sql`UPDATE operators SET freeze_monthly_fee_pence = 0`);
    const { member, gym } = await memberPayingByDirectDebit(t!, gc!, '2026-12-15');
    expect((await api.as(member).post(freezePath(gym), { starts_on: '2026-12-15', months: 1 })).status).toBe(
      200,
    );
    await t!.services().directDebit.settle();
    // Nothing requested for the frozen date, no payment at the provider.
    expect((await collectionsOf(t!, gym)).map((row) => [row.amountPence, row.status, row.paymentId])).toEqual(
      [[0, 'skipped', null]],
    );
    expect(gc!.sandbox.engine.counts()).toMatchObject({ payments: 0 });
    // 5 January: the month after the freeze is made ahead at the price again.
    clock = '2027-01-05T10:00:00Z';
    await t!.services().directDebit.settle();
    expect(
      (await collectionsOf(t!, gym)).map((row) => [row.billingDate, row.amountPence, row.status]),
    ).toEqual([
      ['2026-12-15', 0, 'skipped'],
      ['2027-01-15', 3000, 'pending_submission'],
    ]);
  });

  it('moves the end date of a membership that has one, and back when the freeze is withdrawn', async () => {
    const api = await start();
    const { member, gym } = await monthlyGymMember(t!);
    await t!.database.db
      .update(customerMemberships)
      .set({ endDate: '2027-06-14' })
      .where(eq(customerMemberships.id, gym));
    const frozen = await api.as(member).post<{ prettyEndDate: string }>(freezePath(gym), {
      starts_on: '2027-01-15',
      months: 3,
    });
    expect(frozen.data.prettyEndDate).toBe('14 Sep 2027');
    const ended = await api
      .as(member)
      .post<{ prettyEndDate: string; message: string }>(`${freezePath(gym)}/end`);
    expect(ended.status).toBe(200);
    expect(ended.data).toMatchObject({
      prettyEndDate: '14 Jun 2027',
      message: 'Your freeze is cancelled. Your usual payments carry on.',
    });
    const [freeze] = await t!.database.db.select().from(membershipFreezes);
    expect(freeze!.status).toBe('withdrawn');
    // Ending it again: nothing left to end.
    expect((await api.as(member).post(`${freezePath(gym)}/end`)).status).toBe(409);
  });

  it('refuses, with the reason and nothing changed: the limits, the notice, other memberships', async () => {
    const api = await start();
    const { member, gym } = await monthlyGymMember(t!);
    const ask = (body: object, id = gym, who = member) => api.as(who).post(freezePath(id), body);
    const tooLong = await ask({ starts_on: '2026-12-15', months: 4 });
    expect(tooLong).toMatchObject({
      status: 422,
      errors: { months: ['A freeze is for 1 to 3 whole months.'] },
    });
    const notBilling = await ask({ starts_on: '2026-12-16', months: 1 });
    expect(notBilling.errors).toEqual({
      startsOn: ['A freeze starts on a billing date (the 15th of the month).'],
    });
    const noDate = await ask({ months: 1 });
    expect(noDate.status).toBe(422);
    const single = await heldMembership(t!, member, {
      slug: 'swim-unlimited',
      optionKey: 'three-months',
      startDate: '2026-10-01',
      endDate: '2026-12-31',
    });
    expect(await ask({ starts_on: '2026-12-15', months: 1 }, single)).toMatchObject({
      status: 409,
      message: 'Only a monthly membership can be frozen.',
    });
    const stranger = await createCustomer(t!);
    expect((await ask({ starts_on: '2026-12-15', months: 1 }, gym, stranger)).status).toBe(404);
    expect(await t!.database.db.select().from(membershipFreezes)).toEqual([]);
  });

  it('ends a running freeze early: the price again from the next billing date, recorded once', async () => {
    const api = await start();
    const { member, gym } = await monthlyGymMember(t!);
    expect((await api.as(member).post(freezePath(gym), { starts_on: '2026-12-15', months: 3 })).status).toBe(
      200,
    );
    clock = '2026-12-20T10:00:00Z'; // the freeze started on the 15th
    await t!.services().membershipFreeze.advance();
    await t!.services().membershipFreeze.advance();
    // A new login: the first session has long since timed out.
    const cookie = await loginCookie(t!, member.reference);
    const ended = await api.as(cookie).post<{ message: string }>(`${freezePath(gym)}/end`);
    expect(ended.data.message).toBe(
      'Your freeze has ended. Your usual payment is collected again from 15 Jan 2027.',
    );
    const [freeze] = await t!.database.db.select().from(membershipFreezes);
    expect(freeze).toMatchObject({ status: 'ended_early', endsOn: '2027-01-15', endedEarlyOn: '2026-12-20' });
    const kinds = (
      await t!.database.db
        .select()
        .from(membershipEvents)
        .where(eq(membershipEvents.customerMembershipId, gym))
    ).map((event) => event.kind);
    expect(kinds.sort()).toEqual(['freeze_ended', 'freeze_scheduled', 'frozen']);
  });
});
