import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cartBookingLines } from '../../db/schema.ts';

/**
 * What pays for a basket booking line other than its price: a membership benefit's use or a
 * package's use. The benefits and packages modules take and give back the uses; the line itself is
 * the basket's to write (issue 32 item 3).
 */

/** Puts a held benefit use on a basket line, at the line's price with the benefit. */
export async function putBenefitOnLine(db: Executor, lineId: number, useId: number, amountPence: number) {
  await db
    .update(cartBookingLines)
    .set({ benefitUseId: useId, amountPence })
    .where(eq(cartBookingLines.id, lineId));
}

/**
 * Takes the benefit off a basket line, which then costs its price; the trigger gives the use back.
 * Answers false when the line had none (a repeated call changes nothing).
 */
export async function takeBenefitOffLine(db: Executor, lineId: number): Promise<boolean> {
  const rows = await db
    .update(cartBookingLines)
    .set({
      benefitUseId: null,
      amountPence: sql`${cartBookingLines.unitPricePence} * ${cartBookingLines.quantity}`,
    })
    .where(and(eq(cartBookingLines.id, lineId), sql`${cartBookingLines.benefitUseId} IS NOT NULL`))
    .returning({ id: cartBookingLines.id });
  return rows.length > 0;
}

/** A line's price after its places or unit price changed, its benefit still on one place. */
export async function repriceBenefitLine(db: Executor, lineId: number) {
  await db.execute(sql`
    UPDATE cart_booking_lines l
       SET amount_pence = greatest(0, l.unit_price_pence * l.quantity - u.discount_pence)
      FROM benefit_uses u
     WHERE l.id = ${lineId} AND u.id = l.benefit_use_id`);
}

/** A held package use pays the whole line. */
export async function putPackageOnLine(db: Executor, lineId: number, useId: number) {
  await db
    .update(cartBookingLines)
    .set({ packageUseId: useId, amountPence: 0 })
    .where(eq(cartBookingLines.id, lineId));
}

/**
 * Takes the package use off a line, which then costs its price. Answers the use that was on it
 * (for the packages module to give back), or undefined when none was.
 */
export async function clearPackageUse(db: Executor, lineId: number): Promise<number | undefined> {
  const [line] = await db
    .select({ useId: cartBookingLines.packageUseId })
    .from(cartBookingLines)
    .where(eq(cartBookingLines.id, lineId));
  if (!line?.useId) return undefined;
  await db
    .update(cartBookingLines)
    .set({
      packageUseId: null,
      amountPence: sql`${cartBookingLines.unitPricePence} * ${cartBookingLines.quantity}`,
    })
    .where(eq(cartBookingLines.id, lineId));
  return line.useId;
}
