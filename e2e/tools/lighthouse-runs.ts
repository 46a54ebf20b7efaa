// The arithmetic of `npm run lighthouse`, apart from the browser so it can be tested.

/** One Lighthouse run's figures (times in milliseconds). */
export interface Run {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of how fast the machine was during the run (higher is faster). */
  benchmarkIndex: number;
  /** The CPU slowdown the run was simulated with. */
  cpuSlowdown: number;
  /** The scripts with the most main-thread time, for the table. */
  busiestScripts: string;
}

/**
 * Lighthouse's default 4x CPU slowdown stands for a mid-range phone on a desktop whose benchmark
 * index is about 1,500 (Lighthouse's throttling guide). A busy or slower machine scores lower on the
 * benchmark, so it is slowed less: index / 375, between 1x and 4x. A machine so starved that even 1x
 * is slower than the phone still scores low, and the table shows its index.
 */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) return 4;
  return Math.min(4, Math.max(1, Math.round((benchmarkIndex / 375) * 10) / 10));
}

/**
 * The run with the median score (of an odd number of runs): its own figures, not medians taken
 * one by one, so the row is a run that happened.
 */
export function medianRun(runs: Run[]): Run {
  if (runs.length === 0 || runs.length % 2 === 0) throw new Error('The median needs an odd number of runs');
  return [...runs].sort((a, b) => a.score - b.score || a.tbtMs - b.tbtMs)[(runs.length - 1) / 2]!;
}

/**
 * How many more runs a route needs before it is judged: none when the median of its runs so far is
 * at or above the floor, or when it has had five; otherwise two more, so a route is judged on the
 * median of five. One slow moment of the machine then can't fail CI, while a route truly under
 * the floor stays under (its median of five is under too).
 */
export function moreRunsNeeded(runs: Run[], floor: number): number {
  return runs.length < 5 && medianRun(runs).score < floor ? 2 : 0;
}

/** A row of the printed table; `result` is "below floor" under the floor. */
export function runSummary(route: string, run: Run, floor: number) {
  return {
    route,
    score: run.score,
    'FCP s': (run.fcpMs / 1000).toFixed(1),
    'LCP s': (run.lcpMs / 1000).toFixed(1),
    'TBT ms': Math.round(run.tbtMs),
    CLS: run.cls.toFixed(3),
    'CPU x': run.cpuSlowdown,
    'bench index': Math.round(run.benchmarkIndex),
    'busiest scripts': run.busiestScripts,
    result: run.score >= floor ? 'ok' : 'below floor',
  };
}
