import type { ClientSettings } from '@lido/contracts/client-settings';
import { useState } from 'react';
import { kioskWarningAfterMs } from './kiosk-timing.ts';
import { useIdleTimers } from './use-idle-timers.ts';

/**
 * The kiosk's idle rules on every site (issue 21 items 1 and 11): after the warning time,
 * "Do you need more time?" counts down to the operator's reset time (`resetAt`); on a confirmation
 * page the kiosk goes home after the confirmation time instead. While the question is open only
 * its buttons answer it: taps elsewhere no longer restart the count.
 */
export function useIdleQuestion({
  idle,
  enabled,
  onConfirmationPage,
  goHome,
  onAsk,
}: {
  idle: ClientSettings['kioskIdle'];
  enabled: boolean;
  onConfirmationPage: boolean;
  /** the confirmation page's time ran out */
  goHome: () => void;
  onAsk?: () => void;
}) {
  // When the question's count ends; null while it is not asked.
  const [resetAt, setResetAt] = useState<number | null>(null);
  const warningAfterMs = kioskWarningAfterMs(idle);
  useIdleTimers(
    onConfirmationPage
      ? [{ afterMs: idle.orderConfirmedMs, run: goHome }]
      : [
          {
            afterMs: warningAfterMs,
            run: () => {
              onAsk?.();
              setResetAt(Date.now() + idle.resetMs - warningAfterMs);
            },
          },
        ],
    enabled && resetAt === null,
  );
  return { resetAt, answered: () => setResetAt(null) };
}
