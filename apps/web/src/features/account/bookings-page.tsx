import type { Booking } from '@lido/contracts/account';
import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef } from 'react';
import { NavLink } from '../../router/index.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { SiteLink } from '../../app/site-mode/site-link.tsx';
import { useSessionWhen } from '../../i18n/session-when.ts';
import { bookingPlace, bookingTitle, placesText } from './booking-text.ts';
import { BookingBlockNotice } from './booking-block-notice.tsx';
import { CancelBookingDialog } from './cancel-booking-dialog.tsx';
import { useBookingCancellation } from './cancel-booking.ts';
import { myBookingsQuery } from './get-account-lists.ts';
import { MyWaitingLists } from '../waiting-list/index.ts';
import { accountWords } from './words.ts';

const bookingStatus = {
  booked: 'bookingBooked',
  cancelled: 'bookingCancelled',
  attended: 'bookingAttended',
  missed: 'bookingMissed',
} as const;

/**
 * What an upcoming booking offers: "Cancel booking", or why it can't be cancelled any more; a
 * cancelled one says what came back ("£6.50 was added to your account credit.").
 */
function Cancelling({ booking, onCancel }: { booking: Booking; onCancel: (booking: Booking) => void }) {
  const cancellation = booking.cancellation;
  const whenOf = useSessionWhen();
  if (booking.status === 'cancelled' && cancellation?.refundText)
    return <p className="booking-card__note">{cancellation.refundText}</p>;
  if (!booking.upcoming || booking.status !== 'booked' || !cancellation) return null;
  if (!cancellation.allowed)
    return cancellation.reason ? <p className="booking-card__note">{cancellation.reason}</p> : null;
  return (
    <Button variant="secondary" onClick={() => onCancel(booking)}>
      {accountWords('cancelBooking')}
      <span className="visually-hidden">
        {' '}
        {accountWords('cancelBookingFor', { activity: booking.activityName, when: whenOf(booking) })}
      </span>
    </Button>
  );
}

function BookingCard({ booking, onCancel }: { booking: Booking; onCancel: (booking: Booking) => void }) {
  const whenOf = useSessionWhen();
  return (
    <li className="card booking-card">
      <h2 className="card__title">{bookingTitle({ ...booking, when: whenOf(booking) })}</h2>
      <p className={`status status--${booking.status === 'booked' ? 'active' : 'ended'}`}>
        {booking.cancelledByCentre
          ? accountWords('cancelledByCentre')
          : accountWords(bookingStatus[booking.status])}
      </p>
      <dl className="facts">
        {booking.cancelledByCentre && (
          <>
            <dt>{accountWords('reason')}</dt>
            <dd>{booking.cancelledByCentre.reason}</dd>
          </>
        )}
        {booking.attendeeName && (
          <>
            <dt>{accountWords('for')}</dt>
            <dd>{booking.attendeeName}</dd>
          </>
        )}
        <dt>{accountWords('where')}</dt>
        <dd>{bookingPlace(booking)}</dd>
        {booking.guestName ? (
          <>
            <dt>{accountWords('guest')}</dt>
            <dd>{accountWords('guestWithPass', { guestName: booking.guestName })}</dd>
          </>
        ) : (
          <>
            <dt>{accountWords('places')}</dt>
            <dd>{placesText(booking.quantity)}</dd>
          </>
        )}
        <dt>{accountWords('paid')}</dt>
        <dd>{booking.price.raw.amount === 0 ? accountWords('included') : booking.price.formatted}</dd>
        {booking.note && (
          <>
            <dt>{accountWords('yourNote')}</dt>
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
  const whenOf = useSessionWhen();
  return (
    <div ref={noticeRef} tabIndex={-1} className="notice notice--success" role="status">
      <p className="notice__title">{accountWords('bookingCancelledTitle')}</p>
      <p>
        {booking.activityName}, {whenOf(booking)}. {refundText}
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
      <h1>{accountWords('bookingsTitle')}</h1>
      <BookingBlockNotice />
      <nav className="tabs" aria-label={accountWords('bookingsTabs')}>
        <NavLink
          to="/bookings/upcoming"
          className={() => (show === 'upcoming' ? 'tab active' : 'tab')}
          aria-current={show === 'upcoming' ? 'page' : undefined}
        >
          {accountWords('upcoming')}
        </NavLink>
        <NavLink
          to="/bookings/past"
          className={() => (show === 'past' ? 'tab active' : 'tab')}
          aria-current={show === 'past' ? 'page' : undefined}
        >
          {accountWords('past')}
        </NavLink>
      </nav>
      {cancelled && show === 'upcoming' && (
        <CancelledNotice booking={cancelled.booking} refundText={cancelled.refundText} noticeRef={notice} />
      )}
      {bookings.isPending && <Spinner label={accountWords('loadingBookings')} />}
      {bookings.isError && (
        <p className="error-line">
          {genericErrorLine(bookings.error instanceof ApiError ? bookings.error.status : null)}
        </p>
      )}
      {list && list.length === 0 && (
        <div className="panel">
          <h2>
            {show === 'upcoming'
              ? accountWords('noUpcomingBookingsHeading')
              : accountWords('noPastBookingsHeading')}
          </h2>
          <p>{accountWords('noBookingsText')}</p>
          <SiteLink site="bookings" to="/" className="button button--primary button--lg">
            {accountWords('bookActivity')}
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
