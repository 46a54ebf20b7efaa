import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useClientSettings } from '../../app/client-settings/get-client-settings.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { safeRedirect } from '../../app/safe-redirect.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Link, useParams, useSearchParams } from '../../router/index.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { RequireLogin } from '../auth/index.ts';
import { joinQueue, type QueuePlace, queuePlaceQuery } from './openings-api.ts';
import { clockTime, ordinal, spokenPlace, waitWords } from './waiting-room-words.ts';
import { openingsWords } from './words.ts';
import { wordsWithParts } from '../../i18n/words-with-parts.tsx';

/** A screen reader hears the place at most this often, unless the state itself changed. */
const quietMs = 60_000;

/**
 * /openings/{id} on the bookings site: the waiting room of an announced opening (issue 39,
 * decision 0094). Joining is automatic; the page asks for the place as often as the server
 * suggests, and sends the customer back to book when it's their turn.
 */
export function WaitingRoomPage() {
  return (
    <RequireLogin>
      <WaitingRoom />
    </RequireLogin>
  );
}

function WaitingRoom() {
  const { openingId = '' } = useParams();
  const [search] = useSearchParams();
  const back = safeRedirect(search.get('back'));
  const queryClient = useQueryClient();
  const key = queuePlaceQuery(openingId, false).queryKey;
  const join = useMutation({
    mutationFn: () => joinQueue(openingId),
    onSuccess: (place) => queryClient.setQueryData(key, place),
  });
  const joinOnce = useRef(false);
  useEffect(() => {
    if (joinOnce.current) return;
    joinOnce.current = true;
    join.mutate();
  }, [join]);
  const place = useQuery(queuePlaceQuery(openingId, join.isSuccess));
  usePageTitle(
    place.data
      ? openingsWords('pageTitle', { opening: place.data.opening.name })
      : openingsWords('waitingRoom'),
  );

  if (join.isError) {
    const error = join.error;
    return (
      <article className="waiting-room">
        <h1>{openingsWords('waitingRoom')}</h1>
        <p className="error-line" role="alert">
          {error instanceof ApiError && error.status < 500 && error.message
            ? error.message
            : genericErrorLine(error instanceof ApiError ? error.status : null)}
        </p>
        <p>
          <Link to={back} className={buttonClass('link', 'md')}>
            {openingsWords('backToTimetable')}
          </Link>
        </p>
      </article>
    );
  }
  if (!place.data) return <Spinner label={openingsWords('joiningQueue')} />;
  return (
    <WaitingRoomPlace
      place={place.data}
      reconnecting={place.isError}
      back={back}
      onJoinAgain={() => join.mutate()}
      joining={join.isPending}
    />
  );
}

function WaitingRoomPlace({
  place,
  reconnecting,
  back,
  onJoinAgain,
  joining,
}: {
  place: QueuePlace;
  reconnecting: boolean;
  back: string;
  onJoinAgain: () => void;
  joining: boolean;
}) {
  const { timeZone } = useClientSettings();
  const spoken = useSpokenPlace(place, timeZone);
  // Sent here from a refused "Add to basket", the customer starts at the heading, never on the page.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body || focused.id === 'main-content') heading.current?.focus();
  }, []);
  const wait = waitWords(place.estimatedWaitSeconds);
  return (
    <article className="waiting-room">
      <h1 ref={heading} tabIndex={-1}>
        {place.opening.name}
      </h1>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {spoken}
      </p>
      {place.placesLeft === 0 && place.status !== 'lapsed' ? (
        // Nothing left to wait for: say so now, with the way to a waiting list (decision 0098).
        <div className="panel waiting-room__gone">
          <h2>{openingsWords('goneTitle')}</h2>
          <p>{openingsWords('gone')}</p>
          <Link to={back} className={buttonClass('primary', 'md')}>
            {openingsWords('joinAWaitingList')}
          </Link>
        </div>
      ) : place.status === 'admitted' ? (
        <div className="panel waiting-room__turn">
          <h2>{openingsWords('turnTitle')}</h2>
          <p>{openingsWords('turn', { until: clockTime(place.admittedUntil!, timeZone) })}</p>
          <Link to={back} className={buttonClass('primary', 'md')}>
            {openingsWords('bookNow')}
          </Link>
        </div>
      ) : place.status === 'lapsed' ? (
        <div className="panel">
          <h2>{openingsWords('lapsedTitle')}</h2>
          <p>{openingsWords('lapsed')}</p>
          <Button variant="primary" onClick={onJoinAgain} disabled={joining}>
            {openingsWords('joinAgain')}
          </Button>
        </div>
      ) : place.position === null ? (
        <div className="panel">
          <h2>{openingsWords('inRoomTitle')}</h2>
          <p className="lead">{place.opening.opensText}.</p>
          <p>{openingsWords('inRoom', { opensAt: clockTime(place.opening.opensAt, timeZone) })}</p>
        </div>
      ) : (
        <div className="panel">
          <h2>
            {wordsWithParts(openingsWords, 'positionTitle', {
              position: <span className="waiting-room__position">{ordinal(place.position)}</span>,
            })}
          </h2>
          {wait && <p className="lead">{openingsWords('yourWait', { wait })}</p>}
          {place.placesLeft !== null && <p>{openingsWords('placesLeft', { left: place.placesLeft })}</p>}
          <p>{openingsWords('inQueue')}</p>
        </div>
      )}
      {reconnecting && (
        <p className="error-line" role="status">
          {openingsWords('reconnecting')}
        </p>
      )}
    </article>
  );
}

/** What the live region says: a changed state at once, a moving place at most once a minute. */
function useSpokenPlace(place: QueuePlace, timeZone: string): string {
  const [spoken, setSpoken] = useState('');
  const last = useRef({ status: '', at: 0 });
  const next = spokenPlace(place, timeZone);
  useEffect(() => {
    const now = Date.now();
    const state = `${place.status}:${place.position === null}:${place.placesLeft === 0}`;
    const stateChanged = last.current.status !== state;
    if (next === spoken || (!stateChanged && now - last.current.at < quietMs)) return;
    last.current = { status: state, at: now };
    // Filled just after the region appears, so the first state is announced too.
    const timer = window.setTimeout(() => setSpoken(next), 100);
    return () => window.clearTimeout(timer);
  }, [next, place.status, place.position, place.placesLeft, spoken]);
  return spoken;
}
