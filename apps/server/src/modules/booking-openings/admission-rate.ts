/**
 * How fast the queue lets people in, measured rather than guessed (issue 39 item 2, decision
 * 0094): every instance reports the 95th percentile of its add-to-basket times for gated sessions,
 * and each tick moves the rate. Well under the aim, it grows by one a second; over the aim, it
 * halves; in between, it holds. Too few adds to judge say nothing. The growth is additive because
 * a customer let in acts a second or two later, so the measure lags: growing by a quarter a second
 * let in far more than the machine could serve before the first slow add was reported (bench run
 * of 2026-11-28: adds p50 1.5 s); the halving pulls a slow machine back within a few seconds.
 */
export const addAimMs = 300;
export const minimumRate = 1;
export const maximumRate = 500;
/** fewer adds than this in a report window say nothing about the machine */
const evidence = 5;

export function nextRate(rate: number, reports: { adds: number; p95Ms: number }[]): number {
  const judged = reports.filter((report) => report.adds >= evidence);
  if (judged.length === 0) return rate;
  const worst = Math.max(...judged.map((report) => report.p95Ms));
  if (worst > addAimMs) return Math.max(minimumRate, rate * 0.5);
  if (worst < addAimMs / 2) return Math.min(maximumRate, rate + 1);
  return rate;
}

/** The 95th percentile of some times (nearest rank); 0 for none. */
export function percentile95(times: number[]): number {
  if (times.length === 0) return 0;
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

/**
 * How soon a waiting customer's page asks again: often when their turn is near, rarely when it is
 * far off or every place has gone (one may come back from a lapsed basket), and always within the
 * 45 s that counts them as still there. Each ask is a request to serve while places are being taken.
 */
export function checkAgainSeconds(estimate: number, placesLeft: number | null): number {
  if (placesLeft === 0) return 30;
  if (estimate <= 20) return 2;
  if (estimate <= 120) return 5;
  if (estimate <= 600) return 15;
  return 30;
}

/**
 * How soon a page in the waiting room asks again before the opening: every 2 to 15 s while it is
 * far off (to be seen as still there), then once, just after the opening. Spreading that first ask
 * over 10 s by ticket was tried: the asks then fell among the first customers' adds, and the
 * benchmark's adds were slower (p50 490 ms against 37 ms), so the burst comes first and is done.
 */
export function checkBeforeOpening(untilOpeningSeconds: number): number {
  if (untilOpeningSeconds > 15) return Math.round(Math.min(15, Math.max(2, untilOpeningSeconds / 4)));
  return Math.max(1, Math.ceil(untilOpeningSeconds + 0.5));
}
