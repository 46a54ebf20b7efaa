import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { promotionRedemptions, promotions } from '../../db/schema.ts';

type RedemptionOutcome = 'redeemed' | 'already-redeemed-for-order' | 'exhausted' | 'already-used-by-customer';

class RedemptionRefused extends Error {
  constructor(readonly outcome: RedemptionOutcome) {
    super(outcome);
  }
}

/** Promotion codes: the catalogue import's definitions, and each order's use of one. */

/** What an operator's catalogue file says of its promotions (a code is matched in any case). */
export type PromotionDefinition = Omit<
  typeof promotions.$inferInsert,
  'id' | 'operatorId' | 'redemptionCount'
>;

/**
 * The catalogue import's promotions, in its transaction: a code already there is updated in place,
 * keeping its count of uses, so a re-import never resets a limit.
 */
export async function savePromotions(db: Executor, operatorId: number, definitions: PromotionDefinition[]) {
  for (const values of definitions) {
    const [existing] = await db
      .select({ id: promotions.id })
      .from(promotions)
      .where(
        and(
          eq(promotions.operatorId, operatorId),
          sql`upper(${promotions.code}) = ${values.code.toUpperCase()}`,
        ),
      );
    if (existing) await db.update(promotions).set(values).where(eq(promotions.id, existing.id));
    else await db.insert(promotions).values({ operatorId, ...values });
  }
}

/**
 * Counts one use of a promotion for a completed order, atomically: the count only rises while it is
 * under the limit (a conditional UPDATE, which PostgreSQL re-checks after waiting on the row lock),
 * so a limit of N is never exceeded by concurrent checkouts. Redeeming again for the same order is a
 * no-op, so order completion can safely be retried.
 */
export async function redeemPromotion(
  db: Executor,
  input: { promotionId: number; orderReference: string; customerReference: string | null },
): Promise<RedemptionOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const [promotion] = await tx
        .update(promotions)
        .set({ redemptionCount: sql`${promotions.redemptionCount} + 1` })
        .where(
          and(
            eq(promotions.id, input.promotionId),
            or(isNull(promotions.maxRedemptions), lt(promotions.redemptionCount, promotions.maxRedemptions)),
          ),
        )
        .returning({ oncePerCustomer: promotions.oncePerCustomer });
      if (!promotion) throw new RedemptionRefused('exhausted');

      const inserted = await tx
        .insert(promotionRedemptions)
        .values({
          promotionId: input.promotionId,
          orderReference: input.orderReference,
          customerReference: input.customerReference,
          oncePerCustomer: promotion.oncePerCustomer,
        })
        .onConflictDoNothing()
        .returning({ id: promotionRedemptions.id, orderReference: promotionRedemptions.orderReference });
      if (inserted.length === 0) {
        // Either this order already redeemed it (a retry) or this customer already used a once-only code.
        const [sameOrder] = await tx
          .select({ id: promotionRedemptions.id })
          .from(promotionRedemptions)
          .where(
            and(
              eq(promotionRedemptions.promotionId, input.promotionId),
              eq(promotionRedemptions.orderReference, input.orderReference),
            ),
          );
        throw new RedemptionRefused(sameOrder ? 'already-redeemed-for-order' : 'already-used-by-customer');
      }
      return 'redeemed' as const;
    });
  } catch (error) {
    if (error instanceof RedemptionRefused) return error.outcome;
    throw error;
  }
}
