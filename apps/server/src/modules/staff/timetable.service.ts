import type { SeriesSaved, StaffTimetable, WeeklySeries } from '@lido/contracts/timetable';
import type { Db, Tx } from '../../db/client.ts';
import { escapeHtml } from '../../http/escape-html.ts';
import { HttpError, ValidationError } from '../../http/errors.ts';
import type { EmailMessage } from '../../providers/email/email-provider.ts';
import {
  addOneOffSession,
  retireWeeklySeries,
  saveWeeklySeries,
  SeriesRefused,
  seriesAt,
  type SessionMove,
} from '../activities/index.ts';
import { recordStaffAction } from '../audit/index.ts';
import { followSessionMove } from '../bookings/index.ts';
import type { SeriesProblem } from '../catalogue/index.ts';
import type { EmailQueue } from '../email/index.ts';
import { requireOperator, type OperatorRepository } from '../operator/index.ts';
import type { StaffUserRow } from './staff.repository.ts';
import { centreNamesOf, placesAndActivities } from './timetable.repository.ts';

export const managersOnly = 'Only a manager can change the timetable.';
export const notYourCentre = (centre: string) =>
  `You don’t manage the timetable at ${centre}. Ask whoever manages staff accounts to add the centre to yours.`;

/** Field names as the series form labels them, so a problem names what to correct. */
const fieldLabels: Record<string, string> = {
  key: 'Key',
  activity: 'Activity',
  venue: 'Centre',
  location: 'Place',
  courts: 'Courts',
  days: 'Days',
  times: 'Start times',
  durationMinutes: 'Duration (minutes)',
  capacity: 'Capacity',
  instructor: 'Instructor',
  onlineBooking: 'Online booking',
  validFrom: 'First day',
  validTo: 'Last day',
  minAge: 'Youngest age',
  maxAge: 'Oldest age',
  waiverRequired: 'Waiver',
  waiverText: 'Waiver text',
  cancellationCutoffMinutes: 'Cancellation cut-off in minutes',
  prices: 'Prices',
};

const problemsAsErrors = (problems: { path: string; message: string }[]) => {
  const errors: Record<string, string[]> = {};
  for (const problem of problems) {
    const field = problem.path.split(/[.[]/)[0]!;
    const label = fieldLabels[field] ?? 'The series';
    errors[field in fieldLabels ? field : 'series'] = [
      ...(errors[field] ?? []),
      `${label} ${problem.message}.`.replace(/\.\.$/, '.'),
    ];
  }
  return errors;
};

function refusal(error: unknown): never {
  if (error instanceof SeriesRefused) {
    if (error.status === 422 && error.field) throw new ValidationError({ [error.field]: [error.message] });
    throw new HttpError(error.status, error.message);
  }
  throw error;
}

/** A moment in the operator's words: "Monday 7 December, 18:00". */
const when = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);

/** What changed about a session a booker has a place on, in plain words. */
export function sessionChangedEmail(input: {
  to: string;
  firstName: string;
  activityName: string;
  move: SessionMove;
  operatorName: string;
  contactEmail: string;
  timeZone: string;
}): EmailMessage {
  const { move, timeZone } = input;
  const changes: string[] = [];
  if (
    move.before.startsAt.getTime() !== move.after.startsAt.getTime() ||
    move.before.endsAt.getTime() !== move.after.endsAt.getTime()
  )
    changes.push(
      `Time: was ${when(move.before.startsAt, timeZone)}, now ${when(move.after.startsAt, timeZone)}.`,
    );
  if (move.before.place !== move.after.place)
    changes.push(`Place: was ${move.before.place}, now ${move.after.place}.`);
  if (move.before.instructor !== move.after.instructor)
    changes.push(
      `Instructor: was ${move.before.instructor ?? 'not named'}, now ${move.after.instructor ?? 'not named'}.`,
    );
  const paragraphs = [
    `Hello ${input.firstName},`,
    `Your ${input.activityName} on ${when(move.before.startsAt, timeZone)} has changed:`,
    ...changes,
    'Your booking stands for the changed session. If it no longer suits you, you can cancel it under My account → Bookings.',
    `If you have a question, contact us at ${input.contactEmail}.`,
    input.operatorName,
  ];
  return {
    to: input.to,
    subject: `Your ${input.activityName} has changed`,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n'),
  };
}

/**
 * The manager's timetable (issue 35 item 2, decision 0092): the staff routes call this, and it calls
 * the activities module's door for every write; the catalogue's one schema checks each series;
 * every change is audited in its transaction, and bookers of a session that moved are emailed.
 */
export function createTimetableService(deps: {
  db: Db;
  operators: OperatorRepository;
  email: EmailQueue;
  clock: () => Date;
  config: { timeZone: string };
  /** the catalogue's check of a `schedules` entry (given here: the catalogue module imports this one's) */
  checkSeries: (
    db: Db,
    raw: unknown,
    venueSlugs: ReadonlySet<string>,
  ) => Promise<{ ok: true; series: WeeklySeries } | { ok: false; problems: SeriesProblem[] }>;
}) {
  const { db } = deps;
  const { timeZone } = deps.config;

  const manager = (staff: StaffUserRow) => {
    if (staff.role !== 'manager') throw new HttpError(403, managersOnly);
    return staff;
  };
  const centreNames = () => centreNamesOf(db);
  const mustManage = async (staff: StaffUserRow, venue: string) => {
    if (staff.centres.includes(venue)) return;
    throw new HttpError(403, notYourCentre((await centreNames()).get(venue) ?? venue));
  };
  /** A centre the manager doesn't run is refused before anything else is said about the series. */
  const mustManageNamed = async (staff: StaffUserRow, raw: unknown) => {
    const venue = raw && typeof raw === 'object' ? (raw as { venue?: unknown }).venue : undefined;
    if (typeof venue === 'string' && (await centreNames()).has(venue)) await mustManage(staff, venue);
  };
  const checked = async (raw: unknown) => {
    const names = await centreNames();
    const result = await deps.checkSeries(db, raw, new Set(names.keys()));
    if (!result.ok) throw new ValidationError(problemsAsErrors(result.problems));
    return result.series;
  };
  const viewOf = async (staff: StaffUserRow, key: string) =>
    (await seriesAt(db, staff.centres, { now: deps.clock(), timeZone })).find(
      (view) => view.series.key === key,
    )!;

  /** Each booker of a moved session is told once, in the change's transaction. */
  async function tellBookers(
    tx: Tx,
    moves: SessionMove[],
    operator: { name: string; customerServiceEmail: string },
  ) {
    if (moves.length === 0) return 0;
    let told = 0;
    for (const move of moves) {
      const bookings = await followSessionMove(tx, {
        sessionId: move.sessionId,
        startsAt: move.after.startsAt,
        endsAt: move.after.endsAt,
        place: move.after.place,
      });
      const seen = new Set<string>();
      for (const booking of bookings) {
        if (!booking.email || seen.has(booking.email.toLowerCase())) continue;
        seen.add(booking.email.toLowerCase());
        await deps.email.send(
          sessionChangedEmail({
            to: booking.email,
            firstName: booking.firstName,
            activityName: booking.activityName,
            move,
            operatorName: operator.name,
            contactEmail: operator.customerServiceEmail,
            timeZone,
          }),
          {
            tx,
            dedupeKey: `session-changed:${move.sessionId}:${move.after.startsAt.toISOString()}:${move.after.place}:${move.after.instructor ?? ''}:${booking.email.toLowerCase()}`,
          },
        );
        told++;
      }
    }
    return told;
  }

  const by = (staff: StaffUserRow) => ({ staff: { id: staff.id, username: staff.username } });

  return {
    async timetable(staffRow: StaffUserRow): Promise<StaffTimetable> {
      const staff = manager(staffRow);
      const names = await centreNames();
      const { places, activities } = await placesAndActivities(db, staff.centres);
      return {
        centres: staff.centres.map((slug) => ({
          slug,
          name: names.get(slug) ?? slug,
          places: places
            .filter((place) => place.venue === slug)
            .map((place) => ({ key: place.key, name: place.name, kind: place.kind })),
        })),
        activities,
        series: await seriesAt(db, staff.centres, { now: deps.clock(), timeZone }),
      };
    },

    async create(staffRow: StaffUserRow, raw: unknown): Promise<SeriesSaved> {
      const staff = manager(staffRow);
      await mustManageNamed(staff, raw);
      const series = await checked(raw);
      await mustManage(staff, series.venue);
      const saved = await db
        .transaction(async (tx) => {
          const outcome = await saveWeeklySeries(tx, {
            series,
            version: undefined,
            applyToGenerated: true,
            timeZone,
            now: deps.clock(),
          });
          await recordStaffAction(tx, {
            by: by(staff),
            action: 'timetable.series-added',
            details: { series: outcome.after, sessionsCreated: outcome.sessionsCreated },
          });
          return outcome;
        })
        .catch(refusal);
      deps.email.nudge();
      return {
        series: await viewOf(staff, series.key),
        sessionsCreated: saved.sessionsCreated,
        sessionsChanged: 0,
        sessionsRemoved: 0,
        bookersTold: 0,
      };
    },

    async change(
      staffRow: StaffUserRow,
      key: string,
      body: { series: unknown; version: string; applyToGenerated: boolean },
    ): Promise<SeriesSaved> {
      const staff = manager(staffRow);
      const current = await viewOf(staff, key);
      if (!current) throw new HttpError(404, 'There is no such series at the centres you manage.');
      await mustManageNamed(staff, body.series);
      const series = await checked(body.series);
      if (series.key !== key)
        throw new ValidationError({
          key: ['Key can’t be changed: it is how the catalogue file names the series.'],
        });
      await mustManage(staff, series.venue);
      // Read before the transaction: everything inside it goes through its connection.
      const operator = await requireOperator(deps.operators);
      const saved = await db
        .transaction(async (tx) => {
          const outcome = await saveWeeklySeries(tx, {
            series,
            version: body.version,
            applyToGenerated: body.applyToGenerated,
            timeZone,
            now: deps.clock(),
          });
          const bookersTold = await tellBookers(tx, outcome.moves, operator);
          await recordStaffAction(tx, {
            by: by(staff),
            action: 'timetable.series-changed',
            details: {
              key,
              from: outcome.before,
              to: outcome.after,
              applyToGenerated: body.applyToGenerated,
              sessionsChanged: outcome.sessionsChanged,
              sessionsCreated: outcome.sessionsCreated,
              sessionsRemoved: outcome.sessionsRemoved,
              bookersTold,
            },
          });
          return { ...outcome, bookersTold };
        })
        .catch(refusal);
      deps.email.nudge();
      return {
        series: await viewOf(staff, key),
        sessionsCreated: saved.sessionsCreated,
        sessionsChanged: saved.sessionsChanged,
        sessionsRemoved: saved.sessionsRemoved,
        bookersTold: saved.bookersTold,
      };
    },

    async retire(staffRow: StaffUserRow, key: string, version: string): Promise<SeriesSaved> {
      const staff = manager(staffRow);
      const current = await viewOf(staff, key);
      if (!current) throw new HttpError(404, 'There is no such series at the centres you manage.');
      const retired = await db
        .transaction(async (tx) => {
          const outcome = await retireWeeklySeries(tx, {
            seriesKey: key,
            version,
            timeZone,
            now: deps.clock(),
          });
          await recordStaffAction(tx, {
            by: by(staff),
            action: 'timetable.series-retired',
            details: {
              key,
              series: outcome.before,
              sessionsRemoved: outcome.sessionsRemoved,
              sessionsKept: outcome.sessionsKept,
            },
          });
          return outcome;
        })
        .catch(refusal);
      return {
        series: await viewOf(staff, key),
        sessionsCreated: 0,
        sessionsChanged: 0,
        sessionsRemoved: retired.sessionsRemoved,
        bookersTold: 0,
      };
    },

    async oneOff(
      staffRow: StaffUserRow,
      body: {
        activity: string;
        venue: string;
        location: string;
        date: string;
        time: string;
        durationMinutes: number;
        capacity: number;
        instructor?: string | undefined;
        onlineBooking: boolean;
      },
    ) {
      const staff = manager(staffRow);
      await mustManage(staff, body.venue);
      const made = await db
        .transaction(async (tx) => {
          const session = await addOneOffSession(tx, {
            ...body,
            instructor: body.instructor ?? null,
            timeZone,
            now: deps.clock(),
          });
          await recordStaffAction(tx, {
            by: by(staff),
            action: 'timetable.session-added',
            details: { sessionId: session.id, ...body, activityName: session.activityName },
          });
          return session;
        })
        .catch(refusal);
      return { sessionId: made.id, startsAt: made.startsAt.toISOString() };
    },
  };
}
export type TimetableService = ReturnType<typeof createTimetableService>;
