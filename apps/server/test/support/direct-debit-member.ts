import { eq } from 'drizzle-orm';
import { directDebitCollections, directDebitInstructions } from '../../src/db/schema.ts';
import { monthlyGymMember } from './factories.ts';
import type { TestGoCardless } from './gocardless-sandbox.ts';
import type { TestApp } from './test-app.ts';

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
