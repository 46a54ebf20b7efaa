/**
 * The browser's mirror of the server's session timer (issue 21 item 1, WCAG 2.2.1): when to warn,
 * how often the customer's activity is passed on, and whether this page should warn at all.
 */

import { minimumWarningMs } from '../../lib/time-limits.ts';

/**
 * GOV.UK warns 2 minutes before; a short session (a kiosk's 2 idle minutes) gets half its idle
 * time, but never under WCAG 2.2.1's 20 seconds (all of it, when the session is shorter still).
 */
export function warningLeadMs(idleTimeoutMs: number): number {
  return Math.min(idleTimeoutMs, Math.max(minimumWarningMs, Math.min(2 * 60_000, idleTimeoutMs / 2)));
}

/**
 * Typing and tapping extend the session at most this often: one call a minute at most (a quarter
 * of a short idle limit), never one per key.
 */
export function touchEveryMs(idleTimeoutMs: number): number {
  return Math.min(60_000, idleTimeoutMs / 4);
}

/**
 * Whether this page shows the session warning. At a kiosk (every site) the kiosk's own
 * "Do you need more time?" comes first and resets the kiosk before the session's idle end, so only
 * a session's whole-life limit, which no activity moves, is warned about here.
 */
export function warnsHere(options: { kioskIdleRules: boolean; extendable: boolean }): boolean {
  return !options.kioskIdleRules || !options.extendable;
}

/** The events that count as the customer doing something. */
export const activityEvents = ['keydown', 'pointerdown', 'input', 'wheel', 'touchstart', 'scroll'] as const;
