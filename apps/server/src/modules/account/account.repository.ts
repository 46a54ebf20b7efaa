import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categoryNamesByType } from '../memberships/index.ts';
import {
  orderItems,
  orders,
  customerMemberships,
  customerPackages,
  membershipTypes,
  paymentOptions,
  venues,
} from '../../db/schema.ts';

export function createAccountRepository(db: Db) {
  return {
    /**
     * The memberships of the customers given (a customer and their dependants), newest first:
     * never anyone else's (quality.md S17).
     */
    async membershipsOf(customerIds: number[]) {
      const rows = await db
        .select({
          membership: customerMemberships,
          typeName: membershipTypes.name,
          typeSlug: membershipTypes.slug,
          option: paymentOptions,
          venueName: venues.name,
          venueSlug: venues.slug,
        })
        .from(customerMemberships)
        .innerJoin(membershipTypes, eq(membershipTypes.id, customerMemberships.membershipTypeId))
        .innerJoin(paymentOptions, eq(paymentOptions.id, customerMemberships.paymentOptionId))
        .innerJoin(venues, eq(venues.id, customerMemberships.homeVenueId))
        .where(inArray(customerMemberships.customerId, customerIds))
        .orderBy(desc(customerMemberships.startDate), desc(customerMemberships.id));
      const categories = await categoryNamesByType(
        db,
        rows.map((row) => row.membership.membershipTypeId),
      );
      return rows.map((row) => ({
        ...row,
        categories: categories.get(row.membership.membershipTypeId) ?? [],
      }));
    },
    /** One of the customer's own memberships; another customer's id finds nothing. */
    async heldMembership(customerId: number, membershipId: number) {
      const [row] = await db
        .select()
        .from(customerMemberships)
        .where(and(eq(customerMemberships.id, membershipId), eq(customerMemberships.customerId, customerId)));
      return row;
    },
    async packagesOf(customerId: number) {
      return db
        .select({ item: customerPackages, venueName: venues.name })
        .from(customerPackages)
        .innerJoin(venues, eq(venues.id, customerPackages.venueId))
        .where(eq(customerPackages.customerId, customerId))
        .orderBy(asc(customerPackages.expiresOn));
    },
    /** Paid (or refunded) orders, newest first, with their lines. */
    async ordersOf(customerId: number, orderId?: number) {
      const rows = await db
        .select({ order: orders, venueName: venues.name })
        .from(orders)
        .leftJoin(venues, eq(venues.id, orders.venueId))
        .where(
          and(
            eq(orders.customerId, customerId),
            inArray(orders.status, ['completed', 'refunded']),
            ...(orderId === undefined ? [] : [eq(orders.id, orderId)]),
          ),
        )
        .orderBy(desc(orders.createdAt), desc(orders.id));
      const ids = rows.map((row) => row.order.id);
      const lines =
        ids.length === 0
          ? []
          : await db
              .select()
              .from(orderItems)
              .where(inArray(orderItems.orderId, ids))
              .orderBy(asc(orderItems.position));
      return rows.map((row) => ({ ...row, items: lines.filter((line) => line.orderId === row.order.id) }));
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;
