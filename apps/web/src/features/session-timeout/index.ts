// The session timeout feature's public surface: the warning and signed-out dialogs the root layout mounts.
export { SessionTimeout } from './session-timeout.tsx';
export type { SessionAccount } from './session-account.ts';
