import type { Booking } from '@lido/contracts/account';
import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef } from 'react';
import { NavLink } from '../../router/index.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { SiteLink } from '../../app/site-mode/site-link.tsx';
import { bookingPlace, bookingTitle, placesText } from './booking-text.ts';
import { BookingBlockNotice } from './booking-block-notice.tsx';
import { CancelBookingDialog } from './cancel-booking-dialog.tsx';
import { useBookingCancellation } from './cancel-booking.ts';
import { myBookingsQuery } from './get-account-lists.ts';
import { MyWaitingLists } from '../waiting-list/index.ts';

const bookingStatus = {
  booked: 'Booked',
  cancelled: 'Cancelled',
  attended: 'Attended',
  missed: 'Missed',
} as const;

/**
 * What an upcoming booking offers: "Cancel booking", or why it can't be cancelled any more; a
 * cancelled one says what came back ("£6.50 was added to your account credit.").
 */
function Cancelling({ booking, onCancel }: { booking: Booking; onCancel: (booking: Booking) => void }) {
  const cancellation = booking.cancellation;
  if (booking.status === 'cancelled' && cancellation?.refundText)
    return <p className="booking-card__note">{cancellation.refundText}</p>;
  if (!booking.upcoming || booking.status !== 'booked' || !cancellation) return null;
  if (!cancellation.allowed)
    return cancellation.reason ? <p className="booking-card__note">{cancellation.reason}</p> : null;
  return (
    <Button variant="secondary" onClick={() => onCancel(booking)}>
      Cancel booking
      <span className="visually-hidden">
        {' '}
        for {booking.activityName} on {booking.when}
      </span>
    </Button>
  );
}

function BookingCard({ booking, onCancel }: { booking: Booking; onCancel: (booking: Booking) => void }) {
  return (
    <li className="card booking-card">
      <h2 className="card__title">{bookingTitle(booking)}</h2>
      <p className={`status status--${booking.status === 'booked' ? 'active' : 'ended'}`}>
        {booking.cancelledByCentre ? 'Cancelled by the centre' : bookingStatus[booking.status]}
      </p>
      <dl className="facts">
        {booking.cancelledByCentre && (
          <>
            <dt>Reason</dt>
            <dd>{booking.cancelledByCentre.reason}</dd>
          </>
        )}
        {booking.attendeeName && (
          <>
            <dt>For</dt>
            <dd>{booking.attendeeName}</dd>
          </>
        )}
        <dt>Where</dt>
        <dd>{bookingPlace(booking)}</dd>
        {booking.guestName ? (
          <>
            <dt>Guest</dt>
            <dd>{booking.guestName}, with a guest pass</dd>
          </>
        ) : (
          <>
            <dt>Places</dt>
            <dd>{placesText(booking.quantity)}</dd>
          </>
        )}
        <dt>Paid</dt>
        <dd>{booking.price.raw.amount === 0 ? 'Included' : booking.price.formatted}</dd>
        {booking.note && (
          <>
            <dt>Your note</dt>
            <dd>{booking.note}</dd>
          </>
        )}
      </dl>
      <Cancelling booking={booking} onCancel={onCancel} />
    </li>
  );
}

/** After a cancellation: what was cancelled and what comes back. */
function CancelledNotice({
  booking,
  refundText,
  noticeRef,
}: {
  booking: Booking;
  refundText: string;
  noticeRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <div ref={noticeRef} tabIndex={-1} className="notice notice--success" role="status">
      <p className="notice__title">Your booking has been cancelled</p>
      <p>
        {booking.activityName}, {booking.when}. {refundText}
      </p>
    </div>
  );
}

/** /bookings, /bookings/upcoming and /bookings/past: the customer's bookings, cancelling upcoming ones. */
export function BookingsPage({ show }: { show: 'upcoming' | 'past' }) {
  const bookings = useQuery(myBookingsQuery);
  const { ask, cancelled, dialog } = useBookingCancellation();
  const list = bookings.data?.[show];
  const notice = useRef<HTMLDivElement>(null);
  // Focus moves to the notice once the dialog has closed: the page's effects run after its
  // children's, so the dialog handing focus back to its (now gone) opener cannot take it away.
  useEffect(() => {
    if (cancelled) notice.current?.focus();
  }, [cancelled]);

  return (
    <>
      <h1>Bookings</h1>
      <BookingBlockNotice />
      <nav className="tabs" aria-label="Bookings">
        <NavLink
          to="/bookings/upcoming"
          className={() => (show === 'upcoming' ? 'tab active' : 'tab')}
          aria-current={show === 'upcoming' ? 'page' : undefined}
        >
          Upcoming
        </NavLink>
        <NavLink
          to="/bookings/past"
          className={() => (show === 'past' ? 'tab active' : 'tab')}
          aria-current={show === 'past' ? 'page' : undefined}
        >
          Past
        </NavLink>
      </nav>
      {cancelled && show === 'upcoming' && (
        <CancelledNotice booking={cancelled.booking} refundText={cancelled.refundText} noticeRef={notice} />
      )}
      {bookings.isPending && <Spinner label="Loading your bookings" />}
      {bookings.isError && (
        <p className="error-line">
          {genericErrorLine(bookings.error instanceof ApiError ? bookings.error.status : null)}
        </p>
      )}
      {list && list.length === 0 && (
        <div className="panel">
          <h2>{show === 'upcoming' ? 'You have no upcoming bookings' : 'You have no past bookings'}</h2>
          <p>Classes, courts and sessions you book appear here.</p>
          <SiteLink site="bookings" to="/" className="button button--primary button--lg">
            Book an activity
          </SiteLink>
        </div>
      )}
      {list && list.length > 0 && (
        <ul className="card-grid">
          {list.map((booking) => (
            <BookingCard key={booking.id} booking={booking} onCancel={ask} />
          ))}
        </ul>
      )}
      {show === 'upcoming' && <MyWaitingLists />}
      <CancelBookingDialog {...dialog} />
    </>
  );
}
