import type { Db } from '../../db/client.ts';
import { createRateLimitRepository } from './rate-limit.repository.ts';

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/** A hit counted by `take`, to give back when the attempt turns out not to count (a right password). */
export interface Taken {
  key: string;
  windowStart: Date;
  /** the allowance used with this hit counted: `max` when this hit was the last one allowed */
  used: number;
}

/** The longest window any limit uses; the clean-up job keeps counters at least twice this long. */
export const longestLimitWindowMs = 3_600_000;

/**
 * Fixed-window counters in the database, so limits hold across processes and restarts. Callers
 * take before doing anything expensive (hashing a password) and give back what did not count.
 */
export function createRateLimiter(db: Db, clock: () => Date) {
  const counters = createRateLimitRepository(db);
  const windowStart = (windowMs: number, windowsBack = 0) => {
    // The clean-up job deletes windows older than two of the longest: a longer one would be cut short.
    if (windowMs > longestLimitWindowMs)
      throw new Error(`A limit's window is longer than ${longestLimitWindowMs} ms`);
    return new Date((Math.floor(clock().getTime() / windowMs) - windowsBack) * windowMs);
  };

  /**
   * Checks and counts in one atomic step, so concurrent attempts cannot all pass a check that
   * each alone would pass. The allowance covers the current and the previous window together:
   * any `windowMs` then holds at most `max`, even across a window's edge. Null when refused.
   */
  async function take(limit: Limit): Promise<Taken | null> {
    const current = windowStart(limit.windowMs);
    const previous = await counters.hits(limit.key, windowStart(limit.windowMs, 1));
    const counted = await counters.addWithin(limit.key, current, limit.max, previous);
    return counted === null ? null : { key: limit.key, windowStart: current, used: previous + counted };
  }
  async function giveBack(taken: Taken[]): Promise<void> {
    for (const { key, windowStart: start } of taken) await counters.remove(key, start);
  }

  return {
    take,
    /** For an attempt that turned out not to count (a right password). */
    giveBack,
    /** Takes from every limit or from none: refused by one, those already taken are given back. */
    async takeAll(limits: Limit[]): Promise<Taken[] | null> {
      const taken: Taken[] = [];
      for (const limit of limits) {
        const one = await take(limit);
        if (!one) {
          await giveBack(taken);
          return null;
        }
        taken.push(one);
      }
      return taken;
    },
    /** Forgets every window of these keys (an account's owner proved who they are). */
    async clear(keys: string[]): Promise<void> {
      await counters.clear(keys);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
