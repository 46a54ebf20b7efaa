import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  cartDirectDebits,
  customerMemberships,
  customers,
  directDebitCollections,
  directDebitInstructions,
  membershipFreezes,
  venues,
} from '../../db/schema.ts';

/** Every query of Direct Debit (decision 0022): the services decide, these read and write. */

export type InstructionRow = typeof directDebitInstructions.$inferSelect;
export type CollectionRow = typeof directDebitCollections.$inferSelect;
type HeldBillingRequest = Omit<typeof cartDirectDebits.$inferInsert, 'cartId' | 'createdAt'>;
type NewCollection = Pick<
  typeof directDebitCollections.$inferInsert,
  'instructionId' | 'customerMembershipId' | 'description' | 'amountPence' | 'billingDate' | 'status'
>;

/**
 * A collection waiting for its payment to be requested. `skipped` (nothing to collect, a freeze
 * without a fee) and `held` (waiting for the payment it replaces to be cancelled) are not.
 */
const awaitingRequest = and(
  isNull(directDebitCollections.paymentId),
  eq(directDebitCollections.status, 'scheduled'),
);
/** A collection replaced by another for its billing date, kept as history. */
const replacedStatuses = ['cancelling', 'cancel_sent', 'cancelled'];

// The customer's home venue (the merchant's address in the emails) and their instruction flag.
/** A Direct Debit email's reader and their home venue (the merchant's address), in one read. */
export async function contactWithHomeVenue(db: Executor, customerId: number) {
  const [found] = await db
    .select({
      email: customers.email,
      firstName: customers.firstName,
      venueName: venues.name,
      address1: venues.address1,
      town: venues.town,
      postcode: venues.postcode,
    })
    .from(customers)
    .leftJoin(venues, eq(venues.id, customers.homeVenueId))
    .where(eq(customers.id, customerId));
  return found;
}

/** The flag kept with the customer: set with a new instruction, cleared when the last one ends. */
export async function hasWorkingInstructionFlag(db: Executor, customerId: number): Promise<boolean> {
  const [customer] = await db
    .select({ hasInstruction: customers.hasDirectDebitInstruction })
    .from(customers)
    .where(eq(customers.id, customerId));
  return customer?.hasInstruction ?? false;
}

// The billing request a basket holds.

export async function heldBillingRequest(db: Executor, cartId: number) {
  const [held] = await db.select().from(cartDirectDebits).where(eq(cartDirectDebits.cartId, cartId));
  return held;
}

export async function holdBillingRequest(db: Executor, cartId: number, held: HeldBillingRequest) {
  await db
    .insert(cartDirectDebits)
    .values({ cartId, ...held })
    .onConflictDoUpdate({ target: cartDirectDebits.cartId, set: { ...held, createdAt: sql`now()` } });
}

/** Answers the billing request the basket held, if any. */
export async function releaseBillingRequest(db: Executor, cartId: number): Promise<string | undefined> {
  const [earlier] = await db
    .delete(cartDirectDebits)
    .where(eq(cartDirectDebits.cartId, cartId))
    .returning({ billingRequestId: cartDirectDebits.billingRequestId });
  return earlier?.billingRequestId;
}

// Instructions.

export async function findInstruction(db: Executor, id: number) {
  const [instruction] = await db
    .select()
    .from(directDebitInstructions)
    .where(eq(directDebitInstructions.id, id));
  return instruction;
}

/** The customer's instructions, newest first. */
export async function instructionsOf(db: Executor, customerId: number) {
  return db
    .select()
    .from(directDebitInstructions)
    .where(eq(directDebitInstructions.customerId, customerId))
    .orderBy(desc(directDebitInstructions.id));
}

export async function insertInstruction(
  db: Executor,
  values: typeof directDebitInstructions.$inferInsert,
): Promise<number> {
  const [created] = await db
    .insert(directDebitInstructions)
    .values(values)
    .returning({ id: directDebitInstructions.id });
  return created!.id;
}

export async function countSetupAttempt(db: Executor, id: number) {
  await db
    .update(directDebitInstructions)
    .set({ setupAttempts: sql`${directDebitInstructions.setupAttempts} + 1`, updatedAt: sql`now()` })
    .where(eq(directDebitInstructions.id, id));
}

export async function updateInstruction(
  db: Executor,
  id: number,
  values: Partial<
    Pick<
      InstructionRow,
      | 'mandateId'
      | 'billingRequestId'
      | 'bankName'
      | 'providerCustomerId'
      | 'providerBankAccountId'
      | 'reference'
      | 'status'
      | 'nextPossibleChargeDate'
      | 'failureReason'
    >
  >,
) {
  const [updated] = await db
    .update(directDebitInstructions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(directDebitInstructions.id, id))
    .returning();
  return updated;
}

/** Stamps the confirmation as sent unless it already was: true for the one caller that claimed it. */
export async function claimConfirmation(db: Executor, id: number, at: Date): Promise<boolean> {
  const [claimed] = await db
    .update(directDebitInstructions)
    .set({ confirmationSentAt: at })
    .where(and(eq(directDebitInstructions.id, id), isNull(directDebitInstructions.confirmationSentAt)))
    .returning({ id: directDebitInstructions.id });
  return claimed !== undefined;
}

/** Instructions with work left: a confirmation to send or a collection to request. */
export async function instructionsToSettle(db: Executor, customerId: number | undefined): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: directDebitInstructions.id })
    .from(directDebitInstructions)
    .leftJoin(directDebitCollections, eq(directDebitCollections.instructionId, directDebitInstructions.id))
    .where(
      and(
        customerId === undefined ? undefined : eq(directDebitInstructions.customerId, customerId),
        or(
          isNull(directDebitInstructions.confirmationSentAt),
          and(isNotNull(directDebitCollections.id), awaitingRequest),
        ),
      ),
    );
  return rows.map((row) => row.id);
}

/** The instruction of a mandate, locked for the webhook's transaction. */
export async function lockInstructionByMandate(db: Executor, mandateId: string) {
  const [found] = await db
    .select({ id: directDebitInstructions.id, status: directDebitInstructions.status })
    .from(directDebitInstructions)
    .where(eq(directDebitInstructions.mandateId, mandateId))
    .for('update');
  return found;
}

// Collections.

export async function insertCollection(
  db: Executor,
  values: NewCollection,
  options: { once?: boolean } = {},
) {
  const insert = db.insert(directDebitCollections).values(values);
  await (options.once ? insert.onConflictDoNothing() : insert);
}

/** A membership's collections, latest billing date first. */
export async function collectionsOfMembership(db: Executor, membershipId: number) {
  return db
    .select()
    .from(directDebitCollections)
    .where(eq(directDebitCollections.customerMembershipId, membershipId))
    .orderBy(desc(directDebitCollections.billingDate));
}

/** An instruction's collections in billing order; only those not yet requested with `unrequested`. */
export async function collectionsOfInstruction(
  db: Executor,
  instructionId: number,
  options: { unrequested?: boolean } = {},
) {
  return db
    .select()
    .from(directDebitCollections)
    .where(
      and(
        eq(directDebitCollections.instructionId, instructionId),
        options.unrequested ? awaitingRequest : undefined,
      ),
    )
    .orderBy(asc(directDebitCollections.billingDate));
}

/** A provider call claimed longer ago than this was left by a process that died. */
export const staleClaim = '10 minutes';

/**
 * Claims a collection to cancel at the provider: `cancelling` → `cancel_sent`, or a `cancel_sent`
 * claim older than ten minutes (its process died mid-call; the database's clock). True for the one caller that claimed
 * it, so two instances at once make the provider call once.
 */
export async function claimCollectionCancel(db: Executor, id: number): Promise<boolean> {
  const [claimed] = await db
    .update(directDebitCollections)
    .set({ status: 'cancel_sent', updatedAt: sql`now()` })
    .where(
      and(
        eq(directDebitCollections.id, id),
        or(
          eq(directDebitCollections.status, 'cancelling'),
          and(
            eq(directDebitCollections.status, 'cancel_sent'),
            sql`${directDebitCollections.updatedAt} < now() - ${staleClaim}::interval`,
          ),
        ),
      ),
    )
    .returning({ id: directDebitCollections.id });
  return claimed !== undefined;
}

/** Collections waiting to be cancelled at the provider, and claims left by a process that died. */
export async function collectionsToCancel(db: Executor) {
  return db
    .select()
    .from(directDebitCollections)
    .where(
      or(
        eq(directDebitCollections.status, 'cancelling'),
        and(
          eq(directDebitCollections.status, 'cancel_sent'),
          sql`${directDebitCollections.updatedAt} < now() - ${staleClaim}::interval`,
        ),
      ),
    );
}

export async function deleteCollection(db: Executor, id: number) {
  await db.delete(directDebitCollections).where(eq(directDebitCollections.id, id));
}

export async function updateCollection(
  db: Executor,
  id: number,
  values: Partial<
    Pick<
      CollectionRow,
      | 'paymentId'
      | 'chargeDate'
      | 'status'
      | 'failureReason'
      | 'amountPence'
      | 'representation'
      | 'representOn'
      | 'instructionId'
    >
  >,
) {
  const [saved] = await db
    .update(directDebitCollections)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(directDebitCollections.id, id))
    .returning();
  return saved;
}

/** Stamps the advance notice as sent unless it already was: true for the one caller that claimed it. */
export async function claimNotice(db: Executor, id: number, at: Date): Promise<boolean> {
  const [claimed] = await db
    .update(directDebitCollections)
    .set({ noticeSentAt: at })
    .where(and(eq(directDebitCollections.id, id), isNull(directDebitCollections.noticeSentAt)))
    .returning({ id: directDebitCollections.id });
  return claimed !== undefined;
}

/** Each membership's latest collection, with its instruction's and membership's state. */
export async function latestCollectionPerMembership(db: Executor) {
  const replacement = alias(directDebitInstructions, 'replacement');
  return db
    .selectDistinctOn([directDebitCollections.customerMembershipId], {
      collection: directDebitCollections,
      instructionStatus: directDebitInstructions.status,
      /** the instruction that took over from this one (new bank details), if any */
      replacement: { id: replacement.id, status: replacement.status },
      membershipStatus: customerMemberships.status,
      endDate: customerMemberships.endDate,
      pricePence: customerMemberships.pricePence,
    })
    .from(directDebitCollections)
    .innerJoin(directDebitInstructions, eq(directDebitInstructions.id, directDebitCollections.instructionId))
    .innerJoin(customerMemberships, eq(customerMemberships.id, directDebitCollections.customerMembershipId))
    .leftJoin(
      replacement,
      and(
        eq(replacement.replacesInstructionId, directDebitInstructions.id),
        inArray(replacement.takeover, ['moved', 'cancel_sent', 'done']),
      ),
    )
    .where(notInArray(directDebitCollections.status, replacedStatuses))
    .orderBy(directDebitCollections.customerMembershipId, desc(directDebitCollections.billingDate));
}

/** The live collections of a membership with billing dates in [from, to), locked, in date order. */
export async function liveCollectionsBetween(db: Executor, membershipId: number, from: string, to: string) {
  return db
    .select()
    .from(directDebitCollections)
    .where(
      and(
        eq(directDebitCollections.customerMembershipId, membershipId),
        gte(directDebitCollections.billingDate, from),
        lt(directDebitCollections.billingDate, to),
        notInArray(directDebitCollections.status, replacedStatuses),
      ),
    )
    .orderBy(asc(directDebitCollections.billingDate))
    .for('update');
}

/**
 * The collection held for a billing date while the payment it replaces is cancelled: `scheduled`
 * once that payment is cancelled, `cancelled` when it could not be (it was collected instead).
 */
export async function releaseHeldCollection(
  db: Executor,
  replaced: { customerMembershipId: number; billingDate: string },
  status: 'scheduled' | 'cancelled',
) {
  await db
    .update(directDebitCollections)
    .set({ status, updatedAt: sql`now()` })
    .where(
      and(
        eq(directDebitCollections.customerMembershipId, replaced.customerMembershipId),
        eq(directDebitCollections.billingDate, replaced.billingDate),
        eq(directDebitCollections.status, 'held'),
      ),
    );
}

/** The monthly fee of every freeze not yet over, by membership: what its billing dates collect. */
export async function openFreezes(db: Executor) {
  return db
    .select({
      customerMembershipId: membershipFreezes.customerMembershipId,
      startsOn: membershipFreezes.startsOn,
      endsOn: membershipFreezes.endsOn,
      monthlyFeePence: membershipFreezes.monthlyFeePence,
    })
    .from(membershipFreezes)
    .where(inArray(membershipFreezes.status, ['scheduled', 'active']));
}

/** The collection of a provider payment, locked for the webhook's transaction. */
export async function lockCollectionByPayment(db: Executor, paymentId: string) {
  const [found] = await db
    .select({ id: directDebitCollections.id, status: directDebitCollections.status })
    .from(directDebitCollections)
    .where(eq(directDebitCollections.paymentId, paymentId))
    .for('update');
  return found;
}
