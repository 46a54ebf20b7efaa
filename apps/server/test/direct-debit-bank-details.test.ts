import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from './support/api.ts';
import { createCustomer, type TestCustomer } from './support/factories.ts';
import type { TestGoCardless } from './support/gocardless-sandbox.ts';
import { loginCookie, siteHost, type TestApp } from './support/test-app.ts';
import { joinNationalAllAccessMonthly, startAppWithGoCardless } from './support/direct-debit-member.ts';

// Issue 22 item 4: a member replaces their bank details online; each provider call made once.
// Thursday 24 December 2026; the first collection is on Friday 15 January 2027.
const now = Date.parse('2026-12-24T09:00:00Z');

let t: TestApp | undefined;
let gc: TestGoCardless | undefined;
afterEach(async () => {
  await gc?.close();
  await t?.close();
  t = gc = undefined;
});

async function start() {
  const started = await startAppWithGoCardless(now, (real) => ({
    createBillingRequest: vi.fn(real.createBillingRequest),
    billingRequestAction: vi.fn(real.billingRequestAction),
    cancelPayment: vi.fn(real.cancelPayment),
    cancelMandate: vi.fn(real.cancelMandate),
  }));
  ({ t, gc } = started);
  return started.calls;
}

const joinMonthly = async (): Promise<TestCustomer> => (await joinNationalAllAccessMonthly(t!)).member;

const account = async (member: TestCustomer) =>
  apiClient(t!, siteHost.myAccount).as(await loginCookie(t!, member.reference));
const newDetails = (changeKey: string, accountNumber = '66374958') => ({
  accountHolder: 'Alex Smith',
  accountDetails: { sortCode: '08-99-99', accountNumber },
  holderConfirmed: true,
  changeKey,
});
const instructions = async (member: TestCustomer) =>
  t!.database.query<{
    id: number;
    status: string;
    mandate_id: string | null;
    replaces_instruction_id: number | null;
  }>(
    `SELECT id, status, mandate_id, replaces_instruction_id FROM direct_debit_instructions
     WHERE customer_id = $1 ORDER BY id`,
    [member.id],
  );
const collections = async (member: TestCustomer) =>
  t!.database.query<{ instruction_id: number; status: string; payment_id: string | null }>(
    `SELECT d.instruction_id, d.status, d.payment_id FROM direct_debit_collections d
     JOIN direct_debit_instructions i ON i.id = d.instruction_id WHERE i.customer_id = $1 ORDER BY d.id`,
    [member.id],
  );

describe('new bank details online', () => {
  it(
    'make one new mandate from twenty concurrent submissions, move the collection to it and cancel the old mandate once',
    { timeout: 120_000 },
    async () => {
      const calls = await start();
      const member = await joinMonthly();
      const [old] = await instructions(member);
      const [first] = await collections(member);
      expect(first).toMatchObject({ instruction_id: old!.id, status: 'pending_submission' });
      const mandatesBefore = gc!.sandbox.engine.counts().mandates;
      for (const call of Object.values(calls)) call.mockClear();
      const me = await account(member);

      // An account the bank check refuses (modulus): a clear 422, nothing made.
      const refused = await me.post(
        '/api/my-account/direct-debit/bank-details',
        newDetails(randomUUID(), '66374959'),
      );
      expect(refused.status).toBe(422);
      expect(await instructions(member)).toHaveLength(1);
      expect(calls.createBillingRequest).not.toHaveBeenCalled();

      // A double submission from two tabs at once: ten of each form.
      const [keyA, keyB] = [randomUUID(), randomUUID()];
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          me.post('/api/my-account/direct-debit/bank-details', newDetails(index % 2 ? keyA : keyB)),
        ),
      );
      for (const answer of answers) expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status);
      expect(answers.some((answer) => answer.status === 200)).toBe(true);
      const after = await instructions(member);
      expect(after).toHaveLength(2);
      expect(after[1]).toMatchObject({
        replaces_instruction_id: old!.id,
        mandate_id: expect.stringMatching(/^MD/),
      });
      expect(calls.createBillingRequest).toHaveBeenCalledTimes(1);
      expect(calls.billingRequestAction.mock.calls.filter(([, name]) => name === 'fulfil')).toHaveLength(1);
      expect(gc!.sandbox.engine.counts().mandates).toBe(mandatesBefore + 1);

      // Two instances' minute jobs, twice: the old payment cancelled once, the collection made
      // again on the new mandate, then the old mandate cancelled once.
      for (let run = 0; run < 2; run += 1)
        await Promise.all([t!.services().directDebit.settle(), t!.services().directDebit.settle()]);
      await gc!.sandbox.settled();
      expect(calls.cancelPayment).toHaveBeenCalledTimes(1);
      expect(calls.cancelMandate).toHaveBeenCalledTimes(1);
      expect(calls.cancelMandate).toHaveBeenCalledWith(old!.mandate_id);
      const moved = await collections(member);
      expect(moved).toEqual([
        { instruction_id: old!.id, status: 'cancelled', payment_id: first!.payment_id },
        {
          instruction_id: after[1]!.id,
          status: 'pending_submission',
          payment_id: expect.stringMatching(/^PM/),
        },
      ]);
      const payment = await gc!.client.getPayment(moved[1]!.payment_id!);
      expect(payment.links?.mandate).toBe(after[1]!.mandate_id);
      expect((await instructions(member))[0]!.status).toBe('cancelled');

      // The member is told once, with the new account masked; our own cancel is no problem to report.
      const mail = (await t!.services().email.list()).filter((message) => message.to === member.email);
      const changed = mail.filter((message) => message.subject.includes('now uses your new bank details'));
      expect(changed).toHaveLength(1);
      expect(changed[0]!.text).toContain('Sort code: **-**-99');
      expect(changed[0]!.text).toContain('account ending 11');
      expect(mail.map((message) => message.subject)).not.toContain('Your Direct Debit could not be set up');
      const shown = await me.get<{ instruction: { accountNumber: string; sortCode: string } }>(
        '/api/my-account/direct-debit',
      );
      expect(shown.data.instruction).toMatchObject({ accountNumber: '******58', sortCode: '**-**-99' });

      // The same form sent again later changes nothing.
      const [{ change_key: made }] = (await t!.database.query<{ change_key: string }>(
        'SELECT change_key FROM direct_debit_instructions WHERE id = $1',
        [after[1]!.id],
      )) as [{ change_key: string }];
      expect([keyA, keyB]).toContain(made);
      const again = await me.post('/api/my-account/direct-debit/bank-details', newDetails(made));
      expect(again.status).toBe(200);
      expect(await instructions(member)).toHaveLength(2);
      expect(calls.createBillingRequest).toHaveBeenCalledTimes(1);
    },
  );

  it("can't be used on someone else's Direct Debit, nor without one", { timeout: 120_000 }, async () => {
    await start();
    const member = await joinMonthly();
    const key = randomUUID();
    expect(
      (await (await account(member)).post('/api/my-account/direct-debit/bank-details', newDetails(key)))
        .status,
    ).toBe(200);
    const other = await createCustomer(t!);
    const them = await account(other);
    // Their form's key, or a fresh one: nothing of the member's changes, and they have no Direct Debit.
    const taken = await them.post('/api/my-account/direct-debit/bank-details', newDetails(key));
    expect(taken.status).toBe(409);
    const none = await them.post('/api/my-account/direct-debit/bank-details', newDetails(randomUUID()));
    expect(none.status).toBe(409);
    expect((none.body as { message: string }).message).toBe(
      'You don’t have a Direct Debit whose bank details can be changed.',
    );
    expect(await instructions(other)).toHaveLength(0);
    expect(await instructions(member)).toHaveLength(2);
    // Bad input: a clear 422 naming the field.
    const bad = await them.post('/api/my-account/direct-debit/bank-details', {
      ...newDetails(randomUUID()),
      accountHolder: '',
    });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('Enter the account holder’s name, at least 2 characters');
    const guest = await apiClient(t!, siteHost.myAccount).guest.post(
      '/api/my-account/direct-debit/bank-details',
      newDetails(randomUUID()),
    );
    expect(guest.status).toBe(401);
  });
});
