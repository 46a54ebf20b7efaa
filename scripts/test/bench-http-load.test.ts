import { describe, expect, it } from 'vitest';
import { pool, Recorder } from '../bench/http-load.ts';

describe('the booking-rush benchmark helpers', () => {
  it('reports nearest-rank percentiles of the recorded times', async () => {
    const recorder = new Recorder();
    let tick = 0;
    const realNow = performance.now.bind(performance);
    // 100 calls lasting 1 ms … 100 ms: p50 is 50 ms, p95 95 ms, p99 99 ms.
    performance.now = () => tick;
    try {
      for (let duration = 1; duration <= 100; duration += 1) {
        await recorder.time('call', async () => {
          tick += duration;
        });
      }
    } finally {
      performance.now = realNow;
    }
    expect(recorder.percentiles('call')).toEqual({ p50: 50, p95: 95, p99: 99, max: 100 });
    expect(recorder.requests()).toBe(100);
    expect(recorder.percentiles('other')).toBeUndefined();
  });

  it('never runs more than the concurrency at once, and starts nothing after the deadline', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await pool([...Array(50).keys()], 7, Date.now() + 60_000, async (item) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 1));
      running -= 1;
      done.push(item);
    });
    expect(most).toBe(7);
    expect(done.sort((a, b) => a - b)).toEqual([...Array(50).keys()]);

    const late = await pool([1, 2, 3], 2, Date.now() - 1, async () => {});
    expect(late.started).toBe(0);
  });
});
