import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customerMemberships, membershipFreezes, membershipTypes } from '../../db/schema.ts';

/**
 * A customer's memberships as the door sees them (issue 35 item 5, decision 0097): each with the
 * freeze that covers `today`, if any. Pending ones (not yet paid or checked) are left out.
 */
export async function membershipsAtTheDoor(db: Executor, customerId: number, today: string) {
  return db
    .select({
      id: customerMemberships.id,
      name: membershipTypes.name,
      status: customerMemberships.status,
      startDate: customerMemberships.startDate,
      endDate: customerMemberships.endDate,
      frozenUntil: sql<string | null>`(
        SELECT f.ends_on::text FROM ${membershipFreezes} f
        WHERE f.customer_membership_id = ${customerMemberships.id}
          AND f.status IN ('scheduled', 'active')
          AND f.starts_on <= ${today}::date AND f.ends_on > ${today}::date
          AND (f.ended_early_on IS NULL OR f.ended_early_on > ${today}::date)
        ORDER BY f.starts_on DESC LIMIT 1)`,
    })
    .from(customerMemberships)
    .innerJoin(membershipTypes, eq(membershipTypes.id, customerMemberships.membershipTypeId))
    .where(
      and(
        eq(customerMemberships.customerId, customerId),
        inArray(customerMemberships.status, ['active', 'ended', 'cancelled']),
      ),
    )
    .orderBy(desc(customerMemberships.startDate), desc(customerMemberships.id));
}
export type MembershipAtTheDoor = Awaited<ReturnType<typeof membershipsAtTheDoor>>[number];
