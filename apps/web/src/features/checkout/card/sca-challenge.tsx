import type { ScaCompletedMessage } from '@lido/contracts/payments';
import { useEffect, useRef } from 'react';
import { Modal } from '../../../ui/modal.tsx';
import type { ScaChallenge } from './payment-status.ts';
import { checkoutWords } from '../words.ts';

/**
 * The issuer's 3-D Secure challenge in a frame (payments-reference.md §1.5): our page posts the
 * challenge request into the frame, the issuer answers to our notification URL inside it, and that
 * page posts `sca_completed` back here. Only a message from our own origin and that frame counts.
 */
export function ScaChallengeDialog({
  challenge,
  onResult,
  onCancel,
}: {
  challenge: ScaChallenge | null;
  onResult: (message: ScaCompletedMessage) => void;
  onCancel: () => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const intro = useRef<HTMLParagraphElement>(null);
  // Set once the challenge request is posted: the frame's next load is the bank's page.
  const posted = useRef(false);
  const handlers = useRef({ onResult, onCancel });
  useEffect(() => {
    handlers.current = { onResult, onCancel };
  });

  useEffect(() => {
    if (!challenge) return;
    // The issuer wants the request within 30 s: post it as soon as the frame exists.
    form.current?.submit();
    posted.current = true;
    const listen = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      const data = event.data as Partial<ScaCompletedMessage> | null;
      if (data?.type !== 'sca_completed' || data.transaction_uuid !== challenge.transactionUuid) return;
      handlers.current.onResult(data as ScaCompletedMessage);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [challenge]);

  const frameName = challenge ? `sca-${challenge.transactionUuid}` : 'sca';
  return (
    <Modal
      open={challenge !== null}
      title={checkoutWords('scaTitle')}
      width={500}
      // Not "Close" (where Enter would cancel the payment), nor the empty frame, where focus showed
      // nowhere and typing went nowhere: the words saying what happens, then the bank's page once
      // it has loaded (issue 34 item 2).
      initialFocus={() => intro.current}
      onClose={() => handlers.current.onCancel()}
    >
      {challenge && (
        <>
          <p ref={intro} tabIndex={-1} className="sca-intro">
            {checkoutWords('scaIntro')}
          </p>
          <form
            ref={form}
            method="post"
            action={challenge.scaUrl}
            target={frameName}
            className="visually-hidden"
            aria-hidden="true"
          >
            {Object.entries(challenge.scaData).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
          </form>
          <iframe
            ref={frame}
            name={frameName}
            title={checkoutWords('scaFrame')}
            className="sca-frame"
            onLoad={() => {
              if (posted.current && document.activeElement === intro.current) frame.current?.focus();
            }}
          />
        </>
      )}
    </Modal>
  );
}
