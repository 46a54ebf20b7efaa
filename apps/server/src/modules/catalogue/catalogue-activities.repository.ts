import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  activities,
  activityCategories,
  activityLocations,
  activityPrices,
  operators,
  venues,
} from '../../db/schema.ts';
import { retireWeeklySlotsExcept, weeklySlots, writeWeeklySlots } from '../activities/index.ts';
import type { CatalogueFile } from './catalogue-file.schema.ts';

/** A price band that left the file but stays, because a basket or booking names it. */
export interface KeptPrice {
  activity: string;
  band: string;
}

const chunk = <T>(items: T[], size = 400): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );
const excluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * Writes the activity sections inside the catalogue import's transaction. Matched by key, so ids
 * (a price's id is the basket's pricingOptionId) stay stable and a second import changes nothing.
 * Activities and weekly slots that leave the file are retired, not deleted: sessions and bookings
 * name them. Categories, locations and price bands that leave it are deleted unless something
 * still names them.
 */
export async function applyActivities(
  tx: Tx,
  operatorId: number,
  file: CatalogueFile,
): Promise<{ keptPrices: KeptPrice[]; weeklySlots: number }> {
  if (file.bookingSettings) {
    await tx
      .update(operators)
      .set({
        basketHoldMinutes: file.bookingSettings.basketHoldMinutes,
        bookingRefundMethod: file.bookingSettings.refundMethod,
        centreCancellationRefundMethod: file.bookingSettings.centreCancellationRefundMethod,
        bookingWindowOpensAt: `${file.bookingSettings.windowOpensAt}:00`,
        onlineGuestPassesEnabled: file.bookingSettings.onlineGuestPassesEnabled,
        waitingListOfferHours: file.bookingSettings.waitingListOfferHours,
      })
      .where(eq(operators.id, operatorId));
  }

  const categoryIds = new Map<string, number>();
  for (const [position, category] of file.activityCategories.entries()) {
    const [row] = await tx
      .insert(activityCategories)
      .values({ key: category.key, name: category.name, position })
      .onConflictDoUpdate({ target: activityCategories.key, set: { name: category.name, position } })
      .returning({ id: activityCategories.id });
    categoryIds.set(category.key, row!.id);
  }

  const activityIds = new Map<string, number>();
  const keptPrices: KeptPrice[] = [];
  for (const activity of file.activities) {
    const values = {
      categoryId: categoryIds.get(activity.category)!,
      kind: activity.kind,
      name: activity.name,
      description: activity.description,
      minAge: activity.minAge ?? null,
      maxAge: activity.maxAge ?? null,
      waiverRequired: activity.waiverRequired,
      waiverText: activity.waiverText,
      cancellationCutoffMinutes: activity.cancellationCutoffMinutes,
      openactiveActivityId: activity.openActiveActivity?.id ?? null,
      openactiveActivityLabel: activity.openActiveActivity?.prefLabel ?? null,
      active: true,
    };
    const [row] = await tx
      .insert(activities)
      .values({ key: activity.key, ...values })
      .onConflictDoUpdate({ target: activities.key, set: values })
      .returning({ id: activities.id });
    const activityId = row!.id;
    activityIds.set(activity.key, activityId);
    for (const price of activity.prices) {
      const priceValues = {
        pricePence: price.pricePence,
        bookingWindowDays: price.bookingWindowDays,
        retired: false,
      };
      await tx
        .insert(activityPrices)
        .values({ activityId, band: price.band, ...priceValues })
        .onConflictDoUpdate({ target: [activityPrices.activityId, activityPrices.band], set: priceValues });
    }
    // A band that left the file goes, unless a basket or a booking names its price: then it is
    // retired, so it is neither shown nor sold again.
    const bands = activity.prices.map((price) => price.band);
    const gone = and(eq(activityPrices.activityId, activityId), notInArray(activityPrices.band, bands));
    await tx
      .delete(activityPrices)
      .where(
        and(
          gone,
          sql`NOT EXISTS (SELECT 1 FROM cart_booking_lines l WHERE l.price_id = ${activityPrices.id})`,
          sql`NOT EXISTS (SELECT 1 FROM customer_bookings b WHERE b.price_id = ${activityPrices.id})`,
        ),
      );
    const stay = await tx
      .update(activityPrices)
      .set({ retired: true })
      .where(gone)
      .returning({ band: activityPrices.band });
    keptPrices.push(...stay.map(({ band }) => ({ activity: activity.key, band })));
  }
  const activityKeys = file.activities.map((activity) => activity.key);
  await tx
    .update(activities)
    .set({ active: false })
    .where(activityKeys.length ? notInArray(activities.key, activityKeys) : sql`true`);
  await tx.delete(activityCategories).where(
    and(
      file.activityCategories.length
        ? notInArray(
            activityCategories.key,
            file.activityCategories.map((category) => category.key),
          )
        : sql`true`,
      sql`NOT EXISTS (SELECT 1 FROM activities a WHERE a.category_id = ${activityCategories.id})`,
    ),
  );

  const venueRows = await tx
    .select({ id: venues.id, slug: venues.slug })
    .from(venues)
    .where(eq(venues.operatorId, operatorId));
  const venueIds = new Map(venueRows.map((row) => [row.slug, row.id]));
  const locationIds = new Map<string, number>();
  const venueSlugs = new Map(venueRows.map((row) => [row.id, row.slug]));
  for (const rows of chunk(file.locations)) {
    const written = await tx
      .insert(activityLocations)
      .values(rows.map(({ venue, ...location }) => ({ ...location, venueId: venueIds.get(venue)! })))
      .onConflictDoUpdate({
        target: [activityLocations.venueId, activityLocations.key],
        set: { name: excluded('name'), kind: excluded('kind') },
      })
      .returning({
        id: activityLocations.id,
        venueId: activityLocations.venueId,
        key: activityLocations.key,
      });
    for (const row of written) locationIds.set(`${venueSlugs.get(row.venueId)}/${row.key}`, row.id);
  }

  const slots = weeklySlots(file);
  await writeWeeklySlots(
    tx,
    slots.map(({ activity, venue, location, ...slot }) => ({
      ...slot,
      activityId: activityIds.get(activity)!,
      locationId: locationIds.get(`${venue}/${location}`)!,
    })),
  );
  // A slot that left the file stops generating; its sessions are dealt with by the generator.
  await retireWeeklySlotsExcept(
    tx,
    slots.map((slot) => slot.key),
  );

  // Locations that left the file go once no slot or session names them.
  const kept = file.locations.map((location) => locationIds.get(`${location.venue}/${location.key}`)!);
  await tx
    .delete(activityLocations)
    .where(
      and(
        sql`${activityLocations.venueId} IN (SELECT id FROM venues WHERE operator_id = ${operatorId})`,
        kept.length ? notInArray(activityLocations.id, kept) : sql`true`,
        sql`NOT EXISTS (SELECT 1 FROM activity_schedules s WHERE s.location_id = ${activityLocations.id})`,
        sql`NOT EXISTS (SELECT 1 FROM activity_sessions s WHERE s.location_id = ${activityLocations.id})`,
      ),
    );
  return { keptPrices, weeklySlots: slots.length };
}
