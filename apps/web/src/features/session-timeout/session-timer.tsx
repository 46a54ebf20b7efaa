import type { SessionAccount } from './session-account.ts';
import { TimeoutDialogs } from './timeout-dialogs.tsx';
import { useSessionTimeout } from './use-session-timeout.ts';

/** The timer and its dialogs: loaded the first time someone is logged in on this page. */
export function SessionTimer({
  kioskIdleRules,
  account,
}: {
  kioskIdleRules: boolean;
  account: SessionAccount;
}) {
  return (
    <TimeoutDialogs timeout={useSessionTimeout({ kioskIdleRules, account })} logOut={account.useLogOut()} />
  );
}
