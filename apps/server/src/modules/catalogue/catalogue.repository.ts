import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  customQuestions,
  eligibilityRules,
  membershipBenefits,
  membershipCategories,
  membershipTypeCategories,
  membershipTypes,
  membershipTypeVenues,
  operators,
  paymentOptions,
  terms,
  venues,
} from '../../db/schema.ts';
import { scheduleSessions, type SchedulingOutcome } from '../activities/index.ts';
import { importStaff } from '../staff/index.ts';
import { applyActivities, type KeptPrice } from './catalogue-activities.repository.ts';
import { applyOpenings } from './catalogue-openings.repository.ts';
import { applyPriceChanges } from './catalogue-price-changes.repository.ts';
import { storeCatalogueFile } from './catalogue-files.repository.ts';
import { lockedCatalogueFile } from './prices-offers.repository.ts';
import type { CatalogueFile } from './catalogue-file.schema.ts';
import { applyPackages } from '../packages/index.ts';
import { applyCourses } from '../courses/index.ts';
import { savePromotions } from '../memberships/index.ts';

interface AppliedActivities {
  weeklySlots: number;
  keptPrices: KeptPrice[];
  sessions: SchedulingOutcome;
}

function questionDefault(value: string | number | boolean | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? JSON.stringify(value) : String(value);
}

/**
 * Applies a checked catalogue in one transaction, then makes the dated sessions of its schedules. Everything is matched by its key, slug, code or
 * reference, so ids stay stable and a second import of the same file changes nothing. Membership
 * types and payment options missing from the file are retired (inactive), not deleted, because
 * customers may hold them.
 */
export async function applyCatalogue(
  db: Db,
  operatorId: number,
  file: CatalogueFile,
  clock: { timeZone: string; now: Date },
): Promise<AppliedActivities> {
  return db.transaction(async (tx) => {
    // The stored file first, as the staff site's changes take it (decision 0103): one order of locks.
    await lockedCatalogueFile(tx, operatorId);
    const venueRows = await tx
      .select({ id: venues.id, slug: venues.slug })
      .from(venues)
      .where(eq(venues.operatorId, operatorId));
    const venueIds = new Map(venueRows.map((row) => [row.slug, row.id]));

    const categoryIds = new Map<string, number>();
    for (const category of file.categories) {
      const [row] = await tx
        .insert(membershipCategories)
        .values({ operatorId, key: category.key, name: category.name })
        .onConflictDoUpdate({
          target: [membershipCategories.operatorId, membershipCategories.key],
          set: { name: category.name },
        })
        .returning({ id: membershipCategories.id });
      categoryIds.set(category.key, row!.id);
    }

    const eligibilityIds = new Map<string, number>();
    for (const rule of file.eligibility) {
      const values = {
        name: rule.name,
        kind: rule.kind,
        minAge: rule.minAge ?? null,
        maxAge: rule.maxAge ?? null,
        description: rule.description,
      };
      const [row] = await tx
        .insert(eligibilityRules)
        .values({ operatorId, key: rule.key, ...values })
        .onConflictDoUpdate({ target: [eligibilityRules.operatorId, eligibilityRules.key], set: values })
        .returning({ id: eligibilityRules.id });
      eligibilityIds.set(rule.key, row!.id);
    }

    const typeIds = new Map<string, number>();
    for (const [order, type] of file.types.entries()) {
      const values = {
        name: type.name,
        descriptionHtml: type.description,
        coverage: type.coverage,
        eligibilityRuleId: type.eligibility ? eligibilityIds.get(type.eligibility)! : null,
        sortOrder: order,
        active: true,
      };
      const [row] = await tx
        .insert(membershipTypes)
        .values({ operatorId, slug: type.slug, ...values })
        .onConflictDoUpdate({ target: [membershipTypes.operatorId, membershipTypes.slug], set: values })
        .returning({ id: membershipTypes.id });
      const typeId = row!.id;
      typeIds.set(type.slug, typeId);

      await tx.delete(membershipTypeCategories).where(eq(membershipTypeCategories.membershipTypeId, typeId));
      await tx
        .insert(membershipTypeCategories)
        .values(
          type.categories.map((key) => ({ membershipTypeId: typeId, categoryId: categoryIds.get(key)! })),
        );
      await tx.delete(membershipTypeVenues).where(eq(membershipTypeVenues.membershipTypeId, typeId));
      if (type.venues?.length) {
        await tx
          .insert(membershipTypeVenues)
          .values(type.venues.map((slug) => ({ membershipTypeId: typeId, venueId: venueIds.get(slug)! })));
      }

      await tx
        .delete(membershipBenefits)
        .where(
          and(
            eq(membershipBenefits.membershipTypeId, typeId),
            sql`${membershipBenefits.position} >= ${type.benefits.length}`,
          ),
        );
      for (const [position, benefit] of type.benefits.entries()) {
        const benefitValues = {
          name: benefit.name,
          totalUses: benefit.totalUses ?? null,
          frequency: benefit.frequency ?? null,
          description: benefit.description,
          kind: benefit.kind,
          covers: benefit.covers,
          discountPercent: benefit.discountPercent,
        };
        await tx
          .insert(membershipBenefits)
          .values({ membershipTypeId: typeId, position, ...benefitValues })
          .onConflictDoUpdate({
            target: [membershipBenefits.membershipTypeId, membershipBenefits.position],
            set: benefitValues,
          });
      }

      for (const [optionOrder, option] of type.paymentOptions.entries()) {
        const optionValues = {
          paymentType: option.paymentType,
          pricePence: option.pricePence,
          joiningFeePence: option.joiningFeePence,
          fixedDuration: option.duration ?? null,
          fixedPeriod: option.period ?? null,
          takesMonthInHand: option.monthInHand,
          isPurchasable: option.purchasable,
          message: option.message ?? null,
          promotionEnabled: option.promotionEnabled,
          sortOrder: optionOrder,
          active: true,
        };
        await tx
          .insert(paymentOptions)
          .values({ membershipTypeId: typeId, key: option.key, ...optionValues })
          .onConflictDoUpdate({
            target: [paymentOptions.membershipTypeId, paymentOptions.key],
            set: optionValues,
          });
      }
      const optionKeys = type.paymentOptions.map((option) => option.key);
      await tx
        .update(paymentOptions)
        .set({ active: false })
        .where(and(eq(paymentOptions.membershipTypeId, typeId), notInArray(paymentOptions.key, optionKeys)));

      const references = type.questions.map((q) => q.reference);
      await tx
        .delete(customQuestions)
        .where(
          references.length > 0
            ? and(
                eq(customQuestions.membershipTypeId, typeId),
                notInArray(customQuestions.reference, references),
              )
            : eq(customQuestions.membershipTypeId, typeId),
        );
      for (const [position, q] of type.questions.entries()) {
        const questionValues = {
          groupTitle: q.group,
          position,
          label: q.label,
          type: q.type,
          placeholder: q.placeholder ?? null,
          options: q.options ?? null,
          isRequired: q.required,
          defaultValue: questionDefault(q.default),
        };
        await tx
          .insert(customQuestions)
          .values({ membershipTypeId: typeId, reference: q.reference, ...questionValues })
          .onConflictDoUpdate({
            target: [customQuestions.membershipTypeId, customQuestions.reference],
            set: questionValues,
          });
      }
    }
    const slugs = file.types.map((type) => type.slug);
    await tx
      .update(membershipTypes)
      .set({ active: false })
      .where(
        and(
          eq(membershipTypes.operatorId, operatorId),
          slugs.length ? notInArray(membershipTypes.slug, slugs) : sql`true`,
        ),
      );

    for (const entry of file.terms) {
      const values = {
        kind: entry.kind,
        membershipTypeId: entry.type ? typeIds.get(entry.type)! : null,
        title: entry.title,
        html: entry.html,
      };
      await tx
        .insert(terms)
        .values({ operatorId, key: entry.key, ...values })
        .onConflictDoUpdate({ target: [terms.operatorId, terms.key], set: values });
    }
    const termKeys = file.terms.map((entry) => entry.key);
    await tx
      .delete(terms)
      .where(
        and(eq(terms.operatorId, operatorId), termKeys.length ? notInArray(terms.key, termKeys) : sql`true`),
      );

    await savePromotions(
      tx,
      operatorId,
      file.promotions.map((promo) => promotionDefinition(promo, typeIds)),
    );

    if (file.membershipRules) {
      await tx.update(operators).set(file.membershipRules).where(eq(operators.id, operatorId));
    }
    if (file.deskRules) {
      await tx
        .update(operators)
        .set({
          deskMaxCashTenderedPence: file.deskRules.maxCashTenderedPence,
          deskMaxChangePence: file.deskRules.maxChangePence,
          deskOtherVouchersAccepted: file.deskRules.otherVouchersAccepted,
        })
        .where(eq(operators.id, operatorId));
    }
    // The file governs the strikes: without the section none are given (decision 0096).
    await tx
      .update(operators)
      .set({ bookingPenaltyRules: file.bookingPenalties ?? null })
      .where(eq(operators.id, operatorId));
    await applyPriceChanges(tx, operatorId, file);

    // Activities and their sessions commit (or not) with the rest of the file.
    const applied = await applyActivities(tx, operatorId, file);
    await applyPackages(tx, operatorId, file.packages, venueIds);
    // Courses name the places the activities wrote above (issue 36, decision 0105).
    await applyCourses(tx, operatorId, file, venueIds, clock.timeZone);
    await importStaff(tx, operatorId, file.staff);
    await applyOpenings(tx, operatorId, file.openings, clock);
    // Kept for `npm run catalogue:export` (decision 0092).
    await storeCatalogueFile(tx, operatorId, file);
    return { ...applied, sessions: await scheduleSessions(tx, clock) };
  });
}

/** A file's promotion as the memberships module stores it, its `types` by id. */
export function promotionDefinition(
  promo: CatalogueFile['promotions'][number],
  typeIds: ReadonlyMap<string, number>,
): Parameters<typeof savePromotions>[2][number] {
  return {
    code: promo.code,
    kind: promo.kind,
    value: promo.value,
    appliesTo: promo.appliesTo,
    validFrom: promo.validFrom ?? null,
    validTo: promo.validTo ?? null,
    membershipTypeIds: promo.types ? promo.types.map((slug) => typeIds.get(slug)!) : null,
    maxRedemptions: promo.maxRedemptions ?? null,
    oncePerCustomer: promo.oncePerCustomer,
  };
}

export async function venueSlugsOf(db: Db, operatorId: number): Promise<Set<string>> {
  const rows = await db.select({ slug: venues.slug }).from(venues).where(eq(venues.operatorId, operatorId));
  return new Set(rows.map((row) => row.slug));
}
