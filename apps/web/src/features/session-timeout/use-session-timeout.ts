import type { SessionTimes } from '@lido/contracts/auth';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiFetch, setUnauthorizedHandler } from '../../lib/api/api-client.ts';
import type { SessionAccount } from './session-account.ts';
import { activityEvents, touchEveryMs, warningLeadMs, warnsHere } from './session-timing.ts';

export type TimeoutPhase =
  | { kind: 'quiet' }
  | { kind: 'warning'; endsAt: number; extendable: boolean }
  /** `idle`: this page saw the idle limit pass; `ended`: the server ended the session otherwise. */
  | { kind: 'expired'; reason: 'idle' | 'ended'; idleTimeoutMs: number | null };

/** What the server last said, on this browser's clock (its `expiresInMs` makes a wrong clock harmless). */
interface Known {
  endsAt: number;
  idleTimeoutMs: number;
  extendable: boolean;
}

const known = (times: SessionTimes): Known => ({
  endsAt: Date.now() + times.expiresInMs,
  idleTimeoutMs: times.idleTimeoutMs,
  extendable: times.extendable,
});

/** The session's times, or null when the server has no session for this browser (401). */
async function sessionCall(api: SessionAccount['api'], extend: boolean): Promise<SessionTimes | null> {
  try {
    const response = extend
      ? await apiFetch<SessionTimes>(`${api}/session/extend`, {
          method: 'POST',
          body: {},
          handleUnauthorized: false,
        })
      : await apiFetch<SessionTimes>(`${api}/session`, { handleUnauthorized: false });
    return response.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** After the idle end the server needs a moment past it (its limit is "more than") before it says 401. */
const pastTheEndMs = 1000;

/**
 * Mirrors the server's session timer: asks the server when the session ends, warns before it,
 * passes the customer's typing and tapping on (at most once a minute), and, when the session has
 * ended, says so instead of reloading the page. Before warning or ending it asks the server again,
 * so another tab's activity keeps this one quiet.
 */
export function useSessionTimeout({
  kioskIdleRules,
  account,
}: {
  kioskIdleRules: boolean;
  account: SessionAccount;
}) {
  const loggedIn = account.useLoggedIn();
  const { api, noticeEnded } = account;
  const [phase, setPhase] = useState<TimeoutPhase>({ kind: 'quiet' });
  const [session, setSession] = useState<Known | null>(null);
  const lastTouch = useRef(0);
  const limitDismissed = useRef(false);
  const loggedInRef = useRef(loggedIn);
  const sessionRef = useRef(session);
  useEffect(() => {
    loggedInRef.current = loggedIn;
    sessionRef.current = session;
  });

  const expire = useCallback(
    (reason: 'idle' | 'ended') => {
      setPhase({ kind: 'expired', reason, idleTimeoutMs: sessionRef.current?.idleTimeoutMs ?? null });
      setSession(null);
      // The 401 cleared the cookies; every part of the page that knows the session hears it now.
      noticeEnded();
    },
    [noticeEnded],
  );

  const learn = useCallback(
    (times: SessionTimes | null, reasonIfGone: 'idle' | 'ended') => {
      if (times === null) expire(reasonIfGone);
      else setSession(known(times));
    },
    [expire],
  );

  // Logging in starts the mirror; logging out (here or in another tab) stops it without a message.
  const [seenLoggedIn, setSeenLoggedIn] = useState(loggedIn);
  if (seenLoggedIn !== loggedIn) {
    setSeenLoggedIn(loggedIn);
    if (!loggedIn) setSession(null);
    setPhase((current) => (!loggedIn && current.kind === 'expired' ? current : { kind: 'quiet' }));
  }
  useEffect(() => {
    if (!loggedIn) return;
    let current = true;
    sessionCall(api, false)
      .then((times) => {
        if (!current) return;
        limitDismissed.current = false;
        learn(times, 'ended');
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [loggedIn, learn, api]);

  // A 401 from any call ends the session on this page with a message, not a silent reload.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (loggedInRef.current || sessionRef.current) expire('ended');
      else window.location.reload();
    });
    return () => setUnauthorizedHandler(() => window.location.reload());
  }, [expire]);

  // The warning and the end, each checked with the server when its time comes.
  useEffect(() => {
    if (!session) return;
    const lead = warningLeadMs(session.idleTimeoutMs);
    const warnAt = session.endsAt - lead;
    const check = async (atTheEnd: boolean) => {
      const times = await sessionCall(api, false).catch(() => undefined);
      if (times === undefined) return; // the network failed: the end timer still stands
      if (times === null) return expire(atTheEnd ? 'idle' : 'ended');
      const latest = known(times);
      if (times.expiresInMs > lead + pastTheEndMs || (atTheEnd && times.expiresInMs >= pastTheEndMs)) {
        // Used elsewhere (another tab, or a call this page made) since: not yet.
        setPhase((current) => (current.kind === 'warning' ? { kind: 'quiet' } : current));
        setSession(latest);
        return;
      }
      if (atTheEnd) {
        setSession({ ...latest, endsAt: Date.now() + times.expiresInMs + pastTheEndMs });
        return;
      }
      if (warnsHere({ kioskIdleRules, extendable: times.extendable }) && !limitDismissed.current)
        setPhase({ kind: 'warning', endsAt: latest.endsAt, extendable: times.extendable });
    };
    const warnTimer = window.setTimeout(() => void check(false), Math.max(0, warnAt - Date.now()));
    const endTimer = window.setTimeout(
      () => void check(true),
      Math.max(0, session.endsAt + pastTheEndMs - Date.now()),
    );
    return () => {
      window.clearTimeout(warnTimer);
      window.clearTimeout(endTimer);
    };
  }, [session, kioskIdleRules, expire, api]);

  // Typing and tapping count as activity: passed on at most once a minute, and not while warning.
  useEffect(() => {
    if (!session || phase.kind !== 'quiet') return;
    const every = touchEveryMs(session.idleTimeoutMs);
    const onActivity = () => {
      if (Date.now() - lastTouch.current < every) return;
      lastTouch.current = Date.now();
      sessionCall(api, true)
        .then((times) => learn(times, 'ended'))
        .catch(() => undefined);
    };
    activityEvents.forEach((name) =>
      window.addEventListener(name, onActivity, { passive: true, capture: true }),
    );
    return () =>
      activityEvents.forEach((name) => window.removeEventListener(name, onActivity, { capture: true }));
  }, [session, phase.kind, learn, api]);

  return {
    phase,
    /** "Stay signed in": a real call that starts the server's idle window again. */
    async staySignedIn() {
      const times = await sessionCall(api, true).catch(() => undefined);
      if (times === undefined) return false;
      lastTouch.current = Date.now();
      learn(times, 'ended');
      if (times !== null) setPhase({ kind: 'quiet' });
      return true;
    },
    /** Closes a warning about the whole-life limit, which nothing can move; it does not come back. */
    dismissLimitWarning() {
      limitDismissed.current = true;
      setPhase({ kind: 'quiet' });
    },
    close() {
      setPhase({ kind: 'quiet' });
    },
  };
}

export type SessionTimeoutControls = ReturnType<typeof useSessionTimeout>;
