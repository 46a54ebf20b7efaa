import { minimumWarningMs } from '../../lib/time-limits.ts';

/** WCAG 2.2.1: at least 20 seconds to answer "Do you need more time?" before the kiosk resets. */
export const kioskAnswerMs = minimumWarningMs;

/**
 * How long the kiosk waits idle before asking "Do you need more time?": the operator's warning
 * time, or earlier when that would leave less than 20 s before their reset time, which stays.
 */
export function kioskWarningAfterMs(idle: { warningMs: number; resetMs: number }): number {
  return Math.max(0, Math.min(idle.warningMs, idle.resetMs - kioskAnswerMs));
}
