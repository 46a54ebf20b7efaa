/**
 * The bookings module's door (issue 32 item 3, decision 0081): what other modules and the
 * composition root may use. Everything else in this folder is private to it.
 */
export { type BookingsToBuy } from './booking-completion.ts';
export { bookingLineKind } from './booking-line-kind.ts';
export { bookingRefundsNeedingAttention, bookingsOfOrder, insertBookings } from './bookings.repository.ts';
export { bookingsRoutes } from './bookings.routes.ts';
export { calendarEvent, createBookingsService } from './bookings.service.ts';
export { calendarFile } from './calendar-file.ts';
export { placesOfCustomerBetween } from './day-bookings.repository.ts';
export { orderBookingItems } from './order-booking-items.ts';
export { followSessionMove, type MovedBooking } from './session-moves.repository.ts';
export {
  type BookingMoney,
  type CancellationTotals,
  cancelledByCentreEmail,
  type CentreCancelBookings,
  createCentreCancelBookings,
  type PaidBy,
} from './centre-cancel.ts';
