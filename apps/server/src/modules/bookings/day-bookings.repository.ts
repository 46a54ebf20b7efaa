import { and, asc, eq, gte, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customerBookings, venues } from '../../db/schema.ts';

/**
 * A customer's own places starting in [from, to): booked or already attended, their own or booked
 * for them by the account holder; never a guest brought on a pass (issue 35 item 5, decision 0097).
 */
export async function placesOfCustomerBetween(db: Executor, customerId: number, from: Date, to: Date) {
  return db
    .select({
      id: customerBookings.id,
      activityName: customerBookings.activityName,
      venueName: venues.name,
      startsAt: customerBookings.startsAt,
      endsAt: customerBookings.endsAt,
      status: customerBookings.status,
    })
    .from(customerBookings)
    .innerJoin(venues, eq(venues.id, customerBookings.venueId))
    .where(
      and(
        or(
          eq(customerBookings.attendeeCustomerId, customerId),
          and(isNull(customerBookings.attendeeCustomerId), eq(customerBookings.customerId, customerId)),
        ),
        isNull(customerBookings.guestName),
        inArray(customerBookings.status, ['booked', 'attended']),
        gte(customerBookings.startsAt, from),
        lt(customerBookings.startsAt, to),
      ),
    )
    .orderBy(asc(customerBookings.startsAt), asc(customerBookings.id));
}
