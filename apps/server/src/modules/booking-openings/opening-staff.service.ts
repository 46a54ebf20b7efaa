import {
  openingEntrySchema,
  openingFieldLabels,
  type StaffOpening,
  type StaffOpenings,
} from '@lido/contracts/booking-openings';
import type { Db } from '../../db/client.ts';
import { HttpError, ValidationError } from '../../http/errors.ts';
import { recordStaffAction } from '../audit/index.ts';
import type { StaffUserRow } from '../staff/index.ts';
import { currentOpenings } from './booking-openings.repository.ts';
import type { BookingOpeningsService } from './booking-openings.service.ts';
import { announcedOpenings, upsertOpenings } from './opening-announcements.repository.ts';
import { activitiesAndCentres, queueCounts, withdrawOpening } from './opening-staff.repository.ts';

export const openingsManagersOnly = 'Only a manager can announce booking openings.';
const notYours = 'You can only announce openings at the centres you manage.';
const hasOpened = 'This opening’s waiting room has opened: it can no longer be changed or withdrawn.';

/**
 * Announced openings in the staff site (issue 39 item 1, decision 0098): a manager announces,
 * changes or withdraws openings at the centres they run, checked by the catalogue file's own
 * schema (its words, after the form's labels), each change in the staff audit log.
 */
export function createOpeningStaffService(deps: {
  db: Db;
  clock: () => Date;
  timeZone: string;
  openings: BookingOpeningsService;
}) {
  const { db, clock, timeZone } = deps;
  const manager = (staff: StaffUserRow) => {
    if (staff.role !== 'manager') throw new HttpError(403, openingsManagersOnly);
    return staff;
  };
  const by = (staff: StaffUserRow) => ({ staff: { id: staff.id, username: staff.username } });

  /** Every opening (those since ended within a day, too), newest first. */
  async function list(staffRow: StaffUserRow): Promise<StaffOpenings> {
    const staff = manager(staffRow);
    const now = clock();
    const [{ activities, centres }, entries, counts, rows] = await Promise.all([
      activitiesAndCentres(db),
      announcedOpenings(db, timeZone),
      queueCounts(db),
      currentOpenings(db, new Date(now.getTime() - 86_400_000)),
    ]);
    const byKey = new Map(rows.map((row) => [row.key, row]));
    const openings: StaffOpening[] = entries.flatMap((entry) => {
      const row = byKey.get(entry.key);
      if (!row) return [];
      const activity = activities.find((candidate) => candidate.id === entry.activityId);
      const centre = centres.find((candidate) => candidate.id === entry.venueId);
      const count = counts.get(row.id) ?? { waiting: 0, admitted: 0, reminders: 0 };
      return [
        {
          entry: {
            key: entry.key,
            name: entry.name,
            ...(activity ? { activity: activity.key } : {}),
            ...(centre ? { venue: centre.slug } : {}),
            sessionsFrom: entry.sessionsFrom,
            sessionsTo: entry.sessionsTo,
            opensOn: entry.opensOn,
            opensAt: entry.opensAt,
            waitingRoomMinutes: entry.waitingRoomMinutes,
            queueMinutes: entry.queueMinutes,
            idleMinutes: entry.idleMinutes,
            ...(entry.letInPerMinute !== null ? { letInPerMinute: entry.letInPerMinute } : {}),
          },
          opening: deps.openings.describe(row),
          activityName: activity?.name ?? null,
          centreName: centre?.name ?? null,
          ...count,
          editable: row.lobbyOpensAt > now && centre !== undefined && staff.centres.includes(centre.slug),
        },
      ];
    });
    return {
      openings: openings.reverse(),
      activities: activities.map(({ key, name }) => ({ key, name })),
      centres: centres
        .filter((centre) => staff.centres.includes(centre.slug))
        .map(({ slug, name }) => ({ slug, name })),
    };
  }

  /** POST /api/staff/booking-openings: announced, or changed before its waiting room opens. */
  async function announce(staffRow: StaffUserRow, raw: unknown): Promise<StaffOpening> {
    const staff = manager(staffRow);
    const parsed = openingEntrySchema.safeParse(raw);
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'opening') as keyof typeof openingFieldLabels;
        const label = openingFieldLabels[field] ?? 'The opening';
        (errors[field] ??= []).push(`${label} ${issue.message}`);
      }
      throw new ValidationError(errors);
    }
    const entry = parsed.data;
    const { activities, centres } = await activitiesAndCentres(db);
    const centre = centres.find((candidate) => candidate.slug === entry.venue);
    if (!centre) throw new ValidationError({ venue: ['Choose the centre whose sessions open.'] });
    if (!staff.centres.includes(centre.slug)) throw new HttpError(403, notYours);
    const activity = entry.activity
      ? activities.find((candidate) => candidate.key === entry.activity)
      : undefined;
    if (entry.activity && !activity)
      throw new ValidationError({ activity: [`Activity ${entry.activity} is not one of the activities`] });
    const now = clock();
    const existing = (await announcedOpenings(db, timeZone)).find((other) => other.key === entry.key);
    if (
      existing &&
      existing.venueId !== centre.id &&
      !staff.centres.includes(slugOf(centres, existing.venueId))
    )
      throw new HttpError(403, notYours);
    await db.transaction(async (tx) => {
      const unchanged = await upsertOpenings(
        tx,
        [
          {
            ...entry,
            activityId: activity?.id ?? null,
            venueId: centre.id,
            letInPerMinute: entry.letInPerMinute ?? null,
          },
        ],
        { timeZone, now },
      );
      if (unchanged.length > 0) throw new HttpError(409, hasOpened);
      await recordStaffAction(tx, {
        by: by(staff),
        action: existing ? 'opening.changed' : 'opening.announced',
        details: { opening: entry, ...(existing ? { from: existing } : {}) },
      });
    });
    deps.openings.forget();
    const saved = (await list(staff)).openings.find((opening) => opening.entry.key === entry.key);
    return saved!;
  }

  /** DELETE /api/staff/booking-openings/{key}: withdrawn before its waiting room opens. */
  async function withdraw(staffRow: StaffUserRow, key: string): Promise<void> {
    const staff = manager(staffRow);
    const found = (await list(staff)).openings.find((opening) => opening.entry.key === key);
    if (!found) throw new HttpError(404, 'There is no such booking opening.');
    if (!found.entry.venue || !staff.centres.includes(found.entry.venue)) throw new HttpError(403, notYours);
    await db.transaction(async (tx) => {
      if (!(await withdrawOpening(tx, key, clock()))) throw new HttpError(409, hasOpened);
      await recordStaffAction(tx, {
        by: by(staff),
        action: 'opening.withdrawn',
        details: { opening: found.entry },
      });
    });
    deps.openings.forget();
  }

  return { list, announce, withdraw };
}

const slugOf = (centres: { id: number; slug: string }[], id: number | null) =>
  centres.find((centre) => centre.id === id)?.slug ?? '';

export type OpeningStaffService = ReturnType<typeof createOpeningStaffService>;
