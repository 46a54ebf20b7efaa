import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  activities,
  activityCategories,
  benefitUses,
  customerMemberships,
  membershipBenefits,
  membershipFreezes,
  membershipTypes,
} from '../../db/schema.ts';

/**
 * Every query of benefits applied at booking (decision 0048). A counted use is taken by one
 * INSERT ... ON CONFLICT DO UPDATE ... WHERE on its period's count, which PostgreSQL re-checks after
 * waiting for the row's lock, so concurrent takers of the last use get exactly one success. A held
 * use is given back by a trigger (migration 0038) whenever its basket line lets go of it.
 */

/**
 * The benefits with something to pay for that the attendee's memberships give on `sessionDate`:
 * memberships active that day and not frozen then. With the activity's key and category key, and
 * each benefit's counts so far, so the caller can choose without another read.
 */
export async function benefitsOnDate(
  db: Executor,
  query: { attendeeId: number; sessionDate: string; activityId: number },
) {
  const date = sql`${query.sessionDate}::date`;
  return db
    .select({
      membershipId: customerMemberships.id,
      membershipStart: customerMemberships.startDate,
      benefit: {
        id: membershipBenefits.id,
        name: membershipBenefits.name,
        totalUses: membershipBenefits.totalUses,
        frequency: membershipBenefits.frequency,
        covers: membershipBenefits.covers,
        discountPercent: membershipBenefits.discountPercent,
        position: membershipBenefits.position,
      },
      activityKey: activities.key,
      categoryKey: activityCategories.key,
      counts: sql<{ periodStart: string; used: number }[]>`(
        SELECT coalesce(json_agg(json_build_object('periodStart', c.period_start, 'used', c.used)), '[]'::json)
          FROM benefit_use_counts c
         WHERE c.customer_membership_id = ${customerMemberships.id} AND c.benefit_id = ${membershipBenefits.id})`,
    })
    .from(customerMemberships)
    .innerJoin(
      membershipBenefits,
      eq(membershipBenefits.membershipTypeId, customerMemberships.membershipTypeId),
    )
    .innerJoin(activities, eq(activities.id, query.activityId))
    .innerJoin(activityCategories, eq(activityCategories.id, activities.categoryId))
    .where(
      and(
        eq(customerMemberships.customerId, query.attendeeId),
        eq(customerMemberships.status, 'active'),
        sql`${customerMemberships.startDate} <= ${date}`,
        sql`(${customerMemberships.endDate} IS NULL OR ${customerMemberships.endDate} >= ${date})`,
        sql`${membershipBenefits.covers} <> '{}'::jsonb`,
        // A frozen membership gives no benefits on its frozen days ([starts_on, ends_on)).
        sql`NOT EXISTS (SELECT 1 FROM ${membershipFreezes} f
                         WHERE f.customer_membership_id = ${customerMemberships.id}
                           AND f.status <> 'withdrawn'
                           AND f.starts_on <= ${date} AND ${date} < f.ends_on)`,
      ),
    );
}
export type BenefitOnDate = Awaited<ReturnType<typeof benefitsOnDate>>[number];

/**
 * Takes one use of a benefit, held for a basket line: for a counted benefit only while the
 * period's count is below `totalUses` (one statement), for an unlimited one always. Answers the
 * use's id, or undefined when the period's uses are gone.
 */
export async function takeBenefitUse(
  db: Executor,
  use: {
    membershipId: number;
    benefitId: number;
    periodStart: string;
    totalUses: number | null;
    discountPence: number;
  },
): Promise<number | undefined> {
  const { membershipId, benefitId, periodStart, totalUses, discountPence } = use;
  if (totalUses === null) {
    const [row] = await db
      .insert(benefitUses)
      .values({ customerMembershipId: membershipId, benefitId, periodStart, counted: false, discountPence })
      .returning({ id: benefitUses.id });
    return row?.id;
  }
  const result = (await db.execute(sql`
    WITH counted AS (
      INSERT INTO benefit_use_counts (customer_membership_id, benefit_id, period_start, used)
      VALUES (${membershipId}, ${benefitId}, ${periodStart}::date, 1)
      ON CONFLICT (customer_membership_id, benefit_id, period_start)
      DO UPDATE SET used = benefit_use_counts.used + 1 WHERE benefit_use_counts.used < ${totalUses}
      RETURNING 1)
    INSERT INTO benefit_uses (customer_membership_id, benefit_id, period_start, counted, discount_pence)
    SELECT ${membershipId}, ${benefitId}, ${periodStart}::date, true, ${discountPence} FROM counted
    RETURNING id`)) as unknown as { rows: { id: number }[] };
  return result.rows[0]?.id;
}

/** Booking completion: the lines' held uses become spent, so deleting the lines keeps them. */
export async function spendBenefitUses(db: Executor, useIds: number[]) {
  if (useIds.length === 0) return;
  await db
    .update(benefitUses)
    .set({ status: 'spent' })
    .where(and(inArray(benefitUses.id, useIds), eq(benefitUses.status, 'held')));
}

/**
 * A cancelled booking's use goes back to its period: only a spent use moves to returned, so a
 * repeated cancel gives nothing back twice.
 */
export async function returnBenefitUse(db: Executor, useId: number) {
  await db.execute(sql`
    WITH returned AS (
      UPDATE benefit_uses SET status = 'returned'
       WHERE id = ${useId} AND status = 'spent'
      RETURNING customer_membership_id, benefit_id, period_start, counted)
    UPDATE benefit_use_counts c SET used = c.used - 1
      FROM returned r
     WHERE r.counted AND c.customer_membership_id = r.customer_membership_id
       AND c.benefit_id = r.benefit_id AND c.period_start = r.period_start`);
}

/** What the basket names of the benefits on its lines: each use's benefit and what it takes off. */
export async function appliedBenefits(db: Executor, useIds: number[]) {
  if (useIds.length === 0) return [];
  return db
    .select({
      useId: benefitUses.id,
      benefitId: membershipBenefits.id,
      name: membershipBenefits.name,
      discountPence: benefitUses.discountPence,
    })
    .from(benefitUses)
    .innerJoin(membershipBenefits, eq(membershipBenefits.id, benefitUses.benefitId))
    .where(inArray(benefitUses.id, useIds));
}

/**
 * Every benefit with something to pay for that the attendee's active memberships give, with the
 * membership's name, dates, freezes and each period's count so far (issue 33 item 4, decision
 * 0088): one read from which the timetable and session page say what each session costs them.
 */
export async function benefitsOfAttendee(db: Executor, attendeeId: number) {
  return db
    .select({
      membershipId: customerMemberships.id,
      membershipName: membershipTypes.name,
      startDate: customerMemberships.startDate,
      endDate: customerMemberships.endDate,
      benefit: {
        id: membershipBenefits.id,
        name: membershipBenefits.name,
        totalUses: membershipBenefits.totalUses,
        frequency: membershipBenefits.frequency,
        covers: membershipBenefits.covers,
        discountPercent: membershipBenefits.discountPercent,
        position: membershipBenefits.position,
      },
      freezes: sql<{ startsOn: string; endsOn: string }[]>`(
        SELECT coalesce(json_agg(json_build_object('startsOn', f.starts_on, 'endsOn', f.ends_on)), '[]'::json)
          FROM membership_freezes f
         WHERE f.customer_membership_id = ${customerMemberships.id} AND f.status <> 'withdrawn')`,
      counts: sql<{ periodStart: string; used: number }[]>`(
        SELECT coalesce(json_agg(json_build_object('periodStart', c.period_start, 'used', c.used)), '[]'::json)
          FROM benefit_use_counts c
         WHERE c.customer_membership_id = ${customerMemberships.id} AND c.benefit_id = ${membershipBenefits.id})`,
    })
    .from(customerMemberships)
    .innerJoin(membershipTypes, eq(membershipTypes.id, customerMemberships.membershipTypeId))
    .innerJoin(
      membershipBenefits,
      eq(membershipBenefits.membershipTypeId, customerMemberships.membershipTypeId),
    )
    .where(
      and(
        eq(customerMemberships.customerId, attendeeId),
        eq(customerMemberships.status, 'active'),
        sql`${membershipBenefits.covers} <> '{}'::jsonb`,
      ),
    );
}
export type AttendeeBenefit = Awaited<ReturnType<typeof benefitsOfAttendee>>[number];
