import { workingDaysBetween } from '@lido/pricing/working-days';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GcEvent } from '../src/providers/direct-debit/gocardless-client.ts';
import { apiClient } from './support/api.ts';
import type { TestCustomer } from './support/factories.ts';
import type { TestGoCardless } from './support/gocardless-sandbox.ts';
import { loginCookie, siteHost, type TestApp } from './support/test-app.ts';
import { joinNationalAllAccessMonthly, startAppWithGoCardless } from './support/direct-debit-member.ts';

// Issue 22 item 4: a failed collection re-presented at most once, the member told first.
// Thursday 24 December 2026; the first collection is on Friday 15 January 2027.
const now = Date.parse('2026-12-24T09:00:00Z');

let t: TestApp | undefined;
let gc: TestGoCardless | undefined;
afterEach(async () => {
  await gc?.close();
  await t?.close();
  t = gc = undefined;
});

/** The app on the sandbox's clock, its retries counted. */
async function start() {
  const started = await startAppWithGoCardless(now, (real) => ({ retryPayment: vi.fn(real.retryPayment) }));
  ({ t, gc } = started);
  return started.calls;
}

/** A member joins National All Access monthly from 15 January; this account holder's payments all fail. */
const joinMonthly = async (): Promise<TestCustomer> =>
  (await joinNationalAllAccessMonthly(t!, 'Payment Failed')).member;

const collection = async (member: TestCustomer) => {
  const [row] = await t!.database.query<{
    id: number;
    status: string;
    payment_id: string;
    charge_date: string;
    representation: string | null;
    represent_on: string | null;
  }>(
    `SELECT d.id, d.status, d.payment_id, d.charge_date::text, d.representation, d.represent_on::text
     FROM direct_debit_collections d JOIN direct_debit_instructions i ON i.id = d.instruction_id
     WHERE i.customer_id = $1 AND d.billing_date = '2027-01-15'`,
    [member.id],
  );
  return row!;
};
const mailTo = async (member: TestCustomer) =>
  (await t!.services().email.list()).filter((message) => message.to === member.email).map((m) => m.subject);

/** On to Friday 15 January 2027, when the bank fails the first collection, its webhook applied. */
async function failFirstCollection() {
  gc!.sandbox.advanceWorkingDays(13);
  await gc!.sandbox.settled();
  expect(gc!.sandbox.engine.today()).toBe('2027-01-15');
}

describe('a failed Direct Debit collection', () => {
  it(
    'is re-presented once, 3 working days after the member is told, and a second failure leaves it owed',
    { timeout: 120_000 },
    async () => {
      const calls = await start();
      const member = await joinMonthly();
      await failFirstCollection();

      // Planned with the failure: the member's email (amount and date) is queued before any retry.
      const failed = await collection(member);
      expect(failed).toMatchObject({
        status: 'failed',
        representation: 'planned',
        represent_on: '2027-01-20',
      });
      expect(calls.retryPayment).not.toHaveBeenCalled();
      // Bacs advance notice: told on Friday 15th, at least 3 working days before Wednesday 20th.
      expect(workingDaysBetween(gc!.sandbox.engine.today(), failed.represent_on!)).toBe(3);
      expect(await mailTo(member)).toContain(
        'We will try your Direct Debit payment of £45.99 again on 20 Jan 2027',
      );
      const view = await apiClient(t!, siteHost.myAccount)
        .as(await loginCookie(t!, member.reference))
        .get<{
          collections: { statusLabel: string }[];
        }>('/api/my-account/direct-debit');
      expect(view.data.collections[0]!.statusLabel).toBe('Failed: we will collect it again on 20 Jan 2027');

      // Twenty instances' minute jobs at once: one retry at the provider.
      await Promise.all(Array.from({ length: 20 }, () => t!.services().directDebit.settle()));
      expect(calls.retryPayment).toHaveBeenCalledTimes(1);
      expect(calls.retryPayment.mock.calls[0]![2]).toBe(`lido-representation-${failed.id}`);
      const retried = await gc!.client.getPayment(failed.payment_id);
      expect(retried).toMatchObject({ status: 'pending_submission', charge_date: '2027-01-20' });
      await gc!.sandbox.settled();
      expect(await collection(member)).toMatchObject({
        status: 'pending_submission',
        representation: 'sent',
        charge_date: '2027-01-20',
      });

      // The failure webhook delivered again changes nothing and plans nothing.
      const [failure] = gc!.sandbox.engine
        .events({ payment: failed.payment_id })
        .filter((event) => event.action === 'failed');
      expect(await t!.services().directDebit.applyWebhook([failure as GcEvent])).toEqual(['duplicate']);

      // Wednesday 20 January: it fails again. It stays owed, the member is emailed once, no retry.
      gc!.sandbox.advanceWorkingDays(3);
      await gc!.sandbox.settled();
      for (let run = 0; run < 3; run += 1) await t!.services().directDebit.settle();
      expect(calls.retryPayment).toHaveBeenCalledTimes(1);
      expect(await collection(member)).toMatchObject({ status: 'failed', representation: 'sent' });
      const subjects = await mailTo(member);
      expect(
        subjects.filter((subject) => subject === 'Your Direct Debit payment of £45.99 failed again'),
      ).toHaveLength(1);
      expect(subjects.filter((subject) => subject.startsWith('We will try'))).toHaveLength(1);
      const [membership] = await t!.database.query<{ payment_problem: string }>(
        'SELECT payment_problem FROM customer_memberships WHERE customer_id = $1',
        [member.id],
      );
      expect(membership!.payment_problem).toBe('payment_failed');
    },
  );

  it('is never re-presented once the member has paid it by card', { timeout: 120_000 }, async () => {
    const calls = await start();
    const member = await joinMonthly();
    await failFirstCollection();
    const failed = await collection(member);
    expect(failed.representation).toBe('planned');
    // The member pays it by card from the Dashboard (the arrears page marks it so).
    await t!.database.query(`UPDATE direct_debit_collections SET status = 'recovered' WHERE id = $1`, [
      failed.id,
    ]);
    await Promise.all([t!.services().directDebit.settle(), t!.services().directDebit.settle()]);
    expect(calls.retryPayment).not.toHaveBeenCalled();
    expect((await gc!.client.getPayment(failed.payment_id)).status).toBe('failed');
    // A late event from the bank does not make it owed again.
    const [failure] = gc!.sandbox.engine
      .events({ payment: failed.payment_id })
      .filter((event) => event.action === 'failed');
    await t!.services().directDebit.applyWebhook([{ ...failure, id: 'EV-LATE-REPEAT' } as GcEvent]);
    expect((await collection(member)).status).toBe('recovered');
  });

  it('is owed, not re-presented, when the operator does not retry', { timeout: 120_000 }, async () => {
    const calls = await start();
    const member = await joinMonthly();
    await t!.database.query('UPDATE operators SET failed_payment_retry = false');
    await failFirstCollection();
    expect(await collection(member)).toMatchObject({ status: 'failed', representation: null });
    await t!.services().directDebit.settle();
    expect(calls.retryPayment).not.toHaveBeenCalled();
    const subjects = await mailTo(member);
    expect(subjects).toContain('We could not collect your Direct Debit payment');
    expect(subjects.some((subject) => subject.startsWith('We will try'))).toBe(false);
  });
});
