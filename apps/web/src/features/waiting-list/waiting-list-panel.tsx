import type { WaitingListCard, WaitingListEntry } from '@lido/contracts/waiting-list';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import { useAuthState } from '../../app/session/session-store.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Button } from '../../ui/button.tsx';
import { CheckboxField } from '../../ui/form-fields.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { LoginDialog } from '../auth/index.ts';
import { sessionWaitingListQuery, useJoinWaitingList, useLeaveWaitingList } from './waiting-list-api.ts';
import { waitingListWords } from './words.ts';
import './waiting-list.css';

const errorText = (error: unknown) =>
  error instanceof ApiError && error.status < 500 && error.message
    ? error.message
    : genericErrorLine(error instanceof ApiError ? error.status : null);

/** Where the customer stands, with "Leave the waiting list". */
function Waiting({
  entry,
  held,
  headingRef,
}: {
  entry: WaitingListEntry;
  /** how long a freed place is kept: "2 hours" */
  held: string;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const leave = useLeaveWaitingList();
  return (
    <>
      <h2 ref={headingRef} tabIndex={-1}>
        {waitingListWords('youAreOnIt')}
      </h2>
      <p className="notice__title">{entry.statusText}</p>
      <p>
        {entry.payWithSavedCard
          ? waitingListWords('whenFreeSavedCard', { card: cardName(entry.payWithSavedCard), held })
          : entry.autoBook
            ? waitingListWords('whenFreeAutoBook', { held })
            : waitingListWords('whenFree', { held })}
      </p>
      {leave.isError && (
        <p className="error-line" role="alert">
          {errorText(leave.error)}
        </p>
      )}
      <Button variant="secondary" disabled={leave.isPending} onClick={() => leave.mutate(entry.id)}>
        {leave.isPending ? waitingListWords('leaving') : waitingListWords('leaveTheList')}
      </Button>
    </>
  );
}

/** "Visa ending 4242", as the checkout names a saved card. */
const cardName = (card: WaitingListCard) =>
  waitingListWords('cardName', { cardType: card.cardType, lastFour: card.lastFourDigits });

/**
 * "Join the waiting list", with the choice to be booked automatically and, for a customer with a
 * saved card, to have that card pay for it (decision 0054).
 */
function Join({
  sessionId,
  savedCard,
  held,
  headingRef,
  left,
}: {
  sessionId: number;
  savedCard: WaitingListCard | null;
  /** how long a freed place is kept: "2 hours" */
  held: string;
  headingRef: Ref<HTMLHeadingElement>;
  left: boolean;
}) {
  const join = useJoinWaitingList(sessionId);
  const [autoBook, setAutoBook] = useState(false);
  const [payWithSavedCard, setPayWithSavedCard] = useState(false);
  return (
    <form
      aria-labelledby="waiting-list-heading"
      onSubmit={(event) => {
        event.preventDefault();
        join.mutate({ autoBook: autoBook || payWithSavedCard, payWithSavedCard });
      }}
    >
      <h2 id="waiting-list-heading" ref={headingRef} tabIndex={-1}>
        {waitingListWords('joinTheList')}
      </h2>
      {left && (
        <p className="notice notice--success" role="status">
          {waitingListWords('youHaveLeftIt')}
        </p>
      )}
      <p>{waitingListWords('howItWorks', { held })}</p>
      <CheckboxField
        id="waiting-list-auto-book"
        label={waitingListWords('autoBook')}
        checked={autoBook}
        onChange={(event) => setAutoBook(event.target.checked)}
      />
      {savedCard && (
        <>
          <CheckboxField
            id="waiting-list-pay-with-saved-card"
            label={waitingListWords('payWithSavedCard', { card: cardName(savedCard) })}
            aria-describedby="waiting-list-pay-with-saved-card-hint"
            checked={payWithSavedCard}
            onChange={(event) => setPayWithSavedCard(event.target.checked)}
          />
          <p className="field__hint" id="waiting-list-pay-with-saved-card-hint">
            {waitingListWords('payWithSavedCardHint', { held })}
          </p>
        </>
      )}
      {join.isError && (
        <p className="error-line" role="alert">
          {errorText(join.error)}
        </p>
      )}
      <div className="form__actions">
        <Button type="submit" variant="primary" size="lg" disabled={join.isPending}>
          {join.isPending ? waitingListWords('joining') : waitingListWords('joinTheList')}
        </Button>
      </div>
    </form>
  );
}

/**
 * A full session's waiting list (decision 0052): join it, see where you stand and leave it, or,
 * when a freed place is kept for you, book it with the usual form (`bookingForm`). Focus moves to
 * the new heading after joining or leaving, as after any page-level action.
 */
export function WaitingListPanel({ sessionId, bookingForm }: { sessionId: number; bookingForm: ReactNode }) {
  const { loggedIn } = useAuthState();
  const [loggingIn, setLoggingIn] = useState(false);
  const list = useQuery({ ...sessionWaitingListQuery(sessionId), enabled: loggedIn });
  const entry = list.data?.entry ?? null;
  // Once a kept place is shown, the booking form stays: adding it to the basket ends the offer.
  const [offered, setOffered] = useState(false);
  if (entry?.status === 'offered' && !offered) setOffered(true);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = entry ? 'waiting' : 'join';
  const [lastShown, setLastShown] = useState<string | null>(null);
  const [left, setLeft] = useState(false);
  if (list.isSuccess && lastShown !== shown) {
    if (lastShown === 'waiting' && shown === 'join') setLeft(true);
    if (shown === 'waiting') setLeft(false);
    setLastShown(shown);
  }
  const changed = useRef(false);
  useEffect(() => {
    // Not on the first showing, unless the customer logged in here (the login dialog went with the
    // logged-out panel, and focus with it: issue 34 item 1); and after they joined or left.
    if (changed.current || loggingIn) heading.current?.focus();
    changed.current = lastShown !== null;
  }, [lastShown, loggingIn]);

  if (!loggedIn)
    return (
      <div className="panel waiting-list">
        <h2>{waitingListWords('waitingList')}</h2>
        <p>{waitingListWords('loggedOut')}</p>
        <Button variant="primary" size="lg" aria-haspopup="dialog" onClick={() => setLoggingIn(true)}>
          {waitingListWords('logInToUse')}
        </Button>
        <LoginDialog open={loggingIn} onClose={() => setLoggingIn(false)} />
      </div>
    );
  if (offered)
    return (
      <div className="panel waiting-list">
        <div className="notice notice--success">
          <p className="notice__title">{waitingListWords('placeKept')}</p>
          {entry?.status === 'offered' && (
            <p>{waitingListWords('placeKeptHow', { status: entry.statusText })}</p>
          )}
        </div>
        {bookingForm}
      </div>
    );
  if (list.isPending) return <Spinner label={waitingListWords('loading')} />;
  if (list.isError) return <p className="error-line">{errorText(list.error)}</p>;
  return (
    <div className="panel waiting-list">
      {entry ? (
        <Waiting
          entry={entry}
          held={waitingListWords('held', { hours: list.data.offerHours })}
          headingRef={heading}
        />
      ) : (
        <Join
          sessionId={sessionId}
          savedCard={list.data.savedCard ?? null}
          held={waitingListWords('held', { hours: list.data.offerHours })}
          headingRef={heading}
          left={left}
        />
      )}
    </div>
  );
}
