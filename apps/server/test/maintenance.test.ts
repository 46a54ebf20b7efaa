import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter } from '../src/modules/auth/rate-limiter.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const hour = 3_600_000;
const minute = 60_000;

/** issue 15, item 7: the tables the limits and logins write to do not grow for ever. */
describe('the clean-up job', () => {
  let t: TestApp;
  const now = new Date('2026-11-21T10:30:00Z');
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);

  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
  });
  afterAll(async () => {
    await t.close();
  });

  it('deletes rate-limit windows no limit reads, keeping the current and previous ones', async () => {
    const thisWindow = new Date(Math.floor(now.getTime() / hour) * hour);
    const windows = {
      current: thisWindow,
      previous: new Date(thisWindow.getTime() - hour),
      twoBack: new Date(thisWindow.getTime() - 2 * hour),
      lastWeek: new Date(thisWindow.getTime() - 7 * 24 * hour),
    };
    for (const [name, start] of Object.entries(windows))
      await t.database.query('INSERT INTO rate_limit_hits (key, window_start, hits) VALUES ($1, $2, 5)', [
        `test:${name}`,
        start,
      ]);
    const result = await t.services().maintenance.cleanUp();
    expect(result.rateLimitWindows).toBe(2);
    const left = await t.database.query<{ key: string }>(
      `SELECT key FROM rate_limit_hits WHERE key LIKE 'test:%' ORDER BY key`,
    );
    expect(left.map((row) => row.key)).toEqual(['test:current', 'test:previous']);
  });

  it('deletes sessions that ended over a day ago, and only those', async () => {
    const [customer] = await t.database.query<{ id: number }>(`SELECT id FROM customers LIMIT 1`);
    const session = (name: string, lastSeen: Date, expires: Date, revoked: Date | null = null) =>
      t.database.query(
        `INSERT INTO sessions (customer_id, token_hash, created_at, last_seen_at, expires_at, revoked_at)
         VALUES ($1, $2, $3, $3, $4, $5)`,
        [customer!.id, `test:${name}`, lastSeen, expires, revoked],
      );
    const idle = 30 * minute; // LIDO_SESSION_IDLE_MINUTES' default
    await session('live', at(minute), at(-11 * hour));
    await session('idle-recently', at(idle + 2 * hour), at(-hour));
    await session('idle-long-ago', at(idle + 25 * hour), at(-hour));
    await session('ended-recently', at(20 * hour), at(23 * hour));
    await session('ended-long-ago', at(20 * hour), at(25 * hour));
    await session('logged-out-recently', at(2 * hour), at(-hour), at(2 * hour));
    await session('logged-out-long-ago', at(2 * hour), at(-hour), at(25 * hour));

    const result = await t.services().maintenance.cleanUp();
    expect(result.sessions).toBe(3);
    const left = await t.database.query<{ token_hash: string }>(
      `SELECT token_hash FROM sessions WHERE token_hash LIKE 'test:%' ORDER BY token_hash`,
    );
    expect(left.map((row) => row.token_hash)).toEqual([
      'test:ended-recently',
      'test:idle-recently',
      'test:live',
      'test:logged-out-recently',
    ]);
  });

  it('refuses a limit whose window the clean-up would cut short', async () => {
    const limiter = createRateLimiter(t.database.db, () => now);
    await expect(limiter.take({ key: 'test:daily', max: 5, windowMs: 24 * hour })).rejects.toThrow(
      /longer than/,
    );
  });
});
