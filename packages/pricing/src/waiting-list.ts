import { dayLabel, zonedParts } from './booking-rules.ts';
import { ordinal } from './ordinal.ts';

/**
 * The words of a waiting list (decision 0052), pure so the server's answers and the tests agree.
 */

export { ordinal } from './ordinal.ts';

/** "You are 3rd on the waiting list". */
export function waitingPositionText(position: number): string {
  return `You are ${ordinal(position)} on the waiting list`;
}

/** "Place offered until Tue 24 Nov, 14:30" in the operator's time zone. */
export function offeredUntilText(expiresAt: Date, timeZone: string): string {
  const local = zonedParts(expiresAt, timeZone);
  return `Place offered until ${dayLabel(local.date)}, ${local.time}`;
}
