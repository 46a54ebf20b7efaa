import type { ClientSettings } from '@lido/contracts/client-settings';
import { useState } from 'react';
import { kioskAnswerMs, kioskWarningAfterMs } from './kiosk-timing.ts';
import { useIdleTimers } from './use-idle-timers.ts';

/**
 * The kiosk's idle rules on every site (issue 21 items 1 and 11): after the warning time,
 * "Do you need more time?" counts down to the operator's reset time (`resetAt`). On a confirmation
 * page the question comes after the confirmation time and counts down 20 s to going home: no
 * reset comes unwarned (WCAG 2.2.1; issue 34 item 3). While the question is open only its buttons
 * answer it: taps elsewhere no longer restart the count.
 */
export function useIdleQuestion({
  idle,
  enabled,
  onConfirmationPage,
  onAsk,
}: {
  idle: ClientSettings['kioskIdle'];
  enabled: boolean;
  onConfirmationPage: boolean;
  onAsk?: () => void;
}) {
  // When the question's count ends; null while it is not asked.
  const [resetAt, setResetAt] = useState<number | null>(null);
  const { askAfterMs, answerMs } = onConfirmationPage
    ? { askAfterMs: idle.orderConfirmedMs, answerMs: kioskAnswerMs }
    : { askAfterMs: kioskWarningAfterMs(idle), answerMs: idle.resetMs - kioskWarningAfterMs(idle) };
  useIdleTimers(
    [
      {
        afterMs: askAfterMs,
        run: () => {
          onAsk?.();
          setResetAt(Date.now() + answerMs);
        },
      },
    ],
    enabled && resetAt === null,
  );
  return { resetAt, answered: () => setResetAt(null) };
}
