import { lazy, Suspense, useEffect, useState } from 'react';
import { useAuthState } from '../../app/session/session-store.ts';
import { useSessionTimeout } from './use-session-timeout.ts';

const loadDialogs = () => import('./timeout-dialogs.tsx');
const TimeoutDialogs = lazy(async () => ({ default: (await loadDialogs()).TimeoutDialogs }));

/**
 * The session timeout warning and the signed-out message (issue 21 item 1, WCAG 2.2.1), mounted
 * once per page by the root layout. The timer is here from the start; the dialogs load once a
 * customer is logged in (guests never need them, and they stay out of every site's first load),
 * and stay mounted once shown so a closing dialog can hand focus back.
 */
export function SessionTimeout({ kioskChrome }: { kioskChrome: boolean }) {
  const timeout = useSessionTimeout({ kioskChrome });
  const { loggedIn } = useAuthState();
  const [shown, setShown] = useState(false);
  if (!shown && timeout.phase.kind !== 'quiet') setShown(true);
  useEffect(() => {
    if (loggedIn) void loadDialogs().catch(() => undefined);
  }, [loggedIn]);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <TimeoutDialogs timeout={timeout} />
    </Suspense>
  );
}
