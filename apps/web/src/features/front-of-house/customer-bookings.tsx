import type { Booking } from '@lido/contracts/account';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import {
  bookingPlace,
  CancelBookingDialog,
  myBookingsQuery,
  useBookingCancellation,
} from '../account/index.ts';

function BookingRow({ booking, onCancel }: { booking: Booking; onCancel: (booking: Booking) => void }) {
  const cancellation = booking.cancellation;
  return (
    <li className="desk-list__item">
      <span>
        <strong>{booking.activityName}</strong>, {booking.when}, {bookingPlace(booking)}
        {booking.attendeeName ? ` (for ${booking.attendeeName})` : ''}
        {booking.status === 'cancelled' && ': cancelled'}
        {cancellation && !cancellation.allowed && booking.status !== 'cancelled' && (
          <span className="desk-list__note">{cancellation.reason}</span>
        )}
      </span>
      {cancellation?.allowed && (
        <Button variant="secondary" size="md" aria-haspopup="dialog" onClick={() => onCancel(booking)}>
          Cancel booking<span className="visually-hidden"> {`${booking.activityName}, ${booking.when}`}</span>
        </Button>
      )}
    </li>
  );
}

/**
 * The selected customer's upcoming bookings for a supervisor (issue 34 item 8, decision 0085), each
 * cancellable when My account would let the customer cancel it: the same dialog states the refund
 * before the one confirming action, and the same call (sent to the staff route) does it.
 */
export function CustomerBookings() {
  const bookings = useQuery(myBookingsQuery);
  const { ask, cancelled, dialog } = useBookingCancellation();
  const notice = useRef<HTMLParagraphElement>(null);
  // After the dialog closes its opener is gone: focus goes to what was done.
  useEffect(() => {
    if (cancelled) notice.current?.focus();
  }, [cancelled]);
  if (bookings.isPending) return <Spinner label="Loading bookings" />;
  if (bookings.isError)
    return (
      <p className="error-line">
        {genericErrorLine(bookings.error instanceof ApiError ? bookings.error.status : null)}
      </p>
    );
  const upcoming = bookings.data.upcoming;
  return (
    <>
      {cancelled && (
        <p ref={notice} tabIndex={-1} className="notice notice--success" role="status">
          Cancelled {cancelled.booking.activityName}, {cancelled.booking.when}. {cancelled.refundText}
        </p>
      )}
      {upcoming.length === 0 ? (
        <p>No upcoming bookings.</p>
      ) : (
        <ul className="desk-list">
          {upcoming.map((booking) => (
            <BookingRow key={booking.id} booking={booking} onCancel={ask} />
          ))}
        </ul>
      )}
      <CancelBookingDialog {...dialog} />
    </>
  );
}
