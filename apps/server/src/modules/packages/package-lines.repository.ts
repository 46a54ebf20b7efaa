import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cartPackageLines, customerPackages, packageTypes, venues } from '../../db/schema.ts';

/** Packages in a basket (decision 0049): a line per package, bought for its attendee at a centre. */

type PackageLineRow = typeof cartPackageLines.$inferSelect;

export async function insertPackageLine(
  db: Executor,
  cartId: number,
  line: Omit<PackageLineRow, 'id' | 'cartId' | 'createdAt'>,
) {
  const [row] = await db
    .insert(cartPackageLines)
    .values({ ...line, cartId })
    .returning();
  return row!;
}

/** A basket's package lines with what the basket and the order show of them, oldest first. */
export async function packageLinesOf(db: Executor, cartId: number) {
  return db
    .select({ line: cartPackageLines, type: packageTypes, venueName: venues.name })
    .from(cartPackageLines)
    .innerJoin(packageTypes, eq(packageTypes.id, cartPackageLines.packageTypeId))
    .innerJoin(venues, eq(venues.id, cartPackageLines.venueId))
    .where(eq(cartPackageLines.cartId, cartId))
    .orderBy(asc(cartPackageLines.id));
}
export type PackageLine = Awaited<ReturnType<typeof packageLinesOf>>[number];

export async function packageLineIds(db: Executor, cartId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: cartPackageLines.id })
    .from(cartPackageLines)
    .where(eq(cartPackageLines.cartId, cartId));
  return new Set(rows.map((row) => row.id));
}

export async function deletePackageLines(db: Executor, cartId: number, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .delete(cartPackageLines)
    .where(and(eq(cartPackageLines.cartId, cartId), inArray(cartPackageLines.id, ids)));
}

/**
 * Inside the order's transaction: each package line becomes the attendee's package, with all its
 * uses and its last day, then leaves the basket. The line's id is unique on the package, so a
 * completion that ran twice could never make two packages of one line.
 */
export async function createBoughtPackages(
  db: Executor,
  input: { orderId: number; lines: PackageLine[]; expiresOn: (validMonths: number) => string },
) {
  if (input.lines.length === 0) return;
  await db
    .insert(customerPackages)
    .values(
      input.lines.map(({ line, type }) => ({
        customerId: line.purchasedForCustomerId,
        venueId: line.venueId,
        name: type.name,
        totalUses: type.totalUses,
        remainingUses: type.totalUses,
        expiresOn: input.expiresOn(type.validMonths),
        packageTypeId: type.id,
        covers: type.covers,
        orderId: input.orderId,
        boughtByLineId: line.id,
        purchasedAt: sql`now()`,
      })),
    )
    .onConflictDoNothing({ target: customerPackages.boughtByLineId });
  await db.delete(cartPackageLines).where(
    inArray(
      cartPackageLines.id,
      input.lines.map(({ line }) => line.id),
    ),
  );
}
