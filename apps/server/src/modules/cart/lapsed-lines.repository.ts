import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cartBookingLines, cartLapsedLines } from '../../db/schema.ts';

/**
 * Places the release job took back from a basket while its customer was away (issue 33 item 7,
 * migration 0063): the basket names them when it is next opened, instead of only saying it is
 * empty.
 */

/** How long a basket names places released while its customer was away. */
const lapsedShownFor = sql`interval '1 day'`;

export async function noteLapsed(
  db: Executor,
  gone: { id: number; cartId: number; sessionId: number }[],
): Promise<void> {
  if (gone.length === 0) return;
  await db
    .insert(cartLapsedLines)
    .values(gone.map((line) => ({ cartId: line.cartId, lineId: line.id, sessionId: line.sessionId })))
    .onConflictDoNothing();
}

/** Places the job released from this basket in the last day, other than sessions it holds again. */
export async function lapsedWhileAway(db: Executor, cartId: number) {
  return db
    .select({ id: cartLapsedLines.lineId, sessionId: cartLapsedLines.sessionId })
    .from(cartLapsedLines)
    .where(
      and(
        eq(cartLapsedLines.cartId, cartId),
        sql`${cartLapsedLines.lapsedAt} > now() - ${lapsedShownFor}`,
        sql`NOT EXISTS (SELECT 1 FROM ${cartBookingLines} l
                        WHERE l.cart_id = ${cartId} AND l.session_id = ${cartLapsedLines.sessionId})`,
      ),
    )
    .orderBy(asc(cartLapsedLines.lineId));
}

/** The job's notes older than a day go. */
export async function forgetOldLapses(db: Executor): Promise<void> {
  await db.delete(cartLapsedLines).where(sql`${cartLapsedLines.lapsedAt} <= now() - ${lapsedShownFor}`);
}
