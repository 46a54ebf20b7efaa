import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client.ts';
import {
  customQuestions,
  eligibilityRules,
  membershipBenefits,
  membershipCategories,
  membershipTypeCategories,
  membershipTypes,
  membershipTypeVenues,
  paymentOptions,
  promotionValidations,
  promotions,
  terms,
  venues,
} from '../../db/schema.ts';

type MembershipTypeRow = typeof membershipTypes.$inferSelect;
export type PaymentOptionRow = typeof paymentOptions.$inferSelect;
export type PromotionRow = typeof promotions.$inferSelect;
export type TermsRow = typeof terms.$inferSelect;
export type QuestionRow = typeof customQuestions.$inferSelect;

export interface MembershipTypeDetails {
  type: MembershipTypeRow;
  categories: { id: number; name: string }[];
  venues: { id: number; name: string }[];
  eligibility: typeof eligibilityRules.$inferSelect | null;
  benefits: (typeof membershipBenefits.$inferSelect)[];
  options: PaymentOptionRow[];
}

/** Rows of a customer's or a browser's promotion checks (either one may be unknown). */
function validatedBy(who: { customerId: number | null; browserKey: string | null }) {
  return or(
    who.customerId === null ? sql`false` : eq(promotionValidations.customerId, who.customerId),
    who.browserKey === null ? sql`false` : eq(promotionValidations.browserKey, who.browserKey),
  );
}

/**
 * Runs the reads side by side on the pool, or one after another in a transaction: a transaction is
 * one connection, where node-postgres deprecates overlapping queries.
 */
async function inTurnOrTogether<T extends readonly unknown[]>(
  db: Executor,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  const thunks = reads as readonly (() => Promise<unknown>)[];
  if (!(db instanceof PgTransaction))
    return (await Promise.all(thunks.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of thunks) results.push(await read());
  return results as unknown as T;
}

/** Categories, venues, eligibility, benefits and active options for the given types. */
async function details(
  db: Executor,
  operatorId: number,
  types: MembershipTypeRow[],
): Promise<MembershipTypeDetails[]> {
  if (types.length === 0) return [];
  const ids = types.map((type) => type.id);
  const [categoryRows, venueRows, allVenues, ruleRows, benefitRows, optionRows] = await inTurnOrTogether(db, [
    () =>
      db
        .select({
          typeId: membershipTypeCategories.membershipTypeId,
          id: membershipCategories.id,
          name: membershipCategories.name,
        })
        .from(membershipTypeCategories)
        .innerJoin(membershipCategories, eq(membershipCategories.id, membershipTypeCategories.categoryId))
        .where(inArray(membershipTypeCategories.membershipTypeId, ids))
        .orderBy(asc(membershipCategories.id)),
    () =>
      db
        .select({ typeId: membershipTypeVenues.membershipTypeId, id: venues.id, name: venues.name })
        .from(membershipTypeVenues)
        .innerJoin(venues, eq(venues.id, membershipTypeVenues.venueId))
        .where(inArray(membershipTypeVenues.membershipTypeId, ids))
        .orderBy(asc(venues.name)),
    () =>
      db
        .select({ id: venues.id, name: venues.name })
        .from(venues)
        .where(eq(venues.operatorId, operatorId))
        .orderBy(asc(venues.name)),
    () => db.select().from(eligibilityRules).where(eq(eligibilityRules.operatorId, operatorId)),
    () =>
      db
        .select()
        .from(membershipBenefits)
        .where(inArray(membershipBenefits.membershipTypeId, ids))
        .orderBy(asc(membershipBenefits.position)),
    () =>
      db
        .select()
        .from(paymentOptions)
        .where(and(inArray(paymentOptions.membershipTypeId, ids), eq(paymentOptions.active, true)))
        .orderBy(asc(paymentOptions.sortOrder)),
  ]);
  return types.map((type) => ({
    type,
    categories: categoryRows.filter((row) => row.typeId === type.id).map(({ id, name }) => ({ id, name })),
    // A national membership gives access to every centre.
    venues:
      type.coverage === 'national'
        ? allVenues
        : venueRows.filter((row) => row.typeId === type.id).map(({ id, name }) => ({ id, name })),
    eligibility: ruleRows.find((rule) => rule.id === type.eligibilityRuleId) ?? null,
    benefits: benefitRows.filter((row) => row.membershipTypeId === type.id),
    options: optionRows.filter((row) => row.membershipTypeId === type.id),
  }));
}

/** Every active type of the operator with its details, in catalogue order (the cached catalogue's). */
export async function activeTypesWithDetails(
  db: Executor,
  operatorId: number,
): Promise<MembershipTypeDetails[]> {
  const types = await db
    .select()
    .from(membershipTypes)
    .where(and(eq(membershipTypes.operatorId, operatorId), eq(membershipTypes.active, true)))
    .orderBy(asc(membershipTypes.sortOrder), asc(membershipTypes.id));
  return details(db, operatorId, types);
}

export function createMembershipsRepository(db: Db) {
  return {
    /** Active types sold at a venue: national ones, and those that list the venue. */
    async typesAtVenue(operatorId: number, venueId: number): Promise<MembershipTypeDetails[]> {
      const types = await db
        .select()
        .from(membershipTypes)
        .where(
          and(
            eq(membershipTypes.operatorId, operatorId),
            eq(membershipTypes.active, true),
            or(
              eq(membershipTypes.coverage, 'national'),
              sql`exists (select 1 from ${membershipTypeVenues} where ${membershipTypeVenues.membershipTypeId} = ${membershipTypes.id} and ${membershipTypeVenues.venueId} = ${venueId})`,
            ),
          ),
        )
        .orderBy(asc(membershipTypes.sortOrder));
      return details(db, operatorId, types);
    },
    async typeDetails(operatorId: number, typeId: number): Promise<MembershipTypeDetails | undefined> {
      const types = await db
        .select()
        .from(membershipTypes)
        .where(
          and(
            eq(membershipTypes.operatorId, operatorId),
            eq(membershipTypes.id, typeId),
            eq(membershipTypes.active, true),
          ),
        );
      return (await details(db, operatorId, types))[0];
    },
    async promotionById(operatorId: number, id: number): Promise<PromotionRow | undefined> {
      const [row] = await db
        .select()
        .from(promotions)
        .where(and(eq(promotions.operatorId, operatorId), eq(promotions.id, id)));
      return row;
    },
    /** A code checked by a customer or a browser; their rows older than the hour it counts for go. */
    async recordPromotionValidation(
      promotionId: number,
      who: { customerId: number | null; browserKey: string | null },
    ): Promise<void> {
      await db.insert(promotionValidations).values({ promotionId, ...who });
      await db
        .delete(promotionValidations)
        .where(and(sql`${promotionValidations.validatedAt} < now() - interval '1 hour'`, validatedBy(who)));
    },
    /** Whether this customer or browser checked the promotion's code in the last hour. */
    async promotionValidatedRecently(
      promotionId: number,
      who: { customerId: number | null; browserKey: string | null },
    ): Promise<boolean> {
      if (who.customerId === null && who.browserKey === null) return false;
      const [row] = await db
        .select({ id: promotionValidations.id })
        .from(promotionValidations)
        .where(
          and(
            eq(promotionValidations.promotionId, promotionId),
            sql`${promotionValidations.validatedAt} > now() - interval '1 hour'`,
            validatedBy(who),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
    async promotionByCode(operatorId: number, code: string): Promise<PromotionRow | undefined> {
      const [row] = await db
        .select()
        .from(promotions)
        .where(
          and(eq(promotions.operatorId, operatorId), sql`upper(${promotions.code}) = ${code.toUpperCase()}`),
        );
      return row;
    },
    async optionWithType(
      operatorId: number,
      optionId: number,
    ): Promise<{ option: PaymentOptionRow; type: MembershipTypeRow } | undefined> {
      const [row] = await db
        .select({ option: paymentOptions, type: membershipTypes })
        .from(paymentOptions)
        .innerJoin(membershipTypes, eq(membershipTypes.id, paymentOptions.membershipTypeId))
        .where(
          and(
            eq(paymentOptions.id, optionId),
            eq(membershipTypes.operatorId, operatorId),
            eq(paymentOptions.active, true),
            eq(membershipTypes.active, true),
          ),
        );
      return row;
    },
    async terms(operatorId: number, kind: TermsRow['kind'], typeId?: number): Promise<TermsRow[]> {
      return db
        .select()
        .from(terms)
        .where(and(eq(terms.operatorId, operatorId), eq(terms.kind, kind)))
        .orderBy(asc(terms.id))
        .then((rows) =>
          rows.filter((row) => row.membershipTypeId === null || row.membershipTypeId === typeId),
        );
    },
    async questions(typeId: number): Promise<QuestionRow[]> {
      return db
        .select()
        .from(customQuestions)
        .where(eq(customQuestions.membershipTypeId, typeId))
        .orderBy(asc(customQuestions.position));
    },
  };
}
export type MembershipsRepository = ReturnType<typeof createMembershipsRepository>;
