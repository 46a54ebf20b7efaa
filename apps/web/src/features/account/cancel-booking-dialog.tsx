import type { Booking } from '@lido/contracts/account';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../lib/api/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { useSessionWhen } from '../../i18n/session-when.ts';
import { bookingPlace } from './booking-text.ts';
import { accountWords } from './words.ts';

/** A refusal's words: the server's message for a 4xx, the generic line otherwise. */
function refusalText(error: Error): string {
  return error instanceof ApiError && error.status < 500 && error.message
    ? error.message
    : accountWords('somethingWrong');
}

/**
 * "Cancel this booking?": the booking and what comes back (the refund text from the server) are
 * stated before the one confirming action. Focus opens on that statement, so a screen reader reads
 * it before reaching the buttons; a refusal takes focus and leaves only "Keep booking".
 */
export function CancelBookingDialog({
  booking,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  booking: Booking | null;
  pending: boolean;
  error: Error | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const statement = useRef<HTMLDivElement>(null);
  const refusal = useRef<HTMLParagraphElement>(null);
  const whenOf = useSessionWhen();
  useEffect(() => {
    if (error) refusal.current?.focus();
  }, [error]);
  // A refusal the server stands by (the cut-off has passed) cannot be confirmed away; a failure
  // of ours (5xx, no network) may be tried again.
  const refused = error instanceof ApiError && error.status < 500;
  return (
    <Modal
      open={booking !== null}
      title={accountWords('cancelBookingTitle')}
      onClose={onClose}
      initialFocus={() => statement.current}
    >
      {booking && (
        <>
          <div ref={statement} tabIndex={-1} className="cancel-booking__statement">
            <p>
              <strong>{booking.activityName}</strong>
              <br />
              {whenOf(booking)}
              <br />
              {bookingPlace(booking)}
            </p>
            {booking.cancellation && <p>{booking.cancellation.refundText}</p>}
          </div>
          {error && (
            <p ref={refusal} tabIndex={-1} className="error-line" role="alert">
              {refusalText(error)}
            </p>
          )}
          <div className="form__actions">
            {!refused && (
              <Button variant="primary" size="lg" onClick={onConfirm} disabled={pending}>
                {pending ? accountWords('cancelling') : accountWords('yesCancelBooking')}
              </Button>
            )}
            <Button variant="secondary" size="lg" onClick={onClose}>
              {accountWords('keepBooking')}
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}
