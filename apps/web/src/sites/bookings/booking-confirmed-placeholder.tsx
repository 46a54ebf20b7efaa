import { useParams } from 'react-router';
import { SiteLink } from '../../app/site-mode/site-link.tsx';

/**
 * /booking-confirmed/{orderId}: where a paid bookings basket lands (platform spec §2). The full page
 * (what was booked, receipt, calendar file) is the "web-booked" work of issue 17; this stands in so
 * the bookings checkout has somewhere to go until it is merged, and is then deleted.
 */
export function BookingConfirmedPlaceholder() {
  const { orderId = '' } = useParams();
  return (
    <section className="panel" aria-labelledby="booking-confirmed-heading">
      <h1 id="booking-confirmed-heading">Your booking is confirmed</h1>
      <p>Your order number is {orderId}. We have emailed you the details.</p>
      <SiteLink site="my-account" to="/bookings/upcoming" className="button button--primary button--lg">
        See your bookings
      </SiteLink>
    </section>
  );
}
