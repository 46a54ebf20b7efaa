import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useClientSettings } from '../../app/client-settings/get-client-settings.ts';
import { useAuthState } from '../../app/session/session-store.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Link } from '../../router/index.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { LoginDialog } from '../auth/index.ts';
import { type BookingOpening, reminderQuery, setReminder } from './openings-api.ts';
import { clockTime } from './waiting-room-words.ts';
import { openingsWords } from './words.ts';

/**
 * What a gated session's page says instead of its booking form before an announced opening
 * (issue 39 item 1, decision 0098): when booking opens, how the waiting room is fair, and either
 * the way into the waiting room (once it is open) or an email when it opens.
 */
export function OpeningNotice({ opening, back }: { opening: BookingOpening; back: string }) {
  // From the opening the form shows again: an add without a turn is sent to the waiting room.
  const { timeZone } = useClientSettings();
  const opensAt = clockTime(opening.opensAt, timeZone);
  const waitingRoom = `/openings/${opening.id}?back=${encodeURIComponent(back)}`;
  return (
    <div className="notice opening-notice">
      <p className="notice__title">{opening.opensText}</p>
      {opening.state === 'lobby' ? (
        <>
          <p>{openingsWords('lobbyOpen', { opensAt })}</p>
          <p>
            <Link to={waitingRoom} className={buttonClass('primary', 'md')}>
              {openingsWords('goToWaitingRoom')}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p>
            {openingsWords('lobbyOpensAt', {
              lobbyOpensAt: clockTime(opening.lobbyOpensAt, timeZone),
              opensAt,
            })}
          </p>
          <Reminder opening={opening} />
        </>
      )}
    </div>
  );
}

/** "Email me when the waiting room opens", for a logged-in customer; a visitor logs in first. */
function Reminder({ opening }: { opening: BookingOpening }) {
  const { loggedIn } = useAuthState();
  const [loggingIn, setLoggingIn] = useState(false);
  const queryClient = useQueryClient();
  const reminder = useQuery(reminderQuery(opening.id, loggedIn));
  const change = useMutation({
    mutationFn: (reminding: boolean) => setReminder(opening.id, reminding),
    onSuccess: (answer) => queryClient.setQueryData(reminderQuery(opening.id, true).queryKey, answer),
  });
  if (!loggedIn)
    return (
      <>
        <p>
          <Button variant="secondary" onClick={() => setLoggingIn(true)} aria-haspopup="dialog">
            {openingsWords('logInToBeEmailed')}
          </Button>
        </p>
        <LoginDialog open={loggingIn} onClose={() => setLoggingIn(false)} />
      </>
    );
  if (!reminder.data) return null;
  const reminding = reminder.data.reminding;
  const error = change.error;
  return (
    <>
      {/* One toggle, so focus stays on it as its state changes (never disabled under the finger). */}
      <p>
        <Button
          variant="secondary"
          aria-pressed={reminding}
          onClick={() => {
            if (!change.isPending) change.mutate(!reminding);
          }}
        >
          {openingsWords('emailMe')}
        </Button>
      </p>
      <p role="status">{reminding ? openingsWords('willEmail') : ''}</p>
      {error && (
        <p className="error-line" role="alert">
          {error instanceof ApiError && error.status < 500 && error.message
            ? error.message
            : genericErrorLine(error instanceof ApiError ? error.status : null)}
        </p>
      )}
    </>
  );
}
