import { dayLabel, zonedParts } from './booking-rules.ts';

/**
 * The no-show and late-cancel rules (issue 35 item 6, decision 0096), pure so the server, the
 * emails and the tests agree. A strike counts from when it was given; removed strikes never count.
 */

export interface StrikeRules {
  noShowStrike: boolean;
  /** 0: a late cancellation gives no strike */
  lateCancelHours: number;
  strikesToBlock: number;
  strikeWindowDays: number;
  blockDays: number;
}

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Whether a customer's cancellation gives a strike: within `lateCancelHours` of the start (and
 * before it). Exactly `lateCancelHours` before counts as late: "within 4 hours" includes 4 hours.
 */
export function isLateCancellation(rules: StrikeRules, startsAt: Date, cancelledAt: Date): boolean {
  if (rules.lateCancelHours <= 0) return false;
  const before = startsAt.getTime() - cancelledAt.getTime();
  return before >= 0 && before <= rules.lateCancelHours * 60 * 60 * 1000;
}

export interface Standing {
  /** strikes that still count: given within the window before now */
  countingStrikes: number;
  /** online booking is stopped until then (null: not stopped) */
  blockedUntil: Date | null;
}

/**
 * Where a customer stands: the latest moment at which `strikesToBlock` strikes fell within
 * `strikeWindowDays` of each other starts a block of `blockDays`; it is in force while now is
 * before its end. Worked example (3 in 30 days, 7 days): strikes on 1, 10 and 25 November block
 * from 25 November until 2 December; strikes on 1, 10 November and 5 December do not (1 November
 * is 34 days before 5 December).
 */
export function strikeStanding(rules: StrikeRules, givenAt: Date[], now: Date): Standing {
  const times = givenAt.map((at) => at.getTime()).sort((a, b) => a - b);
  const windowMs = rules.strikeWindowDays * dayMs;
  let blockedUntil: number | null = null;
  for (let last = rules.strikesToBlock - 1; last < times.length; last += 1) {
    const first = times[last - rules.strikesToBlock + 1]!;
    if (times[last]! - first <= windowMs) blockedUntil = times[last]! + rules.blockDays * dayMs;
  }
  return {
    countingStrikes: times.filter((at) => at > now.getTime() - windowMs && at <= now.getTime()).length,
    blockedUntil: blockedUntil !== null && blockedUntil > now.getTime() ? new Date(blockedUntil) : null,
  };
}

/** "Sat 5 Dec, 18:30" in the operator's time zone. */
export function untilText(at: Date, timeZone: string): string {
  const local = zonedParts(at, timeZone);
  return `${dayLabel(local.date)}, ${local.time}`;
}

/**
 * Why online booking is stopped and until when, as the session page and the refusal say it:
 * "Online booking is stopped until Sat 5 Dec, 18:30: you have had 2 strikes (a no-show or a late
 * cancellation) within 30 days. You can still book at the centre’s reception."
 */
export function blockedText(rules: StrikeRules, blockedUntil: Date, timeZone: string): string {
  const strikes = rules.strikesToBlock === 1 ? '1 strike' : `${rules.strikesToBlock} strikes`;
  return (
    `Online booking is stopped until ${untilText(blockedUntil, timeZone)}: you have had ${strikes} ` +
    `(a no-show or a late cancellation) within ${rules.strikeWindowDays} days. ` +
    'You can still book at the centre’s reception.'
  );
}
