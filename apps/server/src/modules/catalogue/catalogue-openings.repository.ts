import type { OpeningEntry } from '@lido/contracts/booking-openings';
import { eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { activities, venues } from '../../db/schema.ts';
import { announcedOpenings, applyOpeningEntries } from '../booking-openings/index.ts';

/**
 * The file's `openings:` (issue 39 item 1, decision 0098): each entry's activity and centre found
 * by key and slug, then announced through the booking-openings module's door, in the import's
 * transaction.
 */
export async function applyOpenings(
  tx: Executor,
  operatorId: number,
  entries: OpeningEntry[],
  clock: { timeZone: string; now: Date },
): Promise<void> {
  const venueRows = await tx
    .select({ id: venues.id, slug: venues.slug })
    .from(venues)
    .where(eq(venues.operatorId, operatorId));
  const venueIds = new Map(venueRows.map((row) => [row.slug, row.id]));
  const keys = entries.flatMap((entry) => (entry.activity ? [entry.activity] : []));
  const activityRows = keys.length
    ? await tx
        .select({ id: activities.id, key: activities.key })
        .from(activities)
        .where(inArray(activities.key, keys))
    : [];
  const activityIds = new Map(activityRows.map((row) => [row.key, row.id]));
  await applyOpeningEntries(
    tx,
    entries.map((entry) => ({
      key: entry.key,
      name: entry.name,
      activityId: entry.activity ? activityIds.get(entry.activity)! : null,
      venueId: entry.venue ? venueIds.get(entry.venue)! : null,
      sessionsFrom: entry.sessionsFrom,
      sessionsTo: entry.sessionsTo,
      opensOn: entry.opensOn,
      opensAt: entry.opensAt,
      waitingRoomMinutes: entry.waitingRoomMinutes,
      queueMinutes: entry.queueMinutes,
      idleMinutes: entry.idleMinutes,
      letInPerMinute: entry.letInPerMinute ?? null,
    })),
    clock,
  );
}

/** The openings as the file writes them, for `npm run catalogue:export`. */
export async function openingEntriesOf(db: Db, operatorId: number, timeZone: string) {
  const [venueRows, activityRows, announced] = await Promise.all([
    db.select({ id: venues.id, slug: venues.slug }).from(venues).where(eq(venues.operatorId, operatorId)),
    db.select({ id: activities.id, key: activities.key }).from(activities),
    announcedOpenings(db, timeZone),
  ]);
  const venueSlugs = new Map(venueRows.map((row) => [row.id, row.slug]));
  const activityKeys = new Map(activityRows.map((row) => [row.id, row.key]));
  return announced.map((opening) => ({
    key: opening.key,
    name: opening.name,
    ...(opening.activityId !== null ? { activity: activityKeys.get(opening.activityId) } : {}),
    ...(opening.venueId !== null ? { venue: venueSlugs.get(opening.venueId) } : {}),
    sessionsFrom: opening.sessionsFrom,
    sessionsTo: opening.sessionsTo,
    opensOn: opening.opensOn,
    opensAt: opening.opensAt,
    waitingRoomMinutes: opening.waitingRoomMinutes,
    queueMinutes: opening.queueMinutes,
    idleMinutes: opening.idleMinutes,
    ...(opening.letInPerMinute !== null ? { letInPerMinute: opening.letInPerMinute } : {}),
  }));
}
