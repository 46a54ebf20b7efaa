import { addDays, todayIn } from '@lido/pricing/calendar-date';
import type { Executor } from '../../db/client.ts';
import {
  createScheduledSessions,
  followSchedules,
  type KeptSession,
  removeUnscheduledSessions,
} from './session-generation.repository.ts';

/**
 * How far ahead dated sessions exist. Longer than any booking window the demo uses (members book
 * 7 days ahead), short enough that the table stays small; the job rolls it forward every day.
 */
export const sessionWeeksAhead = 3;

/** The local dates sessions are made for: today and the next `sessionWeeksAhead` weeks. */
export function generationWindow(timeZone: string, now: Date) {
  const today = todayIn(timeZone, now);
  return { from: today, to: addDays(today, sessionWeeksAhead * 7), timeZone, notBefore: now };
}

export interface SchedulingOutcome {
  created: number;
  updated: number;
  deleted: number;
  /** sessions whose slot left the file but which have bookings or held places */
  kept: KeptSession[];
}

/**
 * After a catalogue import, in its transaction: sessions for the new and changed slots, future
 * sessions following their slot's capacity and details, and those of removed slots taken away.
 */
export async function scheduleSessions(
  ex: Executor,
  options: { timeZone: string; now: Date },
): Promise<SchedulingOutcome> {
  const removed = await removeUnscheduledSessions(ex, options);
  const updated = await followSchedules(ex, { now: options.now });
  const created = await createScheduledSessions(ex, generationWindow(options.timeZone, options.now));
  return { created, updated, deleted: removed.deleted, kept: removed.kept };
}

/**
 * The background job: keeps the window of dated sessions rolling forward day by day, and lets a
 * session that was shrunk to its taken places follow its slot's capacity again as places come back.
 * Both statements are safe on several instances at once (see createScheduledSessions), which is
 * why the job may run as `every-instance`; it never touches `taken`.
 */
export function createSessionGenerator(deps: { db: Executor; timeZone: string; clock: () => Date }) {
  return {
    async run(): Promise<{ created: number; updated: number }> {
      const now = deps.clock();
      const created = await createScheduledSessions(deps.db, generationWindow(deps.timeZone, now));
      const updated = await followSchedules(deps.db, { now, capacityOnly: true });
      return { created, updated };
    },
  };
}
export type SessionGenerator = ReturnType<typeof createSessionGenerator>;
