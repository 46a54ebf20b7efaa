import { dayLabel, zonedParts } from './booking-rules.ts';

/**
 * The words of a waiting list (decision 0052), pure so the server's answers and the tests agree.
 */

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 101st. */
export function ordinal(n: number): string {
  const lastTwo = n % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** "You are 3rd on the waiting list". */
export function waitingPositionText(position: number): string {
  return `You are ${ordinal(position)} on the waiting list`;
}

/** "Place offered until Tue 24 Nov, 14:30" in the operator's time zone. */
export function offeredUntilText(expiresAt: Date, timeZone: string): string {
  const local = zonedParts(expiresAt, timeZone);
  return `Place offered until ${dayLabel(local.date)}, ${local.time}`;
}
