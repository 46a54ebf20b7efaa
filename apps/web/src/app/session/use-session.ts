import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type AuthUser, userQuery } from './get-user.ts';

/** Everything cached under 'auth' belongs to one session: the user, their basket, their account lists. */
const sessionQueryKeys = ['auth'];
import { authCheckIntervalMs, checkAuthState, useAuthState } from './session-store.ts';

export interface SessionSummary {
  isLoggedIn: boolean;
  firstName: string | null;
  user?: AuthUser | undefined;
}

/**
 * The customer's session as pages and chrome need it. On the staff site the customer is the one
 * selected at the desk (the calls name them), so the joining and booking pages treat them as logged in.
 */
export function useSession(): SessionSummary {
  const { loggedIn } = useAuthState();
  const user = useQuery(userQuery(loggedIn));
  const isLoggedIn = loggedIn && user.data !== undefined;
  return {
    isLoggedIn,
    firstName: isLoggedIn ? user.data.firstName : null,
    user: isLoggedIn ? user.data : undefined,
  };
}

/**
 * Every 5 seconds, notices a login or logout made in another tab or on another site, and reloads or
 * drops the user accordingly. Mounted once per page, in the root layout.
 */
export function useAuthStateWatcher(): void {
  const queryClient = useQueryClient();
  const { state } = useAuthState();
  useEffect(() => {
    const timer = window.setInterval(checkAuthState, authCheckIntervalMs);
    return () => window.clearInterval(timer);
  }, []);
  // The state the page started in: what is cached was read in it (route loaders read ahead as the
  // page loads), so only a change makes it stale. Reading it all again on mount doubled checkout's
  // basket and terms calls.
  const cachedFor = useRef(state);
  useEffect(() => {
    if (cachedFor.current === state) return;
    cachedFor.current = state;
    // Whatever the change, the cached user and basket belong to the previous state.
    void queryClient.invalidateQueries({ queryKey: sessionQueryKeys });
    if (!state?.startsWith('in.')) queryClient.removeQueries({ queryKey: sessionQueryKeys });
  }, [state, queryClient]);
}
