import { describe, expect, it } from 'vitest';
import {
  cpuSlowdownFor,
  medianRun,
  moreRunsNeeded,
  type Run,
  runSummary,
} from '../../e2e/tools/lighthouse-runs.ts';

const run = (score: number, tbtMs: number): Run => ({
  score,
  fcpMs: 1200,
  lcpMs: 2100,
  tbtMs,
  cls: 0.012,
  benchmarkIndex: 900,
  cpuSlowdown: 2.4,
  busiestScripts: 'vendor-x.js 120 ms',
});

describe('the Lighthouse table', () => {
  it('takes the run with the median score, whole, of three', () => {
    expect(medianRun([run(97, 40), run(71, 900), run(93, 120)])).toEqual(run(93, 120));
    // Equal scores: the middle one by blocking time.
    expect(medianRun([run(95, 300), run(95, 100), run(95, 200)]).tbtMs).toBe(200);
  });

  it("slows the CPU 4x on Lighthouse's reference desktop and less as the machine gets busier", () => {
    expect(cpuSlowdownFor(1500)).toBe(4);
    expect(cpuSlowdownFor(3000)).toBe(4);
    expect(cpuSlowdownFor(750)).toBe(2);
    expect(cpuSlowdownFor(600)).toBe(1.6);
    expect(cpuSlowdownFor(200)).toBe(1);
    // No measurement: Lighthouse's default.
    expect(cpuSlowdownFor(Number.NaN)).toBe(4);
  });

  it('refuses an even number of runs, which has no single median run', () => {
    expect(() => medianRun([run(90, 0), run(91, 0)])).toThrow('odd number');
    expect(() => medianRun([])).toThrow('odd number');
  });

  it('marks a route below the floor, and one at the floor as ok', () => {
    expect(runSummary('checkout', run(89, 350), 90)).toEqual({
      route: 'checkout',
      score: 89,
      'FCP s': '1.2',
      'LCP s': '2.1',
      'TBT ms': 350,
      CLS: '0.012',
      'CPU x': 2.4,
      'bench index': 900,
      'busiest scripts': 'vendor-x.js 120 ms',
      result: 'below floor',
    });
    expect(runSummary('checkout', run(90, 350), 90).result).toBe('ok');
  });

  it('measures a route under the floor on three runs twice more, and judges it on the median of five', () => {
    expect(moreRunsNeeded([run(92, 0), run(89, 0), run(91, 0)], 90)).toBe(0);
    expect(moreRunsNeeded([run(92, 0), run(89, 0), run(88, 0)], 90)).toBe(2);
    // Five runs are the last word, whatever their median.
    expect(moreRunsNeeded([run(92, 0), run(89, 0), run(88, 0), run(85, 0), run(91, 0)], 90)).toBe(0);
    expect(medianRun([run(92, 0), run(89, 0), run(88, 0), run(93, 0), run(91, 0)]).score).toBe(91);
  });
});
