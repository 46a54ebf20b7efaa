import type { MembershipExit } from '@lido/contracts/membership-exit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GoCardlessError } from '../src/providers/direct-debit/gocardless-client.ts';
import { apiClient } from './support/api.ts';
import type { TestCustomer } from './support/factories.ts';
import type { TestGoCardless } from './support/gocardless-sandbox.ts';
import { loginCookie, siteHost, type TestApp } from './support/test-app.ts';
import { joinNationalAllAccessMonthly, startAppWithGoCardless } from './support/direct-debit-member.ts';

// Issue 22 item 1 and 2: a member's Direct Debit stops at the provider, each call made once.
// Thursday 24 December 2026, as the Direct Debit tests count working days over Christmas.
const now = Date.parse('2026-12-24T09:00:00Z');

let t: TestApp | undefined;
let gc: TestGoCardless | undefined;
afterEach(async () => {
  await gc?.close();
  await t?.close();
  t = gc = undefined;
});

/** The app on the sandbox's clock, its provider calls counted; the first cancel of a payment can fail. */
async function start(options: { firstPaymentCancelFails?: boolean } = {}) {
  let failNext = options.firstPaymentCancelFails ?? false;
  const started = await startAppWithGoCardless(now, (real) => ({
    cancelPayment: vi.fn(async (id: string) => {
      if (failNext) {
        failNext = false;
        throw new GoCardlessError('unreachable', 'unreachable', 'connection reset');
      }
      return real.cancelPayment(id);
    }),
    cancelMandate: vi.fn((id: string) => real.cancelMandate(id)),
  }));
  ({ t, gc } = started);
  return started.calls;
}

/** A new member joins National All Access monthly from 15 January with new bank details (nothing to pay now). */
const joinMonthly = () => joinNationalAllAccessMonthly(t!);

/** My account as the member, logged in afresh (moving the clock on ends a session). */
const account = async (member: TestCustomer) =>
  apiClient(t!, siteHost.myAccount).as(await loginCookie(t!, member.reference));
const state = async (member: TestCustomer) => {
  const [instruction] = await t!.database.query<{ status: string; mandate_id: string; has: boolean }>(
    `SELECT i.status, i.mandate_id, c.has_direct_debit_instruction AS has
     FROM direct_debit_instructions i JOIN customers c ON c.id = i.customer_id WHERE i.customer_id = $1`,
    [member.id],
  );
  const collections = await t!.database.query<{ billing_date: string; status: string; payment_id: string }>(
    `SELECT d.billing_date::text, d.status, d.payment_id FROM direct_debit_collections d
     JOIN direct_debit_instructions i ON i.id = d.instruction_id WHERE i.customer_id = $1 ORDER BY d.billing_date`,
    [member.id],
  );
  return { instruction: instruction!, collections };
};

describe('a monthly member cancelling in the cooling-off period', () => {
  it(
    'has the Direct Debit payment and then the mandate cancelled at the provider, once each across instances',
    { timeout: 120_000 },
    async () => {
      const calls = await start({ firstPaymentCancelFails: true });
      const { member, membershipId } = await joinMonthly();
      const before = await state(member);
      expect(before.collections).toEqual([
        {
          billing_date: '2027-01-15',
          status: 'pending_submission',
          payment_id: expect.stringMatching(/^PM/),
        },
      ]);
      const shown = await (
        await account(member)
      ).get<MembershipExit>(`/api/my-account/memberships/${membershipId}/cancellation`);
      expect(shown.data).toMatchObject({
        kind: 'cooling_off',
        collectionsStopped: true,
        refund: { total: { formatted: '£0.00' } },
      });
      expect(shown.data.refund!.text).toBe(
        'Nothing has been paid for the days you have not used, so there is nothing to refund.',
      );
      const done = await (
        await account(member)
      ).post<MembershipExit>(`/api/my-account/memberships/${membershipId}/cancel`, {
        kind: 'cooling_off',
      });
      expect(done.status).toBe(200);
      // The provider was unreachable: the payment waits for the next run, and the mandate with it.
      expect(calls.cancelPayment).toHaveBeenCalledTimes(1);
      expect(calls.cancelMandate).not.toHaveBeenCalled();
      expect((await state(member)).collections[0]!.status).toBe('cancelling');

      // Two instances' minute jobs at once.
      const exits = t!.services().membershipExit;
      await Promise.all([exits.runJobs(), exits.runJobs()]);
      await Promise.all([exits.runJobs(), t!.services().directDebit.settle()]);
      await gc!.sandbox.settled();
      expect(calls.cancelPayment).toHaveBeenCalledTimes(2);
      expect(calls.cancelMandate).toHaveBeenCalledTimes(1);
      const after = await state(member);
      expect(after.instruction).toMatchObject({ status: 'cancelled', has: false });
      expect(after.collections[0]!.status).toBe('cancelled');
      expect((await gc!.client.getPayment(before.collections[0]!.payment_id)).status).toBe('cancelled');
      expect((await gc!.client.getMandate(after.instruction.mandate_id)).status).toBe('cancelled');
      // A mandate we cancelled is no problem to tell the member about.
      const mail = (await t!.services().email.list()).filter((message) => message.to === member.email);
      expect(mail.map((message) => message.subject)).not.toContain('Your Direct Debit could not be set up');
      const [membership] = await t!.database.query<{ payment_problem: string | null; status: string }>(
        'SELECT payment_problem, status FROM customer_memberships WHERE id = $1',
        [membershipId],
      );
      expect(membership).toEqual({ payment_problem: null, status: 'cancelled' });
    },
  );
});

describe('a monthly member cancelling with notice', () => {
  it(
    'keeps the last collection, makes none after it, and cancels the mandate once it is collected',
    { timeout: 120_000 },
    async () => {
      const calls = await start();
      const { member, membershipId } = await joinMonthly();
      // Friday 8 January 2027: the cooling-off period ended on the 7th.
      gc!.sandbox.advanceWorkingDays(8);
      await gc!.sandbox.settled();
      const shown = await (
        await account(member)
      ).get<MembershipExit>(`/api/my-account/memberships/${membershipId}/cancellation`);
      expect(shown.data, JSON.stringify(shown.body)).toMatchObject({
        kind: 'notice',
        lastDay: '2027-02-14',
        lastCollection: { date: '2027-01-15', amount: { formatted: '£45.99' }, taken: false },
      });
      const done = await (
        await account(member)
      ).post(`/api/my-account/memberships/${membershipId}/cancel`, {
        kind: 'notice',
      });
      expect(done.status).toBe(200);
      expect(calls.cancelPayment).not.toHaveBeenCalled();
      expect(calls.cancelMandate).not.toHaveBeenCalled();

      // Into February: the January collection is paid, February's is never made, the mandate goes.
      for (let week = 0; week < 4; week += 1) {
        gc!.sandbox.advanceWorkingDays(5);
        await gc!.sandbox.settled();
        await t!.services().directDebit.settle();
        await Promise.all([t!.services().membershipExit.runJobs(), t!.services().membershipExit.runJobs()]);
      }
      const after = await state(member);
      expect(after.collections.map((collection) => collection.billing_date)).toEqual(['2027-01-15']);
      expect(['confirmed', 'paid_out']).toContain(after.collections[0]!.status);
      expect(calls.cancelMandate).toHaveBeenCalledTimes(1);
      expect(after.instruction).toMatchObject({ status: 'cancelled', has: false });
      // Its last day, 14 February, passes: the membership is closed.
      expect(after.collections).toHaveLength(1);
      gc!.sandbox.advanceWorkingDays(6);
      await t!.services().membershipExit.runJobs();
      const [membership] = await t!.database.query<{ status: string }>(
        'SELECT status FROM customer_memberships WHERE id = $1',
        [membershipId],
      );
      expect(membership!.status).toBe('cancelled');
    },
  );
});
