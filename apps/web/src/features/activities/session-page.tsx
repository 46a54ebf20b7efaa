import type { SessionDetails } from '@lido/contracts/activities';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from '../../router/index.ts';
import { NotFoundPage } from '../../app/errors/not-found-page.tsx';
import { usePageTitle } from '../../app/page-title.ts';
import { useAuthState } from '../../app/session/session-store.ts';
import { useDeclareThemeVenue } from '../../app/theme/theme-venue.ts';
import { SiteLink } from '../../app/site-mode/site-link.tsx';
import { useSite } from '../../app/site-mode/site-context.tsx';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { LoginDialog } from '../auth/index.ts';
import { gatingOpening, OpeningNotice, openingsQuery } from '../booking-openings/index.ts';
import { AttendeeChoice, useHasFamily } from '../family/index.ts';
import { PackageOffers } from '../packages/index.ts';
import { WaitingListPanel } from '../waiting-list/index.ts';
import { useAddBooking } from './add-booking.ts';
import { BandChoice } from './band-choice.tsx';
import { openToThem, useFirstBookableAttendee } from './first-bookable-attendee.ts';
import { GuestPassForm } from './guest-pass-form.tsx';
import { sessionQuery } from './get-timetable.ts';
import { allPricesText, cheapestAvailable, dayDate, notBookableText, whereText } from './session-text.ts';
import { useVoice } from '../../app/site-mode/voice.ts';
import { useBookingNote } from './booking-note.tsx';
import { activitiesWords } from './words.ts';
import { wordsWithParts } from '../../i18n/words-with-parts.tsx';
import { sessionWhen } from '../../i18n/dates.ts';

/**
 * The band chosen until the customer chooses another: the cheapest open to them; for a visitor,
 * whose age nobody knows, the one the server shows them (the adult price), never a junior one.
 */
function firstBand(session: SessionDetails, loggedIn: boolean): number | undefined {
  const shown = session.prices.find((price) => price.id === session.pricingOptionId && price.available);
  return (loggedIn ? cheapestAvailable(session.prices) : (shown ?? cheapestAvailable(session.prices)))?.id;
}

/** Up to 10 places at a time (the contract's limit), never more than are left; a court is one. */
function maxPlaces(session: SessionDetails): number {
  if (session.kind === 'facility') return 1;
  return Math.max(1, Math.min(10, session.availability.spacesLeft));
}

function BookingForm({
  session,
  attendee,
  onAttendee,
  onAdded,
  pricesLoading = false,
}: {
  session: SessionDetails;
  attendee: number | undefined;
  onAttendee: (dependantId: number | undefined) => void;
  /** the page says it was added, below the form: the form itself may go (the last place taken) */
  onAdded: () => void;
  /** the prices shown are the last person's (a visitor's, just before logging in): theirs are loading */
  pricesLoading?: boolean;
}) {
  // The auth cookie says at once whether the customer is logged in; their user loads after.
  const { loggedIn: isLoggedIn, state: authState } = useAuthState();
  const add = useAddBooking();
  const voice = useVoice();
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const [quantity, setQuantity] = useState(1);
  const note = useBookingNote();
  const [loggingIn, setLoggingIn] = useState(false);
  const priceId = chosen ?? firstBand(session, isLoggedIn);
  const max = maxPlaces(session);
  // Pressed while the customer's own prices load (just after logging in): added once they have
  // loaded, at the band open to them, never at the band a visitor was shown (which the server
  // would refuse, e.g. Junior for an adult).
  const queryClient = useQueryClient();
  const [waitingForPrices, setWaitingForPrices] = useState(false);
  const addAt = (pricingOptionId: number | undefined) => {
    if (pricingOptionId === undefined) return;
    // The server takes the logged-in customer when no one is named.
    add.mutate(
      { sessionId: session.id, pricingOptionId, quantity, purchasedForUserId: attendee, note: note.note },
      { onSuccess: note.clearedThen(onAdded) },
    );
  };
  const addWithOwnPrices = async () => {
    setWaitingForPrices(true);
    try {
      const own = await queryClient.fetchQuery(sessionQuery(String(session.id), authState, attendee));
      addAt(chosen ?? firstBand(own, true));
    } finally {
      setWaitingForPrices(false);
    }
  };

  if (session.bookingBlocked)
    return (
      <div className="notice notice--warning">
        <p className="notice__title">{activitiesWords('cannotBookOnline')}</p>
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
          if (!note.check()) return;
          if (pricesLoading) return void addWithOwnPrices();
          addAt(priceId);
        }}
      >
        <h2 id="booking-form-heading">{activitiesWords('bookThis', { kind: session.kind })}</h2>
        {isLoggedIn && (
          <AttendeeChoice
            chosen={attendee}
            onChoose={(id) => {
              // The bands open differ by person: the cheapest open to them is chosen again.
              setChosen(undefined);
              onAttendee(id);
            }}
          />
        )}
        <BandChoice prices={session.prices} chosen={priceId} loggedIn={isLoggedIn} onChoose={setChosen} />
        {max > 1 && (
          <div className="field">
            <label className="field__label" htmlFor="booking-quantity">
              {activitiesWords('numberOfPlaces')}
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
        {isLoggedIn && session.kind === 'session' && note.field}
        {session.waiverRequired && <p className="booking-form__waiver">{activitiesWords('waiverNeeded')}</p>}
        <div className="form__actions">
          {isLoggedIn ? (
            <Button
              type="submit"
              variant="primary"
              size="lg"
              disabled={add.isPending || waitingForPrices || priceId === undefined}
              aria-describedby={priceId === undefined && !pricesLoading ? 'no-price-open' : undefined}
            >
              {add.isPending || waitingForPrices ? activitiesWords('adding') : activitiesWords('addToBasket')}
            </Button>
          ) : (
            <Button type="submit" variant="primary" size="lg" aria-haspopup="dialog">
              {activitiesWords('logInToBook')}
            </Button>
          )}
        </div>
        {isLoggedIn && priceId === undefined && !pricesLoading && (
          <p className="field__hint" id="no-price-open">
            {session.notForThem
              ? // The age rule, for the person chosen, before any button is pressed (issue 33 item 5).
                activitiesWords('notForThemChooseSomeoneElse', { notForThem: session.notForThem })
              : activitiesWords('chooseSomeoneElse', {
                  reason: attendee === undefined ? voice.priceNotOpen : activitiesWords('noPriceOpenToThem'),
                  withAges: session.ageLimit ? 'yes' : 'no',
                  ages: session.ageLimit?.toLowerCase(),
                })}{' '}
            {voice.addChildHow} <MyDetailsLink />
          </p>
        )}
      </form>
      {/* Beside the form, not in it: the dialog holds the login form, and forms don't nest. */}
      <LoginDialog open={loggingIn} onClose={() => setLoggingIn(false)} />
    </>
  );
}

/**
 * No price of the session is open to the customer or anyone in their family (a children's lesson
 * for a customer who has added no child): how to book it, never a dead end (issue 34 item 7).
 */
function NotOpenToYou({ session, hasFamily }: { session: SessionDetails; hasFamily: boolean }) {
  const voice = useVoice();
  return (
    <div className="notice" id="not-open-to-you">
      <p className="notice__title">
        {session.notForThem && !hasFamily
          ? session.notForThem
          : activitiesWords('reasonWithAges', {
              reason: hasFamily ? voice.priceNotOpenToFamily : voice.priceNotOpen,
              withAges: session.ageLimit ? 'yes' : 'no',
              ages: session.ageLimit?.toLowerCase(),
            })}
      </p>
      <p>
        {voice.addChildHow} <MyDetailsLink />
      </p>
    </div>
  );
}

/** Online, the way to My details (its Family section); the desk has its own ways. */
function MyDetailsLink() {
  if (useSite() === 'front-of-house') return null;
  return (
    <SiteLink site="my-account" to="/user-details">
      {activitiesWords('goToMyDetails')}
    </SiteLink>
  );
}

/**
 * Added to the basket, and the way on. Not a live region: the spec's toast announces the addition.
 * When the last place went to this customer the form gives way to the full session's choices, and
 * focus (on its button, now gone) comes here rather than falling to the page.
 */
function AddedNotice() {
  const voice = useVoice();
  const title = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // After the page has drawn the session as it now is (full, perhaps): focus only if it was lost.
    const timer = window.setTimeout(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) title.current?.focus();
    }, 0);
    return () => window.clearTimeout(timer);
  });
  return (
    <div className="notice notice--success">
      <p className="notice__title" ref={title} tabIndex={-1}>
        {voice.addedToBasket}
      </p>
      <p>
        {wordsWithParts(activitiesWords, 'goToBasketToPay', {
          link: <Link to="/basket">{voice.goToBasket}</Link>,
        })}
      </p>
    </div>
  );
}

/** /sessions/{id} on the bookings site: one session's details, its price bands and "Add to basket". */
export function SessionPage() {
  const { sessionId = '' } = useParams();
  const { state: authState, loggedIn } = useAuthState();
  const [chosenAttendee, setChosenAttendee] = useState<number | undefined>(undefined);
  // Set once the customer chooses who it is for; until then the page may choose for them.
  const [attendeeChosen, setAttendeeChosen] = useState(false);
  const hasFamily = useHasFamily(loggedIn);
  // The customer's own prices. None open to them (a children's lesson): the booking opens on the
  // first of their family who can book it (issue 34 item 7).
  const own = useQuery(sessionQuery(sessionId, authState));
  const forFamily = useFirstBookableAttendee(
    sessionId,
    authState,
    loggedIn,
    hasFamily && !attendeeChosen && own.data !== undefined && !own.isPlaceholderData && !openToThem(own.data),
  );
  const attendee = attendeeChosen ? chosenAttendee : (forFamily ?? undefined);
  const session = useQuery(sessionQuery(sessionId, authState, attendee));
  const openings = useQuery(openingsQuery());
  const [added, setAdded] = useState(0);
  const chooseAttendee = (id: number | undefined) => {
    setAttendeeChosen(true);
    setChosenAttendee(id);
  };
  // The session's centre's look, however the customer came here (decision 0084).
  useDeclareThemeVenue(session.data?.venue.slug);
  // The tab names the session, not "Session" (WCAG 2.4.2; issue 34 item 4).
  usePageTitle(
    session.data
      ? `${session.data.activity.name}, ${dayDate(session.data.date)}, ${session.data.startTime}`
      : null,
  );
  if (session.isPending) return <Spinner label={activitiesWords('loadingSession')} />;
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
  // An announced opening that hasn't come yet: when booking opens, instead of a form (decision 0098).
  const opening = gatingOpening(openings.data, {
    activityId: data.activity.id,
    venueId: data.venue.id,
    date: data.date,
  });
  const beforeOpening = opening && (opening.state === 'announced' || opening.state === 'lobby');
  // Places left but no price open to this person: someone else in the family may still book it.
  const openToFamily = hasFamily && (availability.status === 'available' || availability.status === 'few');
  return (
    <article className="session-page">
      <p className="card__meta">{data.activity.category.name}</p>
      <h1>{data.activity.name}</h1>
      <p className="lead">
        <time dateTime={data.startsAt}>{sessionWhen(data.date, data.startTime, data.endTime)}</time>
      </p>
      <p className={`availability availability--${availability.status}`}>{availability.label}</p>
      <dl className="facts session-page__facts">
        <dt>{activitiesWords('where')}</dt>
        <dd>
          <Link to={`/location/${data.venue.slug}`}>{data.venue.name}</Link>, {whereText(data)}
        </dd>
        <dt>{activitiesWords('length')}</dt>
        <dd>{activitiesWords('minutes', { minutes: data.durationMinutes })}</dd>
        {data.ageLimit && (
          <>
            <dt>{activitiesWords('ages')}</dt>
            <dd>{data.ageLimit}</dd>
          </>
        )}
        {data.prices.length > 0 && (
          // Every price, full or not, whoever is looking (issue 33 item 4).
          <>
            <dt>{activitiesWords('prices')}</dt>
            <dd>{allPricesText(data.prices)}</dd>
          </>
        )}
        {data.yourPrice && (
          <>
            <dt>{attendee === undefined ? activitiesWords('youPay') : activitiesWords('theyPay')}</dt>
            <dd className="session-page__you-pay">
              {data.yourPrice.price.formatted}
              {data.yourPrice.because ? `: ${data.yourPrice.because}` : ''}
            </dd>
          </>
        )}
        <dt>{activitiesWords('cancelling')}</dt>
        <dd>{data.cancellationPolicy}</dd>
      </dl>
      {data.description && <p className="session-page__description">{data.description}</p>}
      {beforeOpening ? (
        <OpeningNotice opening={opening} back={`/sessions/${data.id}`} />
      ) : availability.bookable || openToFamily ? (
        <>
          <BookingForm
            session={data}
            attendee={attendee}
            onAttendee={chooseAttendee}
            onAdded={() => setAdded((count) => count + 1)}
            pricesLoading={session.isPlaceholderData}
          />
          <GuestPassForm session={data} />
        </>
      ) : availability.status === 'full' && data.kind === 'session' ? (
        // A full session's waiting list (decision 0052); a place kept for the customer is booked here.
        <WaitingListPanel
          sessionId={data.id}
          bookingForm={
            <BookingForm
              session={data}
              attendee={attendee}
              onAttendee={chooseAttendee}
              onAdded={() => setAdded((count) => count + 1)}
              pricesLoading={session.isPlaceholderData}
            />
          }
        />
      ) : loggedIn &&
        (availability.status === 'available' || availability.status === 'few') &&
        !data.bookingBlocked &&
        !openToThem(data) ? (
        <NotOpenToYou session={data} hasFamily={hasFamily} />
      ) : (
        <div className="notice">
          <p className="notice__title">{availability.label}</p>
          <p>{notBookableText(availability.status)}</p>
        </div>
      )}
      {added > 0 && <AddedNotice key={added} />}
      <PackageOffers
        venue={data.venue}
        covering={{ categoryKey: data.activity.category.key, activityId: data.activity.id }}
        headingLevel="h3"
        title={activitiesWords('saveWithPackage')}
      />
      <p>
        <Link to={`/location/${data.venue.slug}`} className={buttonClass('link', 'md')}>
          {activitiesWords('backToTimetable')}
          <span className="visually-hidden"> {activitiesWords('atVenue', { venue: data.venue.name })}</span>
        </Link>
      </p>
    </article>
  );
}
