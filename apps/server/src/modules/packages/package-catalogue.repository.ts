import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { activities, activityCategories, packageTypes, packageTypeVenues, venues } from '../../db/schema.ts';
import type { PackageEntry } from '../catalogue/index.ts';

/**
 * The packages the operator sells (decision 0049): written by the catalogue import, read by the
 * bookings site and the basket. Keys identify packages across imports; one that leaves the file is
 * retired (inactive), not deleted, because packages bought from it and baskets still name it.
 */
export async function applyPackages(
  tx: Tx,
  operatorId: number,
  entries: PackageEntry[],
  venueIds: Map<string, number>,
) {
  for (const [order, entry] of entries.entries()) {
    const values = {
      name: entry.name,
      description: entry.description,
      totalUses: entry.uses,
      validMonths: entry.validMonths,
      pricePence: entry.pricePence,
      covers: { categories: entry.covers.categories, activities: entry.covers.activities },
      sortOrder: order,
      active: true,
    };
    const [row] = await tx
      .insert(packageTypes)
      .values({ operatorId, key: entry.key, ...values })
      .onConflictDoUpdate({ target: [packageTypes.operatorId, packageTypes.key], set: values })
      .returning({ id: packageTypes.id });
    await tx.delete(packageTypeVenues).where(eq(packageTypeVenues.packageTypeId, row!.id));
    await tx
      .insert(packageTypeVenues)
      .values(entry.venues.map((slug) => ({ packageTypeId: row!.id, venueId: venueIds.get(slug)! })));
  }
  const keys = entries.map((entry) => entry.key);
  await tx
    .update(packageTypes)
    .set({ active: false })
    .where(
      and(
        eq(packageTypes.operatorId, operatorId),
        keys.length ? notInArray(packageTypes.key, keys) : sql`true`,
      ),
    );
}

type PackageTypeRow = typeof packageTypes.$inferSelect;

/** The packages on sale at a centre (by its slug), in the file's order. */
export async function packagesOnSaleAt(db: Executor, venueSlug: string): Promise<PackageTypeRow[]> {
  const rows = await db
    .select({ type: packageTypes })
    .from(packageTypes)
    .innerJoin(packageTypeVenues, eq(packageTypeVenues.packageTypeId, packageTypes.id))
    .innerJoin(venues, eq(venues.id, packageTypeVenues.venueId))
    .where(and(eq(venues.slug, venueSlug), eq(packageTypes.active, true)))
    .orderBy(asc(packageTypes.sortOrder), asc(packageTypes.id));
  return rows.map((row) => row.type);
}

/** A package on sale at a centre, with the centre's name; undefined when it is not. */
export async function packageOnSale(db: Executor, typeId: number, venueId: number) {
  const [row] = await db
    .select({ type: packageTypes, venueName: venues.name })
    .from(packageTypes)
    .innerJoin(packageTypeVenues, eq(packageTypeVenues.packageTypeId, packageTypes.id))
    .innerJoin(venues, eq(venues.id, packageTypeVenues.venueId))
    .where(
      and(eq(packageTypes.id, typeId), eq(packageTypeVenues.venueId, venueId), eq(packageTypes.active, true)),
    );
  return row;
}

/** The names of the categories and activities packages cover, by key, for their descriptions. */
export async function coverNames(db: Executor, covers: { categories: string[]; activities: string[] }[]) {
  const categoryKeys = [...new Set(covers.flatMap((c) => c.categories))];
  const activityKeys = [...new Set(covers.flatMap((c) => c.activities))];
  const [categoryRows, activityRows] = await Promise.all([
    categoryKeys.length
      ? db
          .select({ key: activityCategories.key, name: activityCategories.name })
          .from(activityCategories)
          .where(inArray(activityCategories.key, categoryKeys))
      : [],
    activityKeys.length
      ? db
          .select({ key: activities.key, name: activities.name })
          .from(activities)
          .where(inArray(activities.key, activityKeys))
      : [],
  ]);
  return new Map([...categoryRows, ...activityRows].map((row) => [row.key, row.name]));
}

/** Activity ids by key: the bookings site matches a session's activity by id. */
export async function activityIdsOf(db: Executor, keys: string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: activities.key, id: activities.id })
    .from(activities)
    .where(inArray(activities.key, keys));
  return new Map(rows.map((row) => [row.key, row.id]));
}
