import { useLogout } from '../../app/session/login.ts';
import { checkAuthState, useAuthState } from '../../app/session/session-store.ts';

/**
 * Whose session the timer mirrors: the customer's (`/api/auth/session`) on the customer sites, the
 * staff user's (`/api/staff/session`) on the staff site. The warning and the dialogs are the same.
 */
export interface SessionAccount {
  /** the API prefix of `{api}/session` and `{api}/session/extend` */
  api: 'auth' | 'staff';
  useLoggedIn: () => boolean;
  /** Told when the server ended the session (its 401 cleared the cookies). */
  noticeEnded: () => void;
  /** The "Log out" of the warning. */
  useLogOut: () => () => Promise<unknown>;
}

export const customerSessionAccount: SessionAccount = {
  api: 'auth',
  useLoggedIn: () => useAuthState().loggedIn,
  noticeEnded: () => void checkAuthState(),
  useLogOut: () => {
    const logout = useLogout();
    return () => logout.mutateAsync();
  },
};
