import type { Config } from '../../config.ts';
import type { AuthRepository } from '../auth/index.ts';
import type { RateLimitRepository } from '../auth/index.ts';
import { longestLimitWindowMs } from '../auth/index.ts';

/** An ended session is kept a day, for anyone looking into what happened, then deleted. */
const endedSessionKeptMs = 24 * 3_600_000;

/** Housekeeping the minute job runs: tables that only grow are trimmed to what is still read. */
export function createMaintenanceService(deps: {
  config: Config;
  clock: () => Date;
  rateLimits: RateLimitRepository;
  auth: AuthRepository;
}) {
  return {
    /**
     * Deletes rate-limit windows no limit reads any more (a limit looks at its current and previous
     * window) and sessions that ended (idle, past their absolute end, or logged out) over a day ago.
     */
    async cleanUp(): Promise<{ rateLimitWindows: number; sessions: number }> {
      const now = deps.clock().getTime();
      const rateLimitWindows = await deps.rateLimits.deleteWindowsBefore(
        new Date(now - 2 * longestLimitWindowMs),
      );
      const sessions = await deps.auth.deleteEndedSessions({
        lastSeen: new Date(now - deps.config.auth.idleTimeoutMs - endedSessionKeptMs),
        ended: new Date(now - endedSessionKeptMs),
      });
      return { rateLimitWindows, sessions };
    },
  };
}
