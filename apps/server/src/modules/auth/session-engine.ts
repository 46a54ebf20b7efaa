import type { SessionTimes } from '@lido/contracts/auth';
import { hashToken, newToken } from './tokens.ts';

/** What the engine reads of a stored session, whoever holds it. */
interface StoredSession {
  id: number;
  tokenHash: string;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** A session's times when it starts; the store adds who it belongs to. */
export interface NewSession {
  tokenHash: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

/**
 * The session table of one side (customers' `sessions`, staff's `staff_sessions`), implemented by
 * the module that owns it: the engine never names a table, so a customer's token can never be
 * looked up as a staff session (decision 0053).
 */
export interface SessionStore<Session extends StoredSession, Holder, Owner> {
  insert(owner: Owner, session: NewSession): Promise<void>;
  /** The unrevoked session for a token hash with its holder (null when the holder is gone), in one round trip. */
  active(tokenHash: string): Promise<{ session: Session; holder: Holder | null } | undefined>;
  touch(id: number, at: Date): Promise<void>;
  revoke(tokenHash: string, at: Date): Promise<void>;
}

/** What differs between customers' and staff's sessions: how long they last. */
export interface SessionRules<Session, Holder, Owner> {
  /** from the start to the absolute end */
  lifetimeMs(owner: Owner): number;
  /** how long without a request before it ends */
  idleLimitMs(session: Session): number;
  /** false ends a live session at once (a closed staff account) */
  holderAllowed?(holder: Holder): boolean;
}

/** A request more than this after the last recorded one moves the idle window; fewer writes, a minute's precision. */
const touchPrecisionMs = 60_000;

/**
 * One session engine for customers and staff (decision 0078): a random token given once and
 * stored only as its hash, a new session every login with the browser's previous one ended
 * (quality.md S7), idle and absolute ends enforced on every read (S8), revoking on logout (S9),
 * and the times the browser mirrors for its warning (WCAG 2.2.1).
 */
export function createSessionEngine<Session extends StoredSession, Holder, Owner>(deps: {
  store: SessionStore<Session, Holder, Owner>;
  rules: SessionRules<Session, Holder, Owner>;
  clock: () => Date;
}) {
  const { store, rules, clock } = deps;

  /** The session behind a token if it is still live; one past its idle or absolute end is revoked. */
  async function live(token: string | undefined) {
    if (!token) return null;
    const found = await store.active(hashToken(token));
    if (!found) return null;
    const { session, holder } = found;
    const now = clock();
    const idleFor = now.getTime() - session.lastSeenAt.getTime();
    if (
      now >= session.expiresAt ||
      idleFor > rules.idleLimitMs(session) ||
      (holder !== null && rules.holderAllowed?.(holder) === false)
    ) {
      await store.revoke(session.tokenHash, now);
      return null;
    }
    if (holder === null) return null;
    return { session, holder, now, idleFor };
  }

  function timesOf(session: Session, lastSeen: Date, now: Date): SessionTimes {
    const idleLimit = rules.idleLimitMs(session);
    const idleEnd = lastSeen.getTime() + idleLimit;
    const end = Math.min(idleEnd, session.expiresAt.getTime());
    return {
      expiresAt: new Date(end).toISOString(),
      expiresInMs: Math.max(0, end - now.getTime()),
      idleTimeoutMs: idleLimit,
      extendable: idleEnd < session.expiresAt.getTime(),
    };
  }

  return {
    /** A new session for `owner`; the one the browser presented before (if any) ends. Answers the token, given only this once. */
    async start(owner: Owner, previousToken?: string): Promise<string> {
      const now = clock();
      if (previousToken) await store.revoke(hashToken(previousToken), now);
      const token = newToken();
      await store.insert(owner, {
        tokenHash: hashToken(token),
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + rules.lifetimeMs(owner)),
      });
      return token;
    },

    /** The live session and its holder; a request more than a minute after the last moves the idle window. */
    async authenticate(token: string | undefined): Promise<{ session: Session; holder: Holder } | null> {
      const found = await live(token);
      if (!found) return null;
      // Writing on every request would serialise reads; a minute's precision is plenty for an idle limit.
      if (found.idleFor > touchPrecisionMs) await store.touch(found.session.id, found.now);
      return { session: found.session, holder: found.holder };
    },

    /** When the session ends if nothing happens, without counting this question as activity. */
    async times(token: string | undefined): Promise<SessionTimes | null> {
      const found = await live(token);
      return found ? timesOf(found.session, found.session.lastSeenAt, found.now) : null;
    },

    /** "Stay signed in": the idle window starts again now (always written, so the answer is exact). */
    async extend(token: string | undefined): Promise<SessionTimes | null> {
      const found = await live(token);
      if (!found) return null;
      await store.touch(found.session.id, found.now);
      return timesOf(found.session, found.now, found.now);
    },

    /** Logging out: the token is never accepted again. */
    async end(token: string | undefined): Promise<void> {
      if (token) await store.revoke(hashToken(token), clock());
    },
  };
}
