import { addMonths, compareDates, todayIn } from '@lido/pricing/calendar-date';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import {
  customerMemberships,
  customers,
  directDebitCollections,
  directDebitInstructions,
  membershipTypes,
} from '../schema.ts';

/**
 * Issue 33 item 2: the records Priya's story implies. She joined Gym Anytime monthly on 1 March 2026
 * (the pro-rata to the 14th paid by card) and pays £30.00 by Direct Debit on the 15th, so she has a
 * working instruction and a collection paid on every 15th since, up to today. The collection engine
 * makes the next ones itself, 14 days ahead, from the latest of these (collection-schedule.ts).
 * Like Robin's (demo-arrears.ts), the mandate is the demo's own, unknown to a test's provider sandbox.
 */
export async function seedDemoDirectDebits(
  db: Executor,
  input: { timeZone: string; now: Date },
): Promise<void> {
  const [held] = await db
    .select({
      customerId: customers.id,
      membershipId: customerMemberships.id,
      startDate: customerMemberships.startDate,
      billingDay: customerMemberships.billingDay,
      pricePence: customerMemberships.pricePence,
      typeName: membershipTypes.name,
    })
    .from(customerMemberships)
    .innerJoin(customers, eq(customers.id, customerMemberships.customerId))
    .innerJoin(membershipTypes, eq(membershipTypes.id, customerMemberships.membershipTypeId))
    .where(and(eq(customers.reference, 'C100002'), eq(membershipTypes.slug, 'gym-anytime')));
  if (!held || held.billingDay === null) return;
  const today = todayIn(input.timeZone, input.now);
  const [instruction] = await db
    .insert(directDebitInstructions)
    .values({
      customerId: held.customerId,
      provider: 'sandbox',
      billingRequestId: 'BRQ-demo-priya-shah',
      mandateId: 'MD-demo-priya-shah',
      reference: 'LIDO-PRIYASHAH',
      status: 'active',
      accountHolder: 'Priya Shah',
      accountNumberEnding: '11',
      sortCodeEnding: '00',
      bankName: 'Demo Bank',
      confirmationDueBy: held.startDate,
      confirmationSentAt: new Date(`${held.startDate}T10:12:00Z`),
    })
    .returning({ id: directDebitInstructions.id });
  // Every billing date from the first after she joined up to today: each one collected.
  const first = `${held.startDate.slice(0, 8)}${String(held.billingDay).padStart(2, '0')}`;
  const paid: (typeof directDebitCollections.$inferInsert)[] = [];
  for (let date = first; compareDates(date, today) <= 0; date = addMonths(date, 1))
    paid.push({
      instructionId: instruction!.id,
      customerMembershipId: held.membershipId,
      description: `${held.typeName}, monthly`,
      amountPence: held.pricePence,
      billingDate: date,
      chargeDate: date,
      paymentId: `PM-demo-priya-shah-${date}`,
      status: 'paid_out',
      noticeSentAt: new Date(`${date}T09:00:00Z`),
    });
  if (paid.length > 0) await db.insert(directDebitCollections).values(paid);
}
