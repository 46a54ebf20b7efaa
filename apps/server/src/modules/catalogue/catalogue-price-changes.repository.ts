import { and, eq, inArray, notExists, notInArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import {
  membershipPriceChanges,
  membershipPriceNotices,
  membershipTypes,
  operators,
  paymentOptions,
} from '../../db/schema.ts';
import type { CatalogueFile } from './catalogue-file.schema.ts';

export interface StoredPriceChange {
  typeSlug: string;
  optionKey: string;
  pricePence: number;
  effectiveFrom: string;
  /** members already told of it */
  notices: number;
}

/** The operator's price changes in force (not withdrawn), with how many members were told. */
export async function storedPriceChanges(db: Executor, operatorId: number): Promise<StoredPriceChange[]> {
  return db
    .select({
      typeSlug: membershipTypes.slug,
      optionKey: paymentOptions.key,
      pricePence: membershipPriceChanges.pricePence,
      effectiveFrom: membershipPriceChanges.effectiveFrom,
      notices: sql<number>`(SELECT count(*)::int FROM ${membershipPriceNotices}
        WHERE ${membershipPriceNotices.priceChangeId} = ${membershipPriceChanges.id})`,
    })
    .from(membershipPriceChanges)
    .innerJoin(paymentOptions, eq(paymentOptions.id, membershipPriceChanges.paymentOptionId))
    .innerJoin(membershipTypes, eq(membershipTypes.id, paymentOptions.membershipTypeId))
    .where(and(eq(membershipTypes.operatorId, operatorId), eq(membershipPriceChanges.status, 'active')));
}

/**
 * In the import's transaction, after the payment options: each option's `priceChange` recorded
 * (or brought back), and changes that left the file withdrawn unless a member was already told
 * of them (the import's checks allow that only once they are in effect; they stay as history).
 */
export async function applyPriceChanges(tx: Tx, operatorId: number, file: CatalogueFile): Promise<void> {
  const options = await tx
    .select({ id: paymentOptions.id, typeSlug: membershipTypes.slug, key: paymentOptions.key })
    .from(paymentOptions)
    .innerJoin(membershipTypes, eq(membershipTypes.id, paymentOptions.membershipTypeId))
    .where(eq(membershipTypes.operatorId, operatorId));
  const kept: number[] = [];
  for (const type of file.types) {
    for (const option of type.paymentOptions) {
      const change = option.priceChange;
      const optionId = options.find((row) => row.typeSlug === type.slug && row.key === option.key)?.id;
      if (!change || optionId === undefined) continue;
      const [row] = await tx
        .insert(membershipPriceChanges)
        .values({
          paymentOptionId: optionId,
          pricePence: change.pricePence,
          effectiveFrom: change.effectiveFrom,
        })
        .onConflictDoUpdate({
          target: [membershipPriceChanges.paymentOptionId, membershipPriceChanges.effectiveFrom],
          set: { pricePence: change.pricePence, status: 'active' },
        })
        .returning({ id: membershipPriceChanges.id });
      kept.push(row!.id);
    }
  }
  const ownOptions = options.map((row) => row.id);
  if (ownOptions.length === 0) return;
  await tx
    .update(membershipPriceChanges)
    .set({ status: 'withdrawn' })
    .where(
      and(
        inArray(membershipPriceChanges.paymentOptionId, ownOptions),
        eq(membershipPriceChanges.status, 'active'),
        kept.length > 0 ? notInArray(membershipPriceChanges.id, kept) : undefined,
        notExists(
          tx
            .select({ id: membershipPriceNotices.id })
            .from(membershipPriceNotices)
            .where(eq(membershipPriceNotices.priceChangeId, membershipPriceChanges.id)),
        ),
      ),
    );
}

/** The operator's days of notice of a price change as last imported. */
export async function storedPriceChangeNoticeDays(db: Executor, operatorId: number): Promise<number> {
  const [row] = await db
    .select({ days: operators.priceChangeNoticeDays })
    .from(operators)
    .where(eq(operators.id, operatorId));
  return row?.days ?? 30;
}
