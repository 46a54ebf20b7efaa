import type { SessionDetails } from '@lido/contracts/activities';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../app/errors/not-found-page.tsx';
import { useAuthState } from '../../app/session/session-store.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { LoginDialog } from '../auth/index.ts';
import { useAddBooking } from './add-booking.ts';
import { BandChoice } from './band-choice.tsx';
import { sessionQuery } from './get-timetable.ts';
import { cheapestAvailable, dayDate, notBookableText, whereText } from './session-text.ts';

/** Up to 10 places at a time (the contract's limit), never more than are left; a court is one. */
function maxPlaces(session: SessionDetails): number {
  if (session.kind === 'facility') return 1;
  return Math.max(1, Math.min(10, session.availability.spacesLeft));
}

function BookingForm({ session }: { session: SessionDetails }) {
  // The auth cookie says at once whether the customer is logged in; their user loads after.
  const { loggedIn: isLoggedIn } = useAuthState();
  const add = useAddBooking();
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const [quantity, setQuantity] = useState(1);
  const [loggingIn, setLoggingIn] = useState(false);
  // The cheapest band open to the customer is chosen until they choose another.
  const priceId = chosen ?? cheapestAvailable(session.prices)?.id;
  const max = maxPlaces(session);

  if (session.bookingBlocked)
    return (
      <div className="notice notice--warning">
        <p className="notice__title">You can't book online at the moment</p>
        <p>{session.bookingBlocked}</p>
      </div>
    );
  return (
    <>
      <form
        className="booking-form"
        aria-labelledby="booking-form-heading"
        onSubmit={(event) => {
          event.preventDefault();
          if (!isLoggedIn) return setLoggingIn(true);
          if (priceId === undefined) return;
          // For the customer themselves: the server takes the logged-in customer when no one is named.
          add.mutate({ sessionId: session.id, pricingOptionId: priceId, quantity });
        }}
      >
        <h2 id="booking-form-heading">Book this {session.kind === 'facility' ? 'court' : 'session'}</h2>
        <BandChoice prices={session.prices} chosen={priceId} loggedIn={isLoggedIn} onChoose={setChosen} />
        {max > 1 && (
          <div className="field">
            <label className="field__label" htmlFor="booking-quantity">
              Number of places
            </label>
            <select
              id="booking-quantity"
              className="field__input booking-form__quantity"
              value={quantity}
              onChange={(event) => setQuantity(Number(event.target.value))}
            >
              {Array.from({ length: max }, (_, index) => index + 1).map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
          </div>
        )}
        {session.waiverRequired && (
          <p className="booking-form__waiver">
            This activity needs a signed waiver: you will be asked to agree to it before you pay.
          </p>
        )}
        <div className="form__actions">
          {isLoggedIn ? (
            <Button
              type="submit"
              variant="primary"
              size="lg"
              disabled={add.isPending || priceId === undefined}
            >
              {add.isPending ? 'Adding…' : 'Add to basket'}
            </Button>
          ) : (
            <Button type="submit" variant="primary" size="lg" aria-haspopup="dialog">
              Log in to book
            </Button>
          )}
        </div>
        {isLoggedIn && priceId === undefined && (
          <p className="field__hint">None of this session's prices is open to you.</p>
        )}
        {/* Not a live region: the spec's toast announces the addition; this offers the way on. */}
        {add.isSuccess && (
          <div className="notice notice--success">
            <p className="notice__title">Added to your basket</p>
            <p>
              <Link to="/basket">Go to your basket</Link> to pay, or book something else.
            </p>
          </div>
        )}
      </form>
      {/* Beside the form, not in it: the dialog holds the login form, and forms don't nest. */}
      <LoginDialog open={loggingIn} onClose={() => setLoggingIn(false)} />
    </>
  );
}

/** /sessions/{id} on the bookings site: one session's details, its price bands and "Add to basket". */
export function SessionPage() {
  const { sessionId = '' } = useParams();
  const { state: authState } = useAuthState();
  const session = useQuery(sessionQuery(sessionId, authState));
  if (session.isPending) return <Spinner label="Loading the session" />;
  if (session.isError) {
    const status = session.error instanceof ApiError ? session.error.status : null;
    return status === 404 || status === 422 ? (
      <NotFoundPage />
    ) : (
      <p className="error-line">{genericErrorLine(status)}</p>
    );
  }
  const data = session.data;
  const { availability } = data;
  return (
    <article className="session-page">
      <p className="card__meta">{data.activity.category.name}</p>
      <h1>{data.activity.name}</h1>
      <p className="lead">
        <time dateTime={data.startsAt}>
          {dayDate(data.date)}, {data.startTime} to {data.endTime}
        </time>
      </p>
      <p className={`availability availability--${availability.status}`}>{availability.label}</p>
      <dl className="facts session-page__facts">
        <dt>Where</dt>
        <dd>
          <Link to={`/location/${data.venue.slug}`}>{data.venue.name}</Link>, {whereText(data)}
        </dd>
        <dt>Length</dt>
        <dd>{data.durationMinutes} minutes</dd>
        {data.ageLimit && (
          <>
            <dt>Ages</dt>
            <dd>{data.ageLimit}</dd>
          </>
        )}
        <dt>Cancelling</dt>
        <dd>{data.cancellationPolicy}</dd>
      </dl>
      {data.description && <p className="session-page__description">{data.description}</p>}
      {availability.bookable ? (
        <BookingForm session={data} />
      ) : (
        <div className="notice">
          <p className="notice__title">{availability.label}</p>
          <p>{notBookableText(availability.status)}</p>
        </div>
      )}
      <p>
        <Link to={`/location/${data.venue.slug}`} className={buttonClass('link', 'md')}>
          Back to the timetable<span className="visually-hidden"> at {data.venue.name}</span>
        </Link>
      </p>
    </article>
  );
}
