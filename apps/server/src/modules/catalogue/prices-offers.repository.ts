import { and, asc, eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import {
  catalogueFiles,
  membershipBenefits,
  membershipTypes,
  paymentOptions,
  venues,
} from '../../db/schema.ts';

/**
 * The stored catalogue file, locked until the transaction ends: two managers' changes are made one
 * after the other, each on the file as the other left it (decision 0103).
 */
export async function lockedCatalogueFile(tx: Tx, operatorId: number) {
  const [row] = await tx
    .select({ file: catalogueFiles.file })
    .from(catalogueFiles)
    .where(eq(catalogueFiles.operatorId, operatorId))
    .for('update');
  return row?.file;
}

/** The operator's centres, by name. */
export function centresOf(ex: Executor, operatorId: number) {
  return ex
    .select({ id: venues.id, slug: venues.slug, name: venues.name })
    .from(venues)
    .where(eq(venues.operatorId, operatorId))
    .orderBy(asc(venues.name));
}

/** Membership types' ids by slug, for what names them (a promotion's `types`). */
export async function membershipTypeIds(ex: Executor, operatorId: number): Promise<Map<string, number>> {
  const rows = await ex
    .select({ id: membershipTypes.id, slug: membershipTypes.slug })
    .from(membershipTypes)
    .where(eq(membershipTypes.operatorId, operatorId));
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/** A membership's payment options' prices and joining fees, as its file entry now says. */
export async function savePaymentOptionPrices(
  tx: Tx,
  typeId: number,
  options: { key: string; pricePence: number; joiningFeePence: number }[],
) {
  for (const option of options)
    await tx
      .update(paymentOptions)
      .set({ pricePence: option.pricePence, joiningFeePence: option.joiningFeePence })
      .where(and(eq(paymentOptions.membershipTypeId, typeId), eq(paymentOptions.key, option.key)));
}

/** A membership's guest-pass benefit's allowance (decision 0050), at the position the file lists it. */
export async function saveGuestPassAllowance(
  tx: Tx,
  typeId: number,
  allowance: { position: number; totalUses: number; frequency: 'day' | 'week' | 'month' | 'year' },
) {
  await tx
    .update(membershipBenefits)
    .set({ totalUses: allowance.totalUses, frequency: allowance.frequency })
    .where(
      and(
        eq(membershipBenefits.membershipTypeId, typeId),
        eq(membershipBenefits.position, allowance.position),
        eq(membershipBenefits.kind, 'guest-pass'),
      ),
    );
}
