import { addDays, todayIn } from '@lido/pricing/calendar-date';
import type { Db, Executor } from '../../db/client.ts';
import { claimJobDay } from '../../jobs/job-days.repository.ts';
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
const sessionWeeksAhead = 3;

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
 * The window is made once a day across all instances: the first run of the operator's day marks it
 * in the same transaction (job_days), so other instances and later runs that day skip it, and a
 * failed run leaves the day for the next. Following capacity is one cheap update, run every time
 * so a place given back reopens within a job interval. Neither ever touches `taken`.
 */
export function createSessionGenerator(deps: { db: Db; timeZone: string; clock: () => Date }) {
  return {
    async run(): Promise<{ created: number; updated: number; generatedFor: string | null }> {
      const now = deps.clock();
      const window = generationWindow(deps.timeZone, now);
      const created = await deps.db.transaction(async (tx) =>
        (await claimJobDay(tx, 'generate-sessions', window.from))
          ? await createScheduledSessions(tx, window)
          : null,
      );
      const updated = await followSchedules(deps.db, { now, capacityOnly: true });
      return { created: created ?? 0, updated, generatedFor: created === null ? null : window.from };
    },
  };
}
