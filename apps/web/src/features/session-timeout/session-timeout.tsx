import { lazy, Suspense, useState } from 'react';
import { customerSessionAccount, type SessionAccount } from './session-account.ts';

const SessionTimer = lazy(async () => ({ default: (await import('./session-timer.tsx')).SessionTimer }));

/**
 * The session timeout warning and the signed-out message (issue 21 item 1, WCAG 2.2.1), mounted
 * once per page by the root layout. Guests have no session to time, so the timer and its dialogs
 * load the first time a customer is logged in on this page (they stay out of every site's first
 * load), and stay mounted after a logout so "You have been signed out" can be said and focus handed back.
 */
export function SessionTimeout({
  kioskIdleRules,
  account = customerSessionAccount,
}: {
  kioskIdleRules: boolean;
  account?: SessionAccount;
}) {
  const loggedIn = account.useLoggedIn();
  const [needed, setNeeded] = useState(loggedIn);
  if (loggedIn && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <SessionTimer kioskIdleRules={kioskIdleRules} account={account} />
    </Suspense>
  );
}
