import type { Executor } from './db/client.ts';
import { benefitsOfAttendee } from './modules/benefits/index.ts';
import { packagesOfAttendee } from './modules/packages/index.ts';

/**
 * What may pay for an attendee's place (decision 0088): their memberships' benefits and their
 * packages, read once per timetable or session answer. Wired here so the activities module needs
 * neither the benefits nor the packages module.
 */
export const attendeeAllowances = (db: Executor) => async (attendeeId: number, today: string) => {
  // Side by side: the two reads are independent, and a rush's timetable waits for both.
  const [benefits, packages] = await Promise.all([
    benefitsOfAttendee(db, attendeeId),
    packagesOfAttendee(db, attendeeId, today),
  ]);
  return { benefits, packages };
};
