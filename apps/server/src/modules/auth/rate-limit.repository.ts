import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rateLimitHits } from '../../db/schema.ts';

/** The counters behind every rate limit: one row per key and fixed window. */
export function createRateLimitRepository(db: Executor) {
  const row = (key: string, windowStart: Date) =>
    and(eq(rateLimitHits.key, key), eq(rateLimitHits.windowStart, windowStart));
  return {
    async hits(key: string, windowStart: Date): Promise<number> {
      const [found] = await db
        .select({ hits: rateLimitHits.hits })
        .from(rateLimitHits)
        .where(row(key, windowStart));
      return found?.hits ?? 0;
    },
    /**
     * Counts one more only while the total stays within `max`, in one statement: the row lock taken
     * by `ON CONFLICT` makes concurrent callers queue, so at most `max` of any number get through.
     * `alreadyUsed` is what earlier windows spent against the same allowance. Answers the window's
     * hits with this one (each caller sees a different count), or null when refused.
     */
    async addWithin(
      key: string,
      windowStart: Date,
      max: number,
      alreadyUsed: number,
    ): Promise<number | null> {
      if (alreadyUsed >= max) return null;
      const counted = await db
        .insert(rateLimitHits)
        .values({ key, windowStart, hits: 1 })
        .onConflictDoUpdate({
          target: [rateLimitHits.key, rateLimitHits.windowStart],
          set: { hits: sql`${rateLimitHits.hits} + 1` },
          setWhere: sql`${rateLimitHits.hits} + ${alreadyUsed} < ${max}`,
        })
        .returning({ hits: rateLimitHits.hits });
      return counted[0]?.hits ?? null;
    },
    async remove(key: string, windowStart: Date): Promise<void> {
      await db
        .update(rateLimitHits)
        .set({ hits: sql`greatest(${rateLimitHits.hits} - 1, 0)` })
        .where(row(key, windowStart));
    },
    /** Deletes every window of these keys; answers how many hits they held. */
    async clear(keys: string[]): Promise<number> {
      if (keys.length === 0) return 0;
      const deleted = await db
        .delete(rateLimitHits)
        .where(inArray(rateLimitHits.key, keys))
        .returning({ hits: rateLimitHits.hits });
      return deleted.reduce((sum, row) => sum + row.hits, 0);
    },
    /** Drops windows that no limit looks at any more; answers how many rows went. */
    async deleteWindowsBefore(before: Date): Promise<number> {
      const deleted = await db
        .delete(rateLimitHits)
        .where(lt(rateLimitHits.windowStart, before))
        .returning({ key: rateLimitHits.key });
      return deleted.length;
    },
  };
}
export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
