import { and, asc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  activities,
  activityCategories,
  activityLocations,
  activityPrices,
  activitySessions,
  cartBookingLines,
  carts,
  customerMemberships,
  venues,
} from '../../db/schema.ts';
import { endHeldUses } from '../packages/index.ts';
import { noteLapsed } from './lapsed-lines.repository.ts';
import { freePlaces } from '../waiting-list/index.ts';
import {
  seriesPrices,
  seriesSlot,
  seriesSlotOfSession,
  sessionRules,
  withPlacesTaken,
  withSeriesPrices,
} from '../activities/index.ts';

/**
 * Every query of held places (decision 0031). A session's `taken` counts held and booked places;
 * a place is taken only by the conditional UPDATE in `takePlaces`/`takeFreeCourt`, in the same
 * transaction as the basket line that holds it, and given back in the transaction that deletes
 * the line. The CHECK `taken <= capacity` is the last guard.
 */

export type BookingLineRow = typeof cartBookingLines.$inferSelect;

/** Payment attempt states during which a basket is being paid for: its holds never lapse. */
const payingStates = sql`('created', 'authorised', 'unknown', 'pending_sca')`;

/** The operator's hold, read from the database with its clock (one operator per database). */
export const holdEnds = sql`now() + make_interval(mins => (SELECT basket_hold_minutes FROM operators ORDER BY id LIMIT 1))`;

/**
 * What a booking line or a booking names of its session: when, its activity's name and rules (its
 * series' own where it sets them, decision 0100), its category, place and venue. Selected over
 * `joinSessionFacts`.
 */
export const sessionFacts = {
  sessionStartsAt: activitySessions.startsAt,
  sessionEndsAt: activitySessions.endsAt,
  sessionCancelled: activitySessions.cancelled,
  instructor: activitySessions.instructor,
  venueId: activitySessions.venueId,
  activityId: activities.id,
  activityName: activities.name,
  activityKind: activities.kind,
  waiverRequired: sessionRules.waiverRequired,
  waiverText: sessionRules.waiverText,
  cutoffMinutes: sessionRules.cancellationCutoffMinutes,
  categoryName: activityCategories.name,
  locationName: activityLocations.name,
  venueName: venues.name,
  venuePlaceType: venues.placeType,
  venueAddress1: venues.address1,
  venueAddress2: venues.address2,
  venueTown: venues.town,
  venuePostcode: venues.postcode,
};

/** A query from `activity_sessions` joined to its activity, series slot, category, location and venue. */
export function joinSessionFacts<T extends PgSelect>(query: T) {
  return query
    .innerJoin(activities, eq(activities.id, activitySessions.activityId))
    .leftJoin(seriesSlot, seriesSlotOfSession)
    .innerJoin(activityCategories, eq(activityCategories.id, activities.categoryId))
    .innerJoin(activityLocations, eq(activityLocations.id, activitySessions.locationId))
    .innerJoin(venues, eq(venues.id, activitySessions.venueId));
}

/** A session with what booking it needs: its activity with the session's rules, and where it is. */
const bookableFields = {
  session: activitySessions,
  activity: { ...getTableColumns(activities), ...sessionRules },
  venueName: venues.name,
  locationName: activityLocations.name,
};

export async function bookableSession(db: Executor, sessionId: number) {
  const query = db.select(bookableFields).from(activitySessions).$dynamic();
  const [row] = await joinSessionFacts(query).where(eq(activitySessions.id, sessionId));
  return row;
}
export type BookableSession = NonNullable<Awaited<ReturnType<typeof bookableSession>>>;

/**
 * What adding a session to the basket checks, in one round trip: the session as `bookableSession`
 * answers it, the chosen price (any activity's, so a wrong one is named as such), and whether the
 * attendee holds a membership active on the session's local date.
 */
export async function bookingFacts(
  db: Executor,
  query: { sessionId: number; priceId: number; attendeeId: number; timeZone: string },
) {
  const sessionDate = sql`(${activitySessions.startsAt} AT TIME ZONE ${query.timeZone})::date`;
  const select = db
    .select({
      ...bookableFields,
      price: activityPrices,
      seriesPrices,
      attendeeIsMember: sql<boolean>`EXISTS (
        SELECT 1 FROM ${customerMemberships}
         WHERE ${customerMemberships.customerId} = ${query.attendeeId}
           AND ${customerMemberships.status} = 'active'
           AND ${customerMemberships.startDate} <= ${sessionDate}
           AND (${customerMemberships.endDate} IS NULL OR ${customerMemberships.endDate} >= ${sessionDate}))`,
    })
    .from(activitySessions)
    .$dynamic();
  const [row] = await joinSessionFacts(select)
    .leftJoin(activityPrices, eq(activityPrices.id, query.priceId))
    .where(eq(activitySessions.id, query.sessionId));
  if (!row) return undefined;
  const { price, seriesPrices: own, attendeeIsMember, ...found } = row;
  // The band's amount and booking window are the session's series' own where it sets them (decision 0100).
  const [priced] = price ? withSeriesPrices([price], own) : [];
  return { found: found as BookableSession, price: priced, attendeeIsMember };
}

/**
 * Takes a session's places and holds them in the basket in one statement (decision 0039): the
 * activities module's take (re-checked by PostgreSQL after waiting for the row's lock) feeds the
 * line's INSERT, so the session's row is locked for one round trip before the commit,
 * not three. Nothing is taken when the basket already holds the session for this attendee (the
 * caller holds the basket's lock, so that check cannot race). Answers the new line's id.
 */
export async function holdPlaces(
  db: Executor,
  cartId: number,
  line: NewBookingLine,
  now: Date,
): Promise<number | undefined> {
  const { sessionId, quantity, purchasedForCustomerId } = line;
  const alreadyHeld = sql`EXISTS (SELECT 1 FROM cart_booking_lines mine
                          WHERE mine.cart_id = ${cartId} AND mine.session_id = ${sessionId}
                            AND mine.purchased_for_customer_id = ${purchasedForCustomerId}
                            AND mine.guest_name IS NULL)`;
  const result = (await db.execute(
    withPlacesTaken(
      { sessionId, quantity, now, unless: alreadyHeld },
      sql`
    INSERT INTO cart_booking_lines (cart_id, session_id, price_id, purchased_for_customer_id, quantity,
                                    unit_price_pence, amount_pence, held_until, note)
    SELECT ${cartId}, taken.id, ${line.priceId}, ${purchasedForCustomerId}, ${quantity},
           ${line.unitPricePence}, ${line.unitPricePence * quantity}, ${holdEnds}, ${line.note ?? null}
      FROM taken
    RETURNING id`,
    ),
  )) as unknown as { rows: { id: number }[] };
  return result.rows[0]?.id;
}

/** The guest's basket line, held like any other line (the session's place taken in the same statement). */
export async function holdGuestPlace(
  db: Executor,
  line: {
    cartId: number;
    sessionId: number;
    priceId: number;
    memberId: number;
    guestName: string;
    now: Date;
  },
): Promise<number | undefined> {
  const result = (await db.execute(
    withPlacesTaken(
      { sessionId: line.sessionId, quantity: 1, now: line.now },
      sql`
    INSERT INTO cart_booking_lines (cart_id, session_id, price_id, purchased_for_customer_id, quantity,
                                    unit_price_pence, amount_pence, held_until, guest_name)
    SELECT ${line.cartId}, taken.id, ${line.priceId}, ${line.memberId}, 1, 0, 0, ${holdEnds}, ${line.guestName}
      FROM taken
    RETURNING id`,
    ),
  )) as unknown as { rows: { id: number }[] };
  return result.rows[0]?.id;
}

/** Whether the basket holds the session for this attendee (why `holdPlaces` took nothing). */
export async function holdsSession(db: Executor, cartId: number, sessionId: number, attendeeId: number) {
  const [row] = await db
    .select({ id: cartBookingLines.id })
    .from(cartBookingLines)
    .where(
      and(
        eq(cartBookingLines.cartId, cartId),
        eq(cartBookingLines.sessionId, sessionId),
        eq(cartBookingLines.purchasedForCustomerId, attendeeId),
        isNull(cartBookingLines.guestName),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Gives places back (a line removed, released or made smaller): offered to the session's waiting
 * list first, and only the rest back on sale (decision 0052).
 */
export async function givePlacesBack(db: Executor, sessionId: number, quantity: number) {
  await freePlaces(db, sessionId, quantity);
}

export interface NewBookingLine {
  sessionId: number;
  priceId: number;
  purchasedForCustomerId: number;
  quantity: number;
  unitPricePence: number;
  /** the customer's note for the instructor (decision 0101) */
  note?: string | null;
}

/** A held line, held until the operator's hold from now (database clock). */
export async function insertBookingLine(db: Executor, cartId: number, line: NewBookingLine) {
  const [row] = await db
    .insert(cartBookingLines)
    .values({
      ...line,
      cartId,
      amountPence: line.unitPricePence * line.quantity,
      heldUntil: holdEnds,
    })
    .returning();
  return row!;
}

export async function bookingLineRows(db: Executor, cartId: number): Promise<BookingLineRow[]> {
  return db
    .select()
    .from(cartBookingLines)
    .where(eq(cartBookingLines.cartId, cartId))
    .orderBy(asc(cartBookingLines.id));
}

export async function setLineQuantity(
  db: Executor,
  lineId: number,
  change: { quantity: number; unitPricePence: number },
) {
  await db
    .update(cartBookingLines)
    .set({ ...change, amountPence: change.unitPricePence * change.quantity })
    .where(eq(cartBookingLines.id, lineId));
}

/** Deletes lines of a basket and gives their places back; answers what was deleted. */
/**
 * Lines that became bookings leave the basket: their places and spent uses are the bookings' now,
 * so nothing is given back.
 */
export async function deleteBoughtLines(db: Executor, lineIds: number[]) {
  if (lineIds.length > 0) await db.delete(cartBookingLines).where(inArray(cartBookingLines.id, lineIds));
}

export async function deleteBookingLines(db: Executor, cartId: number, lineIds?: number[]) {
  const gone = await db
    .delete(cartBookingLines)
    .where(
      and(eq(cartBookingLines.cartId, cartId), lineIds ? inArray(cartBookingLines.id, lineIds) : undefined),
    )
    .returning();
  await giveBackInOrder(db, gone);
  // A removed line's package use goes back to its package (decision 0049).
  await endHeldUses(db, packageUsesOf(gone), 'removed');
  return gone;
}

const packageUsesOf = (lines: BookingLineRow[]) =>
  lines.flatMap((line) => (line.packageUseId === null ? [] : [line.packageUseId]));

/** Gives back each session's places, sessions in id order so two releasers never deadlock. */
async function giveBackInOrder(db: Executor, lines: Pick<BookingLineRow, 'sessionId' | 'quantity'>[]) {
  const bySession = new Map<number, number>();
  for (const line of lines)
    bySession.set(line.sessionId, (bySession.get(line.sessionId) ?? 0) + line.quantity);
  for (const [sessionId, quantity] of [...bySession].sort(([a], [b]) => a - b))
    await givePlacesBack(db, sessionId, quantity);
}

/**
 * Checkout's call (prepare and authorise): the basket's places stay held for another full hold
 * from now, so a customer paying is never overtaken by the expiry job. Never shortens a hold.
 */
export async function extendHolds(db: Executor, cartId: number): Promise<void> {
  await db
    .update(cartBookingLines)
    .set({ heldUntil: sql`greatest(${cartBookingLines.heldUntil}, ${holdEnds})` })
    .where(eq(cartBookingLines.cartId, cartId));
}

/** How many holds in all a place may be kept for when the customer asks for more time (issue 33 item 7). */
export const longestHolds = 4;

/**
 * The customer's "Keep my places" (issue 33 item 7, decision 0090): each line still held is held
 * for another full hold from now, up to `longestHolds` holds from when it was added, so nobody keeps
 * places from others for long. The places are the line's already (a session's `taken` counts
 * them), so keeping them never takes a place beyond capacity; a lapsed line is not revived (it is
 * released and may be booked again if places are left). Never shortens a hold. The caller holds
 * the basket's lock. Answers how many lines were kept longer.
 */
export async function keepHeldPlaces(db: Executor, cartId: number): Promise<number> {
  const kept = await db
    .update(cartBookingLines)
    .set({
      heldUntil: sql`greatest(${cartBookingLines.heldUntil}, least(${holdEnds},
        ${cartBookingLines.createdAt} + ${longestHolds} * make_interval(mins => (SELECT basket_hold_minutes FROM operators ORDER BY id LIMIT 1))))`,
    })
    .where(and(eq(cartBookingLines.cartId, cartId), sql`${cartBookingLines.heldUntil} >= now()`))
    .returning({ id: cartBookingLines.id });
  return kept.length;
}

/**
 * Releases lines whose hold has passed (database clock) in open baskets with no payment under
 * way, at most `limit` at a time: deletes them and gives their places back, in the caller's
 * transaction. With `cartId`, only that basket's (its caller holds the basket's lock). Without it,
 * baskets locked by a change or a checkout are skipped, not waited for (`SKIP LOCKED`), so any
 * number of instances can run it at once and each line is released exactly once.
 */
export async function releaseExpiredHolds(
  db: Executor,
  options: { cartId?: number; limit?: number } = {},
): Promise<BookingLineRow[]> {
  const expired = await db
    .select({ id: cartBookingLines.id })
    .from(cartBookingLines)
    .innerJoin(carts, eq(carts.id, cartBookingLines.cartId))
    .where(
      and(
        sql`${cartBookingLines.heldUntil} < now()`,
        eq(carts.status, 'open'),
        options.cartId === undefined ? undefined : eq(carts.id, options.cartId),
        sql`NOT EXISTS (SELECT 1 FROM payment_attempts a
                        WHERE a.cart_id = ${carts.id} AND a.status IN ${payingStates})`,
      ),
    )
    .orderBy(asc(cartBookingLines.id))
    .limit(options.limit ?? 500)
    .for('update', { of: [carts, cartBookingLines], skipLocked: true });
  const ids = expired.map((row) => row.id);
  if (ids.length === 0) return [];
  const gone = await db.delete(cartBookingLines).where(inArray(cartBookingLines.id, ids)).returning();
  await giveBackInOrder(db, gone);
  await endHeldUses(db, packageUsesOf(gone), 'lapsed');
  // Released by the job, with nobody looking: kept so the basket can say so when next opened.
  if (options.cartId === undefined) await noteLapsed(db, gone);
  return gone;
}

/** A basket's booking lines with their sessions, oldest first; `lock` holds them for the transaction. */
export async function bookingLinesOf(db: Executor, cartId: number, options: { lock?: boolean } = {}) {
  const query = db
    .select({ line: cartBookingLines, band: activityPrices.band, ...sessionFacts })
    .from(cartBookingLines)
    .innerJoin(activitySessions, eq(activitySessions.id, cartBookingLines.sessionId))
    .$dynamic();
  const lines = joinSessionFacts(query)
    .innerJoin(activityPrices, eq(activityPrices.id, cartBookingLines.priceId))
    .where(eq(cartBookingLines.cartId, cartId))
    .orderBy(asc(cartBookingLines.id));
  return options.lock ? lines.for('update', { of: cartBookingLines }) : lines;
}
export type BookingLine = Awaited<ReturnType<typeof bookingLinesOf>>[number];

/** Whether the customer's open basket has a lapsed hold: one indexed read, before any lock. */
export async function hasExpiredHoldsOf(db: Executor, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: cartBookingLines.id })
    .from(cartBookingLines)
    .innerJoin(carts, eq(carts.id, cartBookingLines.cartId))
    .where(
      and(
        eq(carts.customerId, customerId),
        eq(carts.status, 'open'),
        sql`${cartBookingLines.heldUntil} < now()`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether a basket has a lapsed hold (a cheap check before taking the basket's lock). */
export async function hasExpiredHolds(db: Executor, cartId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: cartBookingLines.id })
    .from(cartBookingLines)
    .where(and(eq(cartBookingLines.cartId, cartId), sql`${cartBookingLines.heldUntil} < now()`))
    .limit(1);
  return row !== undefined;
}
