import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimitHits } from '../../db/schema.ts';

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counters in the database, so limits hold across processes and restarts. Callers
 * check before doing anything expensive (hashing a password) and record only what counts (a failure).
 */
export function createRateLimiter(db: Db, clock: () => Date) {
  const windowStart = (windowMs: number) => new Date(Math.floor(clock().getTime() / windowMs) * windowMs);
  return {
    async isLimited(limit: Limit): Promise<boolean> {
      const [row] = await db
        .select({ hits: rateLimitHits.hits })
        .from(rateLimitHits)
        .where(
          and(eq(rateLimitHits.key, limit.key), eq(rateLimitHits.windowStart, windowStart(limit.windowMs))),
        );
      return (row?.hits ?? 0) >= limit.max;
    },
    async hit(limit: Limit): Promise<void> {
      await db
        .insert(rateLimitHits)
        .values({ key: limit.key, windowStart: windowStart(limit.windowMs), hits: 1 })
        .onConflictDoUpdate({
          target: [rateLimitHits.key, rateLimitHits.windowStart],
          set: { hits: sql`${rateLimitHits.hits} + 1` },
        });
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
