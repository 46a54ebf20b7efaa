import { useRef, useState } from 'react';
import { useNavigate } from '../../router/index.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { durationWords, LiveCountdown } from '../../ui/countdown.tsx';
import { Modal } from '../../ui/modal.tsx';
import { LoginControl } from '../chrome/index.ts';
import type { SessionTimeoutControls, TimeoutPhase } from './use-session-timeout.ts';

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
      title="You will be signed out soon"
      // Escape or Close means "keep me here", as GOV.UK's timeout warning does.
      onClose={() => (extendable ? void stay() : onDismissLimit())}
      initialFocus={() => firstButton.current}
    >
      {phase.kind === 'warning' && <LiveCountdown endsAt={phase.endsAt} before="We will sign you out in" />}
      {extendable ? (
        <p>
          We do this to keep your information secure. Anything you have entered but not sent will be lost.
        </p>
      ) : (
        <p>
          You have been signed in for as long as one session can last. Send or note what you are doing, then
          log in again to carry on.
        </p>
      )}
      {failed && (
        <p className="field__error" role="alert">
          We could not reach the server to keep you signed in. Check your connection and try again.
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
            Stay signed in
          </button>
        ) : (
          <button
            ref={firstButton}
            type="button"
            className={buttonClass('primary', 'lg')}
            onClick={onDismissLimit}
          >
            Continue
          </button>
        )}
        <Button variant="secondary" size="lg" onClick={onSignOut}>
          Log out
        </Button>
      </div>
    </Modal>
  );
}

function ExpiredDialog({ phase, onClose }: { phase: TimeoutPhase; onClose: () => void }) {
  const open = phase.kind === 'expired';
  const idle = phase.kind === 'expired' && phase.reason === 'idle' && phase.idleTimeoutMs !== null;
  return (
    <Modal open={open} title="You have been signed out" onClose={onClose}>
      {phase.kind === 'expired' && (
        <p>
          {idle && phase.idleTimeoutMs !== null
            ? `We signed you out because you had not done anything for ${durationWords(phase.idleTimeoutMs)}, to keep your information secure.`
            : 'Your session has ended, so you are no longer signed in.'}
        </p>
      )}
      <p>Anything you entered on this page and had not sent has not been saved.</p>
      <div className="form__actions">
        <LoginControl className="button button--primary button--lg" />
        <Button variant="secondary" size="lg" onClick={onClose}>
          Close
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
