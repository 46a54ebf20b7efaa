import { afterEach, describe, expect, it, vi } from 'vitest';
import { login, loginRetryDelayMs } from '../src/app/session/login.ts';

/** A fetch that answers the login call with these statuses in turn (a token on 200). */
function answers(...statuses: number[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      calls.push(String(input));
      const status = statuses[Math.min(calls.length - 1, statuses.length - 1)]!;
      const body = status === 200 ? { data: { token: 'in.retried' } } : { message: 'Bad gateway' };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

describe('logging in (platform spec §4: retried once after 250 ms; issue 21 item 13)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('tries a failed call once more, 250 ms later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const calls = answers(502, 200);
    const pending = login({ username: 'C100001', password: 'Swim-Gym-2026!' });
    await vi.advanceTimersByTimeAsync(loginRetryDelayMs - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toBe('in.retried');
    expect(calls).toHaveLength(2);
    expect(loginRetryDelayMs).toBe(250);
  });

  it('tries only once more, and never retries a refusal', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const failing = answers(502);
    const twice = login({ username: 'C100001', password: 'x' }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(loginRetryDelayMs);
    expect(await twice).toBeInstanceOf(Error);
    expect(failing).toHaveLength(2);

    const refused = answers(422);
    await expect(login({ username: 'C100001', password: 'wrong' })).rejects.toThrow();
    expect(refused).toHaveLength(1);
  });
});
