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
export declare function cpuSlowdownFor(benchmarkIndex: number): number;
/**
 * The run with the median score (of an odd number of runs): its own figures, not medians taken
 * one by one, so the row is a run that happened.
 */
export declare function medianRun(runs: Run[]): Run;
/** A row of the printed table; `result` is "below floor" under the floor. */
export declare function runSummary(
  route: string,
  run: Run,
  floor: number,
): {
  route: string;
  score: number;
  'FCP s': string;
  'LCP s': string;
  'TBT ms': number;
  CLS: string;
  'CPU x': number;
  'busiest scripts': string;
  result: string;
};
