import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  activities,
  activitySessions,
  cartBookingLines,
  customerPackages,
  packageUses,
  type PackageUseStatus,
} from '../../db/schema.ts';

/**
 * Every query of spending a package's uses (decision 0049). A package's `remaining_uses` moves
 * only by a conditional UPDATE in the same statement as the use it records, so concurrent
 * attempts at the last use give exactly one success and the CHECK `remaining_uses >= 0` is never
 * the guard that fires. A use is `held` by a basket line, then `spent` by the booking, or ended:
 * `removed` (taken off the line), `lapsed` (the hold ran out), `returned` (booking cancelled) or
 * `kept` (booking cancelled after the package expired: the use is not given back).
 */

/**
 * Takes a package use for a basket booking line, when its attendee holds a package that covers
 * it (the basket then puts the use on its line, in the same transaction): the line's centre, its activity or category, valid on the session's local date, with uses left for
 * every place. Only a line still at its full price (no benefit has paid for it) and not free is
 * paid this way. The package that expires first is spent first. Answers the use's id.
 */
export async function takePackageUseFor(
  db: Executor,
  lineId: number,
  timeZone: string,
): Promise<number | undefined> {
  const result = (await db.execute(sql`
    WITH line AS (
      SELECT l.id, l.quantity, l.purchased_for_customer_id AS attendee, s.id AS session_id, s.venue_id,
             (s.starts_at AT TIME ZONE ${timeZone})::date AS day, a.key AS activity_key, c.key AS category_key
        FROM cart_booking_lines l
        JOIN activity_sessions s ON s.id = l.session_id
        JOIN activities a ON a.id = s.activity_id
        JOIN activity_categories c ON c.id = a.category_id
       WHERE l.id = ${lineId} AND l.package_use_id IS NULL AND l.benefit_use_id IS NULL
         AND l.guest_name IS NULL AND l.amount_pence > 0
         AND l.amount_pence = l.unit_price_pence * l.quantity),
    chosen AS (
      SELECT p.id, line.quantity, line.session_id FROM customer_packages p, line
       WHERE p.customer_id = line.attendee AND p.venue_id = line.venue_id
         AND p.remaining_uses >= line.quantity AND p.expires_on >= line.day
         AND (p.covers -> 'categories' @> jsonb_build_array(line.category_key)
              OR p.covers -> 'activities' @> jsonb_build_array(line.activity_key))
       ORDER BY p.expires_on, p.id
       LIMIT 1
       FOR UPDATE OF p),
    spent AS (
      UPDATE customer_packages p SET remaining_uses = p.remaining_uses - chosen.quantity
        FROM chosen WHERE p.id = chosen.id AND p.remaining_uses >= chosen.quantity
      RETURNING p.id, chosen.quantity, chosen.session_id),
    used AS (
      INSERT INTO package_uses (customer_package_id, session_id, uses)
      SELECT id, session_id, quantity FROM spent
      RETURNING id)
    SELECT id FROM used`)) as unknown as { rows: { id: number }[] };
  return result.rows[0]?.id;
}

/**
 * Ends held uses and gives their uses back to their packages, each exactly once (only a `held`
 * use moves). Answers how many ended.
 */
export async function endHeldUses(
  db: Executor,
  useIds: number[],
  status: Extract<PackageUseStatus, 'removed' | 'lapsed'>,
): Promise<number> {
  if (useIds.length === 0) return 0;
  const ended = await db
    .update(packageUses)
    .set({ status, endedAt: sql`now()` })
    .where(and(inArray(packageUses.id, useIds), eq(packageUses.status, 'held')))
    .returning({ packageId: packageUses.customerPackageId, uses: packageUses.uses });
  // Packages in id order, so two callers giving back to the same packages never deadlock.
  for (const use of [...ended].sort((a, b) => a.packageId - b.packageId))
    await db
      .update(customerPackages)
      .set({ remainingUses: sql`${customerPackages.remainingUses} + ${use.uses}` })
      .where(eq(customerPackages.id, use.packageId));
  return ended.length;
}

/** Held uses become spent, each tied to the booking its line became (the order's transaction). */
export async function spendHeldUses(db: Executor, spent: { useId: number; bookingId: number }[]) {
  for (const { useId, bookingId } of spent) {
    const [row] = await db
      .update(packageUses)
      .set({ status: 'spent', bookingId })
      .where(and(eq(packageUses.id, useId), eq(packageUses.status, 'held')))
      .returning({ id: packageUses.id });
    // The line's use was held under the basket's lock: anything else is a basket that changed.
    if (!row) return false;
  }
  return true;
}

/**
 * A paid line whose hold lapsed (its use given back) is bought after all: its use is taken again
 * from the same package, if it still has uses and covers the session's date; then spent.
 */
export async function retakePackageUse(
  db: Executor,
  input: { packageId: number; sessionId: number; uses: number; bookingId: number; timeZone: string },
): Promise<boolean> {
  const day = sql`(SELECT (${activitySessions.startsAt} AT TIME ZONE ${input.timeZone})::date FROM ${activitySessions} WHERE ${activitySessions.id} = ${input.sessionId})`;
  const [taken] = await db
    .update(customerPackages)
    .set({ remainingUses: sql`${customerPackages.remainingUses} - ${input.uses}` })
    .where(
      and(
        eq(customerPackages.id, input.packageId),
        sql`${customerPackages.remainingUses} >= ${input.uses}`,
        sql`${customerPackages.expiresOn} >= ${day}`,
      ),
    )
    .returning({ id: customerPackages.id });
  if (!taken) return false;
  await db.insert(packageUses).values({
    customerPackageId: input.packageId,
    sessionId: input.sessionId,
    uses: input.uses,
    status: 'spent',
    bookingId: input.bookingId,
  });
  return true;
}

/**
 * Cancelling a booking: its spent use goes back to the package while the package is valid on
 * `today` (`returned`), else stays spent for good (`kept`). Exactly once: only a `spent` use
 * moves, in the cancelling transaction. Answers what happened, or undefined with no use.
 */
export async function giveBackBookingUse(db: Executor, bookingId: number, today: string) {
  const [use] = await db
    .select({ id: packageUses.id, packageId: packageUses.customerPackageId, uses: packageUses.uses })
    .from(packageUses)
    .where(and(eq(packageUses.bookingId, bookingId), eq(packageUses.status, 'spent')))
    .for('update');
  if (!use) return undefined;
  const [back] = await db
    .update(customerPackages)
    .set({ remainingUses: sql`${customerPackages.remainingUses} + ${use.uses}` })
    .where(and(eq(customerPackages.id, use.packageId), sql`${customerPackages.expiresOn} >= ${today}::date`))
    .returning({ id: customerPackages.id });
  const status = back ? 'returned' : 'kept';
  await db
    .update(packageUses)
    .set({ status, endedAt: sql`now()` })
    .where(eq(packageUses.id, use.id));
  return status;
}

/** What the basket shows of the packages paying its lines: the package's name and uses left. */
export async function packagesPayingUses(db: Executor, useIds: number[]) {
  if (useIds.length === 0) return new Map<number, { packageId: number; name: string; usesLeft: number }>();
  const rows = await db
    .select({
      useId: packageUses.id,
      packageId: customerPackages.id,
      name: customerPackages.name,
      usesLeft: customerPackages.remainingUses,
    })
    .from(packageUses)
    .innerJoin(customerPackages, eq(customerPackages.id, packageUses.customerPackageId))
    .where(inArray(packageUses.id, useIds));
  return new Map(rows.map(({ useId, ...rest }) => [useId, rest]));
}

/** The uses of a customer's packages, oldest first, with the session each was for. */
export async function usesOfPackages(db: Executor, packageIds: number[]) {
  if (packageIds.length === 0) return [];
  return db
    .select({
      use: packageUses,
      activityName: activities.name,
      startsAt: activitySessions.startsAt,
      endsAt: activitySessions.endsAt,
    })
    .from(packageUses)
    .innerJoin(activitySessions, eq(activitySessions.id, packageUses.sessionId))
    .innerJoin(activities, eq(activities.id, activitySessions.activityId))
    .where(inArray(packageUses.customerPackageId, packageIds))
    .orderBy(asc(packageUses.createdAt), asc(packageUses.id));
}

/** The package each use belongs to, for what a card payment records it paid for. */
export async function packagesOfUses(db: Executor, useIds: number[]): Promise<Map<number, number>> {
  if (useIds.length === 0) return new Map();
  const rows = await db
    .select({ id: packageUses.id, packageId: packageUses.customerPackageId })
    .from(packageUses)
    .where(inArray(packageUses.id, useIds));
  return new Map(rows.map((row) => [row.id, row.packageId]));
}

/**
 * The attendees' packages that could pay for each of these lines, as `takePackageUseFor` would
 * choose them (centre, cover, valid on the session's local date, uses for every place), the one
 * that expires first first. Nothing is taken: the cart's credits offer them (issue 18 item 6).
 */
export async function packagesCoveringLines(
  db: Executor,
  lineIds: number[],
  timeZone: string,
): Promise<{ lineId: number; packageId: number; remainingUses: number }[]> {
  if (lineIds.length === 0) return [];
  const result = (await db.execute(sql`
    SELECT cart_booking_lines.id AS "lineId", p.id AS "packageId", p.remaining_uses AS "remainingUses"
      FROM cart_booking_lines
      JOIN activity_sessions s ON s.id = cart_booking_lines.session_id
      JOIN activities a ON a.id = s.activity_id
      JOIN activity_categories c ON c.id = a.category_id
      JOIN customer_packages p ON p.customer_id = cart_booking_lines.purchased_for_customer_id
                              AND p.venue_id = s.venue_id
                              AND p.remaining_uses >= cart_booking_lines.quantity
                              AND p.expires_on >= (s.starts_at AT TIME ZONE ${timeZone})::date
                              AND (p.covers -> 'categories' @> jsonb_build_array(c.key)
                                   OR p.covers -> 'activities' @> jsonb_build_array(a.key))
     WHERE ${inArray(cartBookingLines.id, lineIds)}
     ORDER BY cart_booking_lines.id, p.expires_on, p.id`)) as unknown as {
    rows: { lineId: number; packageId: number; remainingUses: number }[];
  };
  return result.rows;
}

/**
 * The attendee's packages that cover something and have a use left on or after `today` (issue 33
 * item 4, decision 0088): the timetable and session page say a place is paid with one of them.
 */
export async function packagesOfAttendee(db: Executor, attendeeId: number, today: string) {
  return db
    .select({
      name: customerPackages.name,
      venueId: customerPackages.venueId,
      remainingUses: customerPackages.remainingUses,
      expiresOn: customerPackages.expiresOn,
      covers: customerPackages.covers,
    })
    .from(customerPackages)
    .where(
      and(
        eq(customerPackages.customerId, attendeeId),
        sql`${customerPackages.remainingUses} > 0`,
        sql`${customerPackages.expiresOn} >= ${today}::date`,
      ),
    );
}
