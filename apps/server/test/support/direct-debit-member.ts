import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { directDebitCollections, directDebitInstructions } from '../../src/db/schema.ts';
import type { GoCardlessClient } from '../../src/providers/direct-debit/gocardless-client.ts';
import { apiClient } from './api.ts';
import { catalogueAt, createCustomer, monthlyGymMember, type TestCustomer } from './factories.ts';
import { startTestGoCardless, type TestGoCardless } from './gocardless-sandbox.ts';
import { createTestApp, siteHost, type TestApp } from './test-app.ts';

let made = 0;

/**
 * A member like the demo's Priya (Gym Anytime, £30.00 on the 15th) whose instruction is a real
 * mandate at the sandbox, with one collection waiting for `billingDate`: the settle job requests it.
 */
export async function memberPayingByDirectDebit(t: TestApp, gc: TestGoCardless, billingDate: string) {
  const { member, gym } = await monthlyGymMember(t);
  made += 1;
  const customer = await gc.client.createCustomer({
    given_name: member.firstName,
    family_name: 'Member',
    email: member.email,
  });
  const account = await gc.client.createCustomerBankAccount({
    account_holder_name: `${member.firstName} Member`,
    account_number: '55779911',
    branch_code: '200000',
    country_code: 'GB',
    links: { customer: customer.id! },
  });
  const mandate = await gc.client.createMandate({
    scheme: 'bacs',
    links: { customer_bank_account: account.id! },
  });
  const [instruction] = await t.database.db
    .insert(directDebitInstructions)
    .values({
      customerId: member.id,
      provider: 'sandbox',
      billingRequestId: `BRQ-test-${made}-${member.id}`,
      mandateId: mandate.id!,
      reference: mandate.reference ?? null,
      status: mandate.status ?? 'pending_submission',
      accountHolder: `${member.firstName} Member`,
      accountNumberEnding: '11',
      sortCodeEnding: '00',
      confirmationDueBy: billingDate,
      confirmationSentAt: new Date(),
    })
    .returning();
  await t.database.db.insert(directDebitCollections).values({
    instructionId: instruction!.id,
    customerMembershipId: gym,
    description: 'Gym Anytime',
    amountPence: 3000,
    billingDate,
  });
  return { member, gym, instruction: instruction! };
}

/** A membership's collections in billing order, replaced ones first for each date. */
export async function collectionsOf(t: TestApp, membershipId: number) {
  const rows = await t.database.db
    .select()
    .from(directDebitCollections)
    .where(eq(directDebitCollections.customerMembershipId, membershipId));
  return rows.sort((a, b) => a.billingDate.localeCompare(b.billingDate) || a.id - b.id);
}

/**
 * The app on a Direct Debit sandbox's clock, its webhooks posted to the app; `spy` wraps the
 * client calls a test counts or breaks (the rest go to the sandbox as they are).
 */
export async function startAppWithGoCardless<Spies extends Partial<GoCardlessClient>>(
  now: number,
  spy: (real: GoCardlessClient) => Spies,
): Promise<{ t: TestApp; gc: TestGoCardless; calls: Spies }> {
  // The webhook poster is made before the app it posts to.
  const started: { app?: TestApp } = {};
  const gc = await startTestGoCardless({
    now: () => now,
    postWebhook: async (body, headers) =>
      (
        await started.app!.app.inject({
          method: 'POST',
          url: '/api/webhooks/gocardless',
          headers: { host: siteHost.myAccount, 'content-type': 'application/json', ...headers },
          payload: body,
        })
      ).statusCode,
  });
  const calls = spy(gc.client);
  started.app = await createTestApp({
    now: () => new Date(gc.sandbox.engine.now()),
    directDebitProvider: { name: 'sandbox', client: { ...gc.client, ...calls } },
  });
  return { t: started.app, gc, calls };
}

/**
 * A new member joins National All Access monthly from 15 January 2027 (billing on the 15th) with
 * new bank details in `accountHolder`'s name (the sandbox fails payments of "Payment Failed"): the
 * order is answered, and its mandate is still being set up behind it (decision 0065).
 */
export async function orderNationalAllAccessMonthly(
  t: TestApp,
  accountHolder = 'Alex Smith',
): Promise<{ member: TestCustomer; completed: { status: number } }> {
  const member = await createCustomer(t);
  const joining = apiClient(t).as(member);
  const at = await catalogueAt(t);
  const line = at.item({ slug: 'national-all-access', startDate: '2027-01-15', billingDay: 15 });
  const stored = await joining.post<{ cartId: number }>('/api/memberships/online-joining/store', {
    home_venue_id: line.options.venue_id,
    membership_type_id: line.id,
    payment_option_id: line.pricing_option_id,
    start_date: '2027-01-15',
    billing_day: 15,
    account_holder: accountHolder,
    account_details: { sort_code: '200000', account_number: '55779911' },
    dd_terms_accepted: true,
  });
  expect(stored.status, JSON.stringify(stored.body)).toBe(201);
  const terms = (await joining.terms(stored.data.cartId)).data.data.map((term) => term.id);
  const completed = await joining.post('/api/checkout/complete', { terms, source: 'online-joining' });
  return { member, completed };
}

/** As `orderNationalAllAccessMonthly`, once the order's set-up and then the minute job's have run. */
export async function joinNationalAllAccessMonthly(
  t: TestApp,
  accountHolder = 'Alex Smith',
): Promise<{ member: TestCustomer; membershipId: number }> {
  const { member, completed } = await orderNationalAllAccessMonthly(t, accountHolder);
  expect(completed.status).toBe(200);
  await t.services().checkout.settled();
  await t.services().directDebit.settle();
  const [row] = await t.database.query<{ id: number }>(
    'SELECT id FROM customer_memberships WHERE customer_id = $1',
    [member.id],
  );
  return { member, membershipId: row!.id };
}
