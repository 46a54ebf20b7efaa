import type { Order, OrderItem } from '@lido/contracts/order';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { ApiError, apiUrl } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { reportTransactionOnce } from '../../app/analytics/transaction.ts';
import { useSession } from '../../app/session/use-session.ts';
import { SiteLink } from '../../app/site-mode/site-link.tsx';
import { useSiteMode } from '../../app/site-mode/site-mode.ts';
import { RequireLogin } from '../auth/index.ts';
import { BookingReceipt, itemDetail } from './booking-receipt.tsx';
import { useOrder } from './get-order.ts';

/** One thing bought: a booking's when and where, or a membership bought with it. */
function BookedItem({ item }: { item: OrderItem }) {
  if (item.type === 'membership')
    return (
      <li className="card">
        <h3 className="card__title">{item.name}</h3>
        <dl className="facts">
          <dt>Centre</dt>
          <dd>{item.homeVenue.name}</dd>
          <dt>Price</dt>
          <dd>{item.total.formatted}</dd>
        </dl>
      </li>
    );
  return (
    <li className="card">
      <h3 className="card__title">{item.related.simpleName || item.name}</h3>
      <dl className="facts">
        <dt>When</dt>
        <dd>{item.when}</dd>
        <dt>Where</dt>
        <dd>{[item.location, item.related.venue].filter(Boolean).join(', ')}</dd>
        <dt>Booked</dt>
        <dd>{itemDetail(item)}</dd>
        <dt>Price</dt>
        <dd>{item.total.raw.amount === 0 ? 'Included' : item.total.formatted}</dd>
      </dl>
    </li>
  );
}

function heading(order: Order): string {
  const bookings = order.items.filter((item) => item.type === 'booking').length;
  return bookings > 1 ? 'Your bookings are confirmed' : 'Your booking is confirmed';
}

function BookingConfirmed() {
  const { orderId = '' } = useParams();
  const { kiosk, centre } = useSiteMode();
  const { user } = useSession();
  const order = useOrder(orderId);
  // The router keeps the window where checkout left it, by the pay button: open at the heading.
  useEffect(() => window.scrollTo({ top: 0 }), []);
  useEffect(() => {
    if (order.data) reportTransactionOnce(order.data, 'bookings');
  }, [order.data]);
  if (order.isPending) return <Spinner label="Loading your booking" />;
  if (order.isError)
    return (
      <p className="error-line">
        {genericErrorLine(order.error instanceof ApiError ? order.error.status : null)}
      </p>
    );
  const confirmed = order.data;
  const hasBookings = confirmed.items.some((item) => item.type === 'booking');
  return (
    <div className="booking-confirmed">
      <h1>{heading(confirmed)}</h1>
      <p className="lead">Order {confirmed.reference}</p>
      <p className="booking-confirmed__email">
        {user
          ? `We have emailed the confirmation to ${user.email}.`
          : 'We have emailed you the confirmation.'}
      </p>
      <section className="booking-confirmed__booked" aria-labelledby="booked-heading">
        <h2 id="booked-heading">What you booked</h2>
        <ul className="card-grid">
          {confirmed.items.map((item, index) => (
            <BookedItem key={index} item={item} />
          ))}
        </ul>
      </section>
      {hasBookings && !kiosk && (
        <p className="booking-confirmed__calendar">
          <a
            className="button button--secondary button--lg"
            href={apiUrl(`orders/${confirmed.id}/calendar.ics`)}
            download={`booking-${confirmed.reference}.ics`}
          >
            Add to calendar
          </a>
        </p>
      )}
      <BookingReceipt order={confirmed} />
      <nav className="booking-confirmed__links" aria-label="What next">
        {!kiosk && (
          <SiteLink site="my-account" to="/bookings/upcoming" className="button button--primary button--lg">
            See my bookings
          </SiteLink>
        )}
        <SiteLink
          site="bookings"
          to={centre ? `/location/${centre}` : '/'}
          className="button button--secondary button--lg"
        >
          {centre ? 'Back to the timetable' : 'Book another activity'}
        </SiteLink>
      </nav>
    </div>
  );
}

/** /booking-confirmed/{orderId} (platform spec §2, "After payment", for sources other than joining). */
export function BookingConfirmedRoute() {
  return (
    <RequireLogin>
      <BookingConfirmed />
    </RequireLogin>
  );
}
