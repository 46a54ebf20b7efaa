import type { OrderBookingItem } from '@lido/contracts/activities';
import type { Money } from '@lido/pricing/money';
import { sessionWhen } from '@lido/pricing/booking-rules';
import { penceToDecimal } from '@lido/pricing/money';
import type { Executor } from '../../db/client.ts';
import { bandLabel } from './booking-completion.ts';
import { bookingsOfOrder } from './bookings.repository.ts';

/**
 * An order's bookings as the joining spec's order shape names them (§3 "Booking item"): what the
 * confirmation page shows and the transaction analytics event carries (`priceBreakdown.decimal`,
 * `related`, `quantity`, `variant`).
 */
export async function orderBookingItems(
  db: Executor,
  orderId: number,
  format: { money: (pence: number) => Money; timeZone: string },
): Promise<OrderBookingItem[]> {
  return (await bookingsOfOrder(db, orderId)).map((row) => ({
    type: 'booking',
    bookingId: row.booking.id,
    name: row.activityName,
    priceBreakdown: { decimal: penceToDecimal(row.booking.pricePence) },
    related: {
      simpleName: row.activityName,
      id: row.activityId,
      category: row.categoryName,
      venue: row.venueName,
      venueType: row.venuePlaceType,
    },
    quantity: row.booking.quantity,
    variant: bandLabel(row.band),
    startsAt: row.sessionStartsAt.toISOString(),
    endsAt: row.sessionEndsAt.toISOString(),
    when: sessionWhen(row.sessionStartsAt, row.sessionEndsAt, format.timeZone),
    location: row.locationName,
    total: format.money(row.booking.pricePence),
  }));
}
