import { useRef, useState } from 'react';
import { useNavigate } from '../../router/index.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { durationWords, LiveCountdown } from '../../ui/countdown.tsx';
import { Modal } from '../../ui/modal.tsx';
import { LoginControl } from '../chrome/index.ts';
import type { SessionTimeoutControls, TimeoutPhase } from './use-session-timeout.ts';
import { timeoutWords } from './words.ts';

function WarningDialog({
  phase,
  onStay,
  onDismissLimit,
  onSignOut,
}: {
  phase: TimeoutPhase;
  onStay: () => Promise<boolean>;
  onDismissLimit: () => void;
  onSignOut: () => void;
}) {
  const open = phase.kind === 'warning';
  const firstButton = useRef<HTMLButtonElement>(null);
  const [failed, setFailed] = useState(false);
  const extendable = phase.kind === 'warning' && phase.extendable;
  const stay = async () => setFailed(!(await onStay()));
  return (
    <Modal
      open={open}
      title={timeoutWords('warningTitle')}
      // Escape or Close means "keep me here", as GOV.UK's timeout warning does.
      onClose={() => (extendable ? void stay() : onDismissLimit())}
      initialFocus={() => firstButton.current}
    >
      {phase.kind === 'warning' && (
        <LiveCountdown endsAt={phase.endsAt} before={timeoutWords('countdownBefore')} />
      )}
      {extendable ? <p>{timeoutWords('keepSecure')}</p> : <p>{timeoutWords('sessionLimit')}</p>}
      {failed && (
        <p className="field__error" role="alert">
          {timeoutWords('extendFailed')}
        </p>
      )}
      <div className="form__actions">
        {extendable ? (
          <button
            ref={firstButton}
            type="button"
            className={buttonClass('primary', 'lg')}
            onClick={() => void stay()}
          >
            {timeoutWords('staySignedIn')}
          </button>
        ) : (
          <button
            ref={firstButton}
            type="button"
            className={buttonClass('primary', 'lg')}
            onClick={onDismissLimit}
          >
            {timeoutWords('continue')}
          </button>
        )}
        <Button variant="secondary" size="lg" onClick={onSignOut}>
          {timeoutWords('logOut')}
        </Button>
      </div>
    </Modal>
  );
}

function ExpiredDialog({ phase, onClose }: { phase: TimeoutPhase; onClose: () => void }) {
  const open = phase.kind === 'expired';
  const idle = phase.kind === 'expired' && phase.reason === 'idle' && phase.idleTimeoutMs !== null;
  return (
    <Modal open={open} title={timeoutWords('signedOutTitle')} onClose={onClose}>
      {phase.kind === 'expired' && (
        <p>
          {idle && phase.idleTimeoutMs !== null
            ? timeoutWords('signedOutIdle', { duration: durationWords(phase.idleTimeoutMs) })
            : timeoutWords('signedOutEnded')}
        </p>
      )}
      <p>{timeoutWords('notSaved')}</p>
      <div className="form__actions">
        <LoginControl className="button button--primary button--lg" />
        <Button variant="secondary" size="lg" onClick={onClose}>
          {timeoutWords('close')}
        </Button>
      </div>
    </Modal>
  );
}

/** The warning and the signed-out message for the session timer's current phase. */
export function TimeoutDialogs({
  timeout,
  logOut,
}: {
  timeout: SessionTimeoutControls;
  logOut: () => Promise<unknown>;
}) {
  const navigate = useNavigate();
  return (
    <>
      <WarningDialog
        phase={timeout.phase}
        onStay={timeout.staySignedIn}
        onDismissLimit={timeout.dismissLimitWarning}
        onSignOut={() => {
          timeout.close();
          void logOut()
            .catch(() => undefined)
            .then(() => navigate('/'));
        }}
      />
      <ExpiredDialog phase={timeout.phase} onClose={timeout.close} />
    </>
  );
}
