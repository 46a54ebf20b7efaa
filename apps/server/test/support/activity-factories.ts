import { eq, sql } from 'drizzle-orm';
import {
  activities,
  activityCategories,
  activityLocations,
  activityPrices,
  activitySessions,
  cartBookingLines,
  carts,
  type ActivityLocationKind,
  type PriceBand,
} from '../../src/db/schema.ts';
import { venueBySlug } from './factories.ts';
import type { TestApp } from './test-app.ts';

/**
 * Activities, sessions and held places made for one test (issue 17), written straight into the
 * tables so a test of the timetable, the basket or checkout needs none of the others to exist. Keys
 * are unique per call, so tests never share what they change.
 */

let made = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now()}-${(made += 1)}`;

export interface ActivityOptions {
  name?: string;
  kind?: 'session' | 'facility';
  categoryKey?: string;
  minAge?: number | null;
  maxAge?: number | null;
  waiverRequired?: boolean;
  waiverText?: string;
  cancellationCutoffMinutes?: number;
  /** pence per band; bands left out are not sold (default adult 650, junior 400, member 0) */
  prices?: Partial<Record<PriceBand, number>>;
  /** booking window days per band (default member 7, others 5) */
  windows?: Partial<Record<PriceBand, number>>;
}

export type TestActivity = Awaited<ReturnType<typeof createActivity>>;

/** An activity with its category and a price row per band. */
export async function createActivity(t: TestApp, options: ActivityOptions = {}) {
  const { db } = t.database;
  const categoryKey = options.categoryKey ?? unique('category');
  await db
    .insert(activityCategories)
    .values({ key: categoryKey, name: `Category ${categoryKey}` })
    .onConflictDoNothing();
  const [category] = await db
    .select()
    .from(activityCategories)
    .where(eq(activityCategories.key, categoryKey));
  const [activity] = await db
    .insert(activities)
    .values({
      key: unique('activity'),
      categoryId: category!.id,
      kind: options.kind ?? 'session',
      name: options.name ?? 'Spin',
      description: 'A test activity.',
      minAge: options.minAge ?? null,
      maxAge: options.maxAge ?? null,
      waiverRequired: options.waiverRequired ?? false,
      waiverText: options.waiverText ?? (options.waiverRequired ? 'I climb at my own risk.' : ''),
      cancellationCutoffMinutes: options.cancellationCutoffMinutes ?? 120,
    })
    .returning();
  const pricePence = options.prices ?? { adult: 650, junior: 400, member: 0 };
  const rows = await db
    .insert(activityPrices)
    .values(
      (Object.entries(pricePence) as [PriceBand, number][]).map(([band, pence]) => ({
        activityId: activity!.id,
        band,
        pricePence: pence,
        bookingWindowDays: options.windows?.[band] ?? (band === 'member' ? 7 : 5),
      })),
    )
    .returning();
  const prices = Object.fromEntries(rows.map((row) => [row.band, row])) as Partial<
    Record<PriceBand, (typeof rows)[number]>
  >;
  /** the price row of a band this activity sells */
  const price = (band: PriceBand) => {
    const row = prices[band];
    if (!row) throw new Error(`The test activity sells no ${band} band`);
    return row;
  };
  return { activity: activity!, category: category!, prices, price };
}

/** A room, pool or court at a demo centre. */
export async function createLocation(
  t: TestApp,
  options: { venueSlug?: string; kind?: ActivityLocationKind; name?: string } = {},
) {
  const venue = await venueBySlug(t, options.venueSlug ?? 'castlefield-leisure-centre');
  const [location] = await t.database.db
    .insert(activityLocations)
    .values({
      venueId: venue.id,
      key: unique('location'),
      name: options.name ?? 'Studio 1',
      kind: options.kind ?? 'studio',
    })
    .returning();
  return { venue, location: location! };
}

export interface SessionOptions {
  venueSlug?: string;
  /** default: tomorrow at 18:00 UTC */
  startsAt?: Date;
  durationMinutes?: number;
  capacity?: number;
  /** places already taken (held or booked elsewhere) */
  taken?: number;
  instructor?: string | null;
  onlineBookingEnabled?: boolean;
  cancelled?: boolean;
  /** an existing location (default: a new studio, or a court for a facility) */
  locationId?: number;
}

/** A dated session of the activity (no schedule) at a demo centre. */
export async function createSession(t: TestApp, activity: TestActivity, options: SessionOptions = {}) {
  const startsAt = options.startsAt ?? tomorrowAt(18);
  const locationId =
    options.locationId ??
    (
      await createLocation(t, {
        venueSlug: options.venueSlug,
        kind: activity.activity.kind === 'facility' ? 'court' : 'studio',
      })
    ).location.id;
  const venue = await venueBySlug(t, options.venueSlug ?? 'castlefield-leisure-centre');
  const [session] = await t.database.db
    .insert(activitySessions)
    .values({
      activityId: activity.activity.id,
      venueId: venue.id,
      locationId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + (options.durationMinutes ?? 45) * 60_000),
      capacity: options.capacity ?? 20,
      taken: options.taken ?? 0,
      instructor: options.instructor === undefined ? 'Sam Rivers' : options.instructor,
      onlineBookingEnabled: options.onlineBookingEnabled ?? true,
      cancelled: options.cancelled ?? false,
    })
    .returning();
  return session!;
}

/** Tomorrow at this hour (UTC), whole hours only: inside every default booking window. */
export function tomorrowAt(hourUtc: number): Date {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + 1);
  date.setUTCHours(hourUtc, 0, 0, 0);
  return date;
}

/**
 * A place held in the customer's open basket (made if they have none), taking it from the session
 * the way the basket does, with one conditional update. Fails if the session has no room.
 */
export async function holdPlace(
  t: TestApp,
  customerId: number,
  session: { id: number },
  price: { id: number; pricePence: number },
  options: { quantity?: number; heldForMinutes?: number } = {},
) {
  const quantity = options.quantity ?? 1;
  return t.database.db.transaction(async (tx) => {
    const taken = await tx
      .update(activitySessions)
      .set({ taken: sql`${activitySessions.taken} + ${quantity}` })
      .where(
        sql`${activitySessions.id} = ${session.id} AND ${activitySessions.taken} + ${quantity} <= ${activitySessions.capacity}`,
      )
      .returning({ id: activitySessions.id });
    if (taken.length === 0) throw new Error(`Session ${session.id} has no room for ${quantity}`);
    let [cart] = await tx
      .select()
      .from(carts)
      .where(sql`${carts.customerId} = ${customerId} AND ${carts.status} <> 'completed'`);
    if (!cart) [cart] = await tx.insert(carts).values({ customerId, source: 'bookings' }).returning();
    const [line] = await tx
      .insert(cartBookingLines)
      .values({
        cartId: cart!.id,
        sessionId: session.id,
        priceId: price.id,
        purchasedForCustomerId: customerId,
        quantity,
        unitPricePence: price.pricePence,
        amountPence: price.pricePence * quantity,
        heldUntil: sql`now() + make_interval(mins => ${options.heldForMinutes ?? 15})`,
      })
      .returning();
    return { cart: cart!, line: line! };
  });
}

/** A session's capacity and places taken, as the database has them now. */
export async function sessionCounts(t: TestApp, sessionId: number) {
  const [row] = await t.database.db
    .select({ capacity: activitySessions.capacity, taken: activitySessions.taken })
    .from(activitySessions)
    .where(eq(activitySessions.id, sessionId));
  if (!row) throw new Error(`No session ${sessionId}`);
  return row;
}

/** A session of the activity and the customer's booking of one place at its adult price, as checkout records it. */
export async function bookedSession(
  t: TestApp,
  activity: TestActivity,
  customer: { id: number },
  options: SessionOptions = {},
) {
  const session = await createSession(t, activity, { taken: 1, ...options });
  const [booking] = await t.database.query<{ id: number }>(
    `INSERT INTO customer_bookings (customer_id, venue_id, activity_name, starts_at, ends_at, status,
       session_id, price_id, location_name)
     VALUES ($1, $2, $3, $4, $5, 'booked', $6, $7, 'Studio') RETURNING id`,
    [
      customer.id,
      session.venueId,
      activity.activity.name,
      session.startsAt,
      session.endsAt,
      session.id,
      activity.price('adult').id,
    ],
  );
  return { session, bookingId: booking!.id };
}
