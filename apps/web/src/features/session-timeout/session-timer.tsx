import { TimeoutDialogs } from './timeout-dialogs.tsx';
import { useSessionTimeout } from './use-session-timeout.ts';

/** The timer and its dialogs: loaded the first time a customer is logged in on this page. */
export function SessionTimer({ kioskIdleRules }: { kioskIdleRules: boolean }) {
  return <TimeoutDialogs timeout={useSessionTimeout({ kioskIdleRules })} />;
}
