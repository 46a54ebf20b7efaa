import { useRef } from 'react';
import { Button, buttonClass } from '../../ui/button.tsx';
import { LiveCountdown } from '../../ui/countdown.tsx';
import { Modal } from '../../ui/modal.tsx';
import { kioskWords } from './words.ts';

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
      title={kioskWords('moreTimeTitle')}
      onClose={onMoreTime}
      initialFocus={() => moreTime.current}
    >
      {resetAt !== null && (
        <LiveCountdown endsAt={resetAt} before={kioskWords('clearedIn')} onEnd={onTimeout} />
      )}
      <p>{kioskWords('selectionCleared')}</p>
      <div className="form__actions">
        <button ref={moreTime} type="button" className={buttonClass('primary', 'lg')} onClick={onMoreTime}>
          {kioskWords('needMoreTime')}
        </button>
        <Button variant="secondary" size="lg" onClick={onStartOver}>
          {kioskWords('clearAndGoHome')}
        </Button>
      </div>
    </Modal>
  );
}
