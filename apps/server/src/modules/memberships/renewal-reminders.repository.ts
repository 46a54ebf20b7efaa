import { aliasedTable, and, eq, gt, gte, isNull, lte, notExists } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customerMemberships, membershipTypes, paymentOptions } from '../../db/schema.ts';

/**
 * Active single payment memberships ending in [from, to], not being cancelled and not already
 * renewed (no later membership of the same type for the same customer): those a reminder may be for.
 */
export async function singlePaymentsEndingBetween(db: Executor, from: string, to: string) {
  const later = aliasedTable(customerMemberships, 'later');
  return db
    .select({
      id: customerMemberships.id,
      customerId: customerMemberships.customerId,
      endDate: customerMemberships.endDate,
      typeName: membershipTypes.name,
    })
    .from(customerMemberships)
    .innerJoin(paymentOptions, eq(paymentOptions.id, customerMemberships.paymentOptionId))
    .innerJoin(membershipTypes, eq(membershipTypes.id, customerMemberships.membershipTypeId))
    .where(
      and(
        eq(paymentOptions.paymentType, 'fixed'),
        eq(customerMemberships.status, 'active'),
        isNull(customerMemberships.cancelRequestedAt),
        gte(customerMemberships.endDate, from),
        lte(customerMemberships.endDate, to),
        notExists(
          db
            .select({ id: later.id })
            .from(later)
            .where(
              and(
                eq(later.customerId, customerMemberships.customerId),
                eq(later.membershipTypeId, customerMemberships.membershipTypeId),
                gt(later.startDate, customerMemberships.startDate),
              ),
            ),
        ),
      ),
    );
}
