import { useQuery } from '@tanstack/react-query';
import { Link } from '../../router/index.ts';
import { SiteLink } from '../../app/site-mode/site-link.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useSessionWhen } from '../../i18n/session-when.ts';
import { bookingPlace } from './booking-text.ts';
import { myBookingsQuery } from './get-account-lists.ts';
import { accountWords } from './words.ts';

/** How many of the next bookings the dashboard shows; the Bookings page has them all. */
export const dashboardBookingsShown = 3;

/**
 * The dashboard's "Upcoming bookings" (issue 34 item 7): the next few, soonest first, each with
 * what, when and where, then the way to all of them; with none, the way to book one.
 */
export function UpcomingBookingsSummary() {
  const bookings = useQuery(myBookingsQuery);
  const whenOf = useSessionWhen();
  if (bookings.isPending) return <Spinner label={accountWords('loadingBookings')} />;
  if (bookings.isError) return <p className="error-line">{accountWords('somethingWrong')}</p>;
  const upcoming = bookings.data.upcoming;
  if (upcoming.length === 0)
    return (
      <>
        <p>{accountWords('noUpcomingBookings')}</p>
        <SiteLink site="bookings" to="/" className="button button--primary button--md">
          {accountWords('bookActivity')}
        </SiteLink>
      </>
    );
  const shown = upcoming.slice(0, dashboardBookingsShown);
  return (
    <>
      <ul className="plain-list">
        {shown.map((booking) => (
          <li key={booking.id}>
            <strong>{booking.activityName}</strong>
            {booking.attendeeName
              ? ` ${accountWords('forPerson', { name: booking.attendeeName })}`
              : ''}, {whenOf(booking)}, {bookingPlace(booking)}
          </li>
        ))}
      </ul>
      <Link to="/bookings/upcoming">
        {upcoming.length > shown.length
          ? accountWords('seeAllBookings', { count: upcoming.length })
          : accountWords('seeYourBookings')}
      </Link>
    </>
  );
}
