import { useRef } from 'react';
import { Button, buttonClass } from '../../ui/button.tsx';
import { LiveCountdown } from '../../ui/countdown.tsx';
import { Modal } from '../../ui/modal.tsx';

/**
 * The kiosk's idle warning (issue 21 item 1): asks before the reset and counts down to it, at
 * least 20 seconds. Only the buttons answer it: taps elsewhere no longer restart the count.
 */
export function MoreTimeDialog({
  resetAt,
  onMoreTime,
  onStartOver,
  onTimeout,
}: {
  /** when the kiosk resets, or null while the question is not asked */
  resetAt: number | null;
  onMoreTime: () => void;
  onStartOver: () => void;
  /** the count reached zero */
  onTimeout: () => void;
}) {
  const moreTime = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={resetAt !== null}
      title="Do you need more time?"
      onClose={onMoreTime}
      initialFocus={() => moreTime.current}
    >
      {resetAt !== null && (
        <LiveCountdown endsAt={resetAt} before="This screen will be cleared in" onEnd={onTimeout} />
      )}
      <p>Your selection will be cleared and anyone logged in on this screen will be logged out.</p>
      <div className="form__actions">
        <button ref={moreTime} type="button" className={buttonClass('primary', 'lg')} onClick={onMoreTime}>
          Yes, I need more time
        </button>
        <Button variant="secondary" size="lg" onClick={onStartOver}>
          Clear selection and go home
        </Button>
      </div>
    </Modal>
  );
}
