import type { WaitingListCard, WaitingListEntry } from '@lido/contracts/waiting-list';
import { useQuery } from '@tanstack/react-query';
import { offerHoldText } from '@lido/pricing/waiting-list';
import { type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import { useAuthState } from '../../app/session/session-store.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Button } from '../../ui/button.tsx';
import { CheckboxField } from '../../ui/form-fields.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { LoginDialog } from '../auth/index.ts';
import { sessionWaitingListQuery, useJoinWaitingList, useLeaveWaitingList } from './waiting-list-api.ts';
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
        You are on the waiting list
      </h2>
      <p className="notice__title">{entry.statusText}</p>
      <p>
        {entry.payWithSavedCard
          ? `If a place frees up, we book it for you, pay for it with your saved card (${cardName(entry.payWithSavedCard)}) unless a membership benefit covers it, and email you. If the card cannot be charged, we email you and keep the place for you for ${held}.`
          : entry.autoBook
            ? `If a place frees up and costs you nothing, we book it for you and email you. Otherwise we email you and keep the place for you for ${held}.`
            : `If a place frees up, we email you and keep it for you for ${held}: book it before then.`}
      </p>
      {leave.isError && (
        <p className="error-line" role="alert">
          {errorText(leave.error)}
        </p>
      )}
      <Button variant="secondary" disabled={leave.isPending} onClick={() => leave.mutate(entry.id)}>
        {leave.isPending ? 'Leaving…' : 'Leave the waiting list'}
      </Button>
    </>
  );
}

/** "Visa ending 4242", as the checkout names a saved card. */
const cardName = (card: WaitingListCard) => `${card.cardType} ending ${card.lastFourDigits}`;

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
        Join the waiting list
      </h2>
      {left && (
        <p className="notice notice--success" role="status">
          You have left the waiting list.
        </p>
      )}
      <p>
        When a place frees up, the first on the list is emailed and the place is kept for them for {held};
        then it goes to the next.
      </p>
      <CheckboxField
        id="waiting-list-auto-book"
        label="Book it for me automatically when a place frees up, if it costs me nothing"
        checked={autoBook}
        onChange={(event) => setAutoBook(event.target.checked)}
      />
      {savedCard && (
        <>
          <CheckboxField
            id="waiting-list-pay-with-saved-card"
            label={`Book me automatically and pay with my saved card (${cardName(savedCard)}) if a place comes up`}
            aria-describedby="waiting-list-pay-with-saved-card-hint"
            checked={payWithSavedCard}
            onChange={(event) => setPayWithSavedCard(event.target.checked)}
          />
          <p className="field__hint" id="waiting-list-pay-with-saved-card-hint">
            We charge the price of your place to this card when we book it, unless a membership benefit covers
            it, and email you the receipt. If the card is declined, we email you and keep the place for you
            for {held} instead.
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
          {join.isPending ? 'Joining…' : 'Join the waiting list'}
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
        <h2>Waiting list</h2>
        <p>
          When a place frees up, the first on the waiting list is offered it. Log in to join the list, or to
          book a place kept for you.
        </p>
        <Button variant="primary" size="lg" aria-haspopup="dialog" onClick={() => setLoggingIn(true)}>
          Log in to use the waiting list
        </Button>
        <LoginDialog open={loggingIn} onClose={() => setLoggingIn(false)} />
      </div>
    );
  if (offered)
    return (
      <div className="panel waiting-list">
        <div className="notice notice--success">
          <p className="notice__title">A place is kept for you</p>
          {entry?.status === 'offered' && <p>{entry.statusText}. Add it to your basket to book it.</p>}
        </div>
        {bookingForm}
      </div>
    );
  if (list.isPending) return <Spinner label="Loading the waiting list" />;
  if (list.isError) return <p className="error-line">{errorText(list.error)}</p>;
  return (
    <div className="panel waiting-list">
      {entry ? (
        <Waiting entry={entry} held={offerHoldText(list.data.offerHours)} headingRef={heading} />
      ) : (
        <Join
          sessionId={sessionId}
          savedCard={list.data.savedCard ?? null}
          held={offerHoldText(list.data.offerHours)}
          headingRef={heading}
          left={left}
        />
      )}
    </div>
  );
}
