import { addDays, addMonths, todayIn } from '@lido/pricing/calendar-date';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import {
  customerMemberships,
  customers,
  directDebitCollections,
  directDebitInstructions,
  membershipEvents,
  membershipTypes,
  paymentOptions,
  venues,
} from '../schema.ts';

/**
 * Issue 22 item 4's demo: Robin Hale, a monthly Gym Anytime member at Castlefield whose last
 * Direct Debit payment failed, so the Dashboard shows what is owed and "Pay now". Kept apart from
 * the other demo members (the freeze and exit journeys use Priya).
 */
const demoArrearsMember = {
  reference: 'C100009',
  email: 'robin.hale@example.org',
  firstName: 'Robin',
  lastName: 'Hale',
  dateOfBirth: '1991-02-17',
  addressLineOne: '30 Seymour Grove',
  town: 'Manchester',
  postcode: 'M16 0LN',
} as const;

/**
 * The failed payment's billing date: about a week ago, on a day a billing day can be (1 to 28), so
 * the next month's collection is more than the 14 days ahead the schedule makes collections.
 */
export function demoFailedBillingDate(today: string): string {
  let date = addDays(today, -6);
  while (Number(date.slice(8, 10)) > 28) date = addDays(date, -1);
  return date;
}

export async function seedDemoArrears(
  db: Executor,
  input: { passwordHash: string; operatorId: number; timeZone: string; now: Date },
): Promise<void> {
  const [castlefield] = await db
    .select({ id: venues.id })
    .from(venues)
    .where(eq(venues.slug, 'castlefield-leisure-centre'));
  const [option] = await db
    .select({ id: paymentOptions.id, typeId: membershipTypes.id, price: paymentOptions.pricePence })
    .from(paymentOptions)
    .innerJoin(membershipTypes, eq(membershipTypes.id, paymentOptions.membershipTypeId))
    .where(and(eq(membershipTypes.slug, 'gym-anytime'), eq(paymentOptions.key, 'monthly')));
  if (!castlefield || !option) throw new Error('The arrears demo needs Gym Anytime monthly at Castlefield');
  const failedOn = demoFailedBillingDate(todayIn(input.timeZone, input.now));
  const billingDay = Number(failedOn.slice(8, 10));
  const startDate = addMonths(failedOn, -2);

  const [robin] = await db
    .insert(customers)
    .values({
      ...demoArrearsMember,
      operatorId: input.operatorId,
      passwordHash: input.passwordHash,
      homeVenueId: castlefield.id,
      hasDirectDebitInstruction: true,
      billingDay,
    })
    .returning({ id: customers.id });
  const [membership] = await db
    .insert(customerMemberships)
    .values({
      customerId: robin!.id,
      membershipTypeId: option.typeId,
      paymentOptionId: option.id,
      homeVenueId: castlefield.id,
      status: 'active',
      startDate,
      endDate: null,
      billingDay,
      pricePence: option.price,
      paymentProblem: 'payment_failed',
    })
    .returning({ id: customerMemberships.id });
  // A mandate only this demo row knows: nothing is requested on it until next month's collection.
  const [instruction] = await db
    .insert(directDebitInstructions)
    .values({
      customerId: robin!.id,
      provider: 'sandbox',
      billingRequestId: 'BRQ-demo-robin-hale',
      mandateId: 'MD-demo-robin-hale',
      reference: 'LIDO-ROBINHALE',
      status: 'active',
      accountHolder: 'Robin Hale',
      accountNumberEnding: '42',
      sortCodeEnding: '00',
      bankName: 'Demo Bank',
      confirmationDueBy: startDate,
      confirmationSentAt: input.now,
    })
    .returning({ id: directDebitInstructions.id });
  const paidOn = addMonths(failedOn, -1);
  await db.insert(directDebitCollections).values([
    {
      instructionId: instruction!.id,
      customerMembershipId: membership!.id,
      description: 'Gym Anytime, monthly',
      amountPence: option.price,
      billingDate: paidOn,
      chargeDate: paidOn,
      paymentId: 'PM-demo-robin-hale-1',
      status: 'paid_out',
    },
    {
      instructionId: instruction!.id,
      customerMembershipId: membership!.id,
      description: 'Gym Anytime, monthly',
      amountPence: option.price,
      billingDate: failedOn,
      chargeDate: failedOn,
      paymentId: 'PM-demo-robin-hale-2',
      status: 'failed',
      failureReason: 'insufficient_funds',
    },
  ]);
  await db.insert(membershipEvents).values({
    customerMembershipId: membership!.id,
    kind: 'payment_failed',
    occurredAt: new Date(`${addDays(failedOn, 1)}T09:00:00Z`),
    amountPence: option.price,
    detail: { billingDate: failedOn, status: 'failed', cause: 'insufficient_funds' },
    dedupeKey: `demo:robin-hale:${failedOn}:failed`,
  });
}
