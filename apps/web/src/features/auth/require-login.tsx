import type { ReactNode } from 'react';
import { Navigate, useLocation } from '../../router/index.ts';
import { useAuthState } from '../../app/session/session-store.ts';

/** A protected route: a logged-out visitor goes to /login with the way back in `redirect`. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { loggedIn } = useAuthState();
  const location = useLocation();
  if (!loggedIn) {
    const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
    // Keyed by location: if another navigation lands here while this is shown, it redirects again.
    return <Navigate key={location.key} to={`/login?redirect=${redirect}`} replace />;
  }
  return <>{children}</>;
}
