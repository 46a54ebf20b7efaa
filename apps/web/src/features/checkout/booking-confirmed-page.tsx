import type { Order, OrderItem } from '@lido/contracts/order';
import { useEffect } from 'react';
import { useParams } from '../../router/index.ts';
import { ApiError, apiUrl } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { useSessionWhen } from '../../i18n/session-when.ts';
import { reportTransactionOnce } from '../../app/analytics/transaction.ts';
import { useSession } from '../../app/session/use-session.ts';
import { SiteLink } from '../../app/site-mode/site-link.tsx';
import { useSiteMode } from '../../app/site-mode/site-mode.ts';
import { RequireLogin } from '../auth/index.ts';
import { BookingReceipt, itemDetail } from './booking-receipt.tsx';
import { useOrder } from './get-order.ts';
import { checkoutWords } from './words.ts';

/** One thing bought: a booking's when and where, or a membership or balance paid with it. */
function BookedItem({ item }: { item: OrderItem }) {
  const whenOf = useSessionWhen();
  if (item.type === 'package')
    return (
      <li className="card">
        <h3 className="card__title">{item.name}</h3>
        <dl className="facts">
          <dt>{checkoutWords('price')}</dt>
          <dd>{item.total.formatted}</dd>
        </dl>
        <p>
          <SiteLink site="my-account" to="/packages">
            {checkoutWords('seePackages')}
          </SiteLink>
        </p>
      </li>
    );
  if (item.type === 'outstanding_balance' || item.type === 'penalty_fee' || item.type === 'course_enrolment')
    return (
      <li className="card">
        <h3 className="card__title">{item.name}</h3>
        <dl className="facts">
          <dt>{checkoutWords('paidFor')}</dt>
          <dd>{item.description}</dd>
          <dt>{checkoutWords('price')}</dt>
          <dd>{item.total.formatted}</dd>
        </dl>
      </li>
    );
  if (item.type === 'membership')
    return (
      <li className="card">
        <h3 className="card__title">{item.name}</h3>
        <dl className="facts">
          <dt>{checkoutWords('centre')}</dt>
          <dd>{item.homeVenue.name}</dd>
          <dt>{checkoutWords('price')}</dt>
          <dd>{item.total.formatted}</dd>
        </dl>
      </li>
    );
  return (
    <li className="card">
      <h3 className="card__title">{item.related.simpleName || item.name}</h3>
      <dl className="facts">
        <dt>{checkoutWords('when')}</dt>
        <dd>{whenOf(item)}</dd>
        <dt>{checkoutWords('where')}</dt>
        <dd>{[item.location, item.related.venue].filter(Boolean).join(', ')}</dd>
        <dt>{checkoutWords('booked')}</dt>
        <dd>{itemDetail(item)}</dd>
        <dt>{checkoutWords('price')}</dt>
        <dd>{item.total.raw.amount === 0 ? checkoutWords('included') : item.total.formatted}</dd>
      </dl>
    </li>
  );
}

/**
 * The page's words for what the order holds: a basket paid on the bookings site may hold only a
 * membership (a renewal from My account), which reads as the joining site's confirmation does.
 */
function wording(order: Order) {
  const bookings = order.items.filter((item) => item.type === 'booking').length;
  return {
    heading:
      bookings === 0
        ? checkoutWords('paymentSuccessful')
        : bookings > 1
          ? checkoutWords('bookingsConfirmed')
          : checkoutWords('bookingConfirmed'),
    listHeading: checkoutWords(bookings === order.items.length ? 'whatYouBooked' : 'whatYouBought'),
    hasBookings: bookings > 0,
  };
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
  if (order.isPending) return <Spinner label={checkoutWords('loadingBooking')} />;
  if (order.isError)
    return (
      <p className="error-line">
        {genericErrorLine(order.error instanceof ApiError ? order.error.status : null)}
      </p>
    );
  const confirmed = order.data;
  const { heading, listHeading, hasBookings } = wording(confirmed);
  return (
    <div className="booking-confirmed">
      <h1>{heading}</h1>
      <p className="lead">{checkoutWords('orderReference', { reference: confirmed.reference })}</p>
      <p className="booking-confirmed__email">
        {user ? checkoutWords('emailedTo', { email: user.email }) : checkoutWords('emailed')}
      </p>
      <section className="booking-confirmed__booked" aria-labelledby="booked-heading">
        <h2 id="booked-heading">{listHeading}</h2>
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
            {checkoutWords('addToCalendar')}
          </a>
        </p>
      )}
      <BookingReceipt order={confirmed} />
      <nav className="booking-confirmed__links" aria-label={checkoutWords('whatNext')}>
        {!kiosk && (
          <SiteLink
            site="my-account"
            to={hasBookings ? '/bookings/upcoming' : '/'}
            className="button button--primary button--lg"
          >
            {hasBookings ? checkoutWords('seeMyBookings') : checkoutWords('goToMyAccount')}
          </SiteLink>
        )}
        <SiteLink
          site="bookings"
          to={centre ? `/location/${centre}` : '/'}
          className="button button--secondary button--lg"
        >
          {centre ? checkoutWords('backToTimetable') : checkoutWords('bookAnother')}
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
