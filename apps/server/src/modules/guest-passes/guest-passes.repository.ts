import { and, asc, between, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  activities,
  activityPrices,
  activitySessions,
  cartBookingLines,
  customerMemberships,
  guestPassUses,
  membershipBenefits,
  membershipTypes,
  venues,
} from '../../db/schema.ts';

/**
 * Every query of guest passes (decision 0050). A pass is spent by a row of guest_pass_uses; the
 * passes a membership has spent in a period are its held and used rows with a visit date in it,
 * counted after taking the membership's row lock, so two spenders of the last pass are serialised
 * and the second counts the first's row.
 */

/** The customer's memberships active on `date` whose type grants guest passes, oldest first. */
export async function guestPassMemberships(db: Executor, customerId: number, date: string) {
  return db
    .select({
      membershipId: customerMemberships.id,
      membershipName: membershipTypes.name,
      totalUses: membershipBenefits.totalUses,
      frequency: membershipBenefits.frequency,
    })
    .from(customerMemberships)
    .innerJoin(membershipTypes, eq(membershipTypes.id, customerMemberships.membershipTypeId))
    .innerJoin(
      membershipBenefits,
      and(
        eq(membershipBenefits.membershipTypeId, customerMemberships.membershipTypeId),
        eq(membershipBenefits.kind, 'guest-pass'),
      ),
    )
    .where(
      and(
        eq(customerMemberships.customerId, customerId),
        eq(customerMemberships.status, 'active'),
        sql`${customerMemberships.startDate} <= ${date}`,
        sql`(${customerMemberships.endDate} IS NULL OR ${customerMemberships.endDate} >= ${date})`,
        sql`${membershipBenefits.totalUses} IS NOT NULL AND ${membershipBenefits.frequency} IS NOT NULL`,
      ),
    )
    .orderBy(asc(customerMemberships.id), asc(membershipBenefits.position));
}
export type GuestPassMembership = Awaited<ReturnType<typeof guestPassMemberships>>[number];

/**
 * Locks the membership's row until the transaction ends (NO KEY UPDATE: rows referencing it can
 * still be written by others), so passes of one membership are counted one spender at a time.
 */
export async function lockMembership(db: Executor, membershipId: number) {
  await db
    .select({ id: customerMemberships.id })
    .from(customerMemberships)
    .where(eq(customerMemberships.id, membershipId))
    .for('no key update');
}

/** Passes of the membership held or used for visits in [start, end]. */
export async function passesSpent(db: Executor, membershipId: number, start: string, end: string) {
  return db.$count(
    guestPassUses,
    and(
      eq(guestPassUses.customerMembershipId, membershipId),
      inArray(guestPassUses.status, ['held', 'used']),
      between(guestPassUses.visitDate, start, end),
    ),
  );
}

export async function insertHeldUse(
  db: Executor,
  use: {
    membershipId: number;
    customerId: number;
    sessionId: number;
    visitDate: string;
    firstName: string;
    lastName: string;
    cartLineId: number;
  },
) {
  await db.insert(guestPassUses).values({
    customerMembershipId: use.membershipId,
    customerId: use.customerId,
    sessionId: use.sessionId,
    visitDate: use.visitDate,
    guestFirstName: use.firstName,
    guestLastName: use.lastName,
    cartLineId: use.cartLineId,
    status: 'held',
  });
}

/** Inside the order's transaction, before its lines are deleted: each held pass is used by its booking. */
export async function spendHeldPasses(db: Executor, spent: { cartLineId: number; bookingId: number }[]) {
  for (const { cartLineId, bookingId } of spent)
    await db
      .update(guestPassUses)
      .set({ status: 'used', cartLineId: null, bookingId })
      .where(and(eq(guestPassUses.cartLineId, cartLineId), eq(guestPassUses.status, 'held')));
}

/** A cancelled booking's pass stops counting: once, however often it is asked. */
export async function returnPassOfBooking(db: Executor, bookingId: number): Promise<boolean> {
  const rows = await db
    .update(guestPassUses)
    .set({ status: 'returned', returnedAt: sql`now()` })
    .where(and(eq(guestPassUses.bookingId, bookingId), eq(guestPassUses.status, 'used')))
    .returning({ id: guestPassUses.id });
  return rows.length === 1;
}

/** The customer's spent passes (never anyone else's), latest visit first. */
export async function passUsesOf(db: Executor, customerId: number) {
  return db
    .select({
      use: guestPassUses,
      activityName: activities.name,
      venueName: venues.name,
      startsAt: activitySessions.startsAt,
      endsAt: activitySessions.endsAt,
    })
    .from(guestPassUses)
    .innerJoin(activitySessions, eq(activitySessions.id, guestPassUses.sessionId))
    .innerJoin(activities, eq(activities.id, activitySessions.activityId))
    .innerJoin(venues, eq(venues.id, activitySessions.venueId))
    .where(eq(guestPassUses.customerId, customerId))
    .orderBy(desc(activitySessions.startsAt), desc(guestPassUses.id));
}

/** The activity's Adult price row: a guest's place is an adult's (their age is not known). */
export async function adultPriceOf(db: Executor, activityId: number) {
  const [row] = await db
    .select()
    .from(activityPrices)
    .where(and(eq(activityPrices.activityId, activityId), eq(activityPrices.band, 'adult')));
  return row;
}

/** The names of the guests the basket already holds in a session. */
export async function guestsInBasket(db: Executor, cartId: number, sessionId: number) {
  const rows = await db
    .select({ guestName: cartBookingLines.guestName })
    .from(cartBookingLines)
    .where(
      and(
        eq(cartBookingLines.cartId, cartId),
        eq(cartBookingLines.sessionId, sessionId),
        isNotNull(cartBookingLines.guestName),
      ),
    );
  return rows.map((row) => row.guestName!);
}
