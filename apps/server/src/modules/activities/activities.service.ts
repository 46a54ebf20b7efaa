import type { TimeOfDay } from '@lido/contracts/activities';
import type { SessionDetails, Timetable, TimetableSession } from '@lido/contracts/activity-answers';
import { cancellationPolicyText, dayLabel, zonedInstant } from '@lido/pricing/booking-rules';
import { addDays, daysBetween, isCalendarDate, todayIn } from '@lido/pricing/calendar-date';
import { zonedClock } from '@lido/pricing/zoned-clock';
import { HttpError, ValidationError } from '../../http/errors.ts';
import type { CustomerRow } from '../auth/index.ts';
import { moneyFormat } from '@lido/pricing/money';
import { itemNotFoundMessage } from '../operator/index.ts';
import type { ActivityReads } from '../catalogue/index.ts';
import type { MembershipPeriod, SessionRow } from './activities.repository.ts';
import { timetableEntries } from './facility-hours.ts';
import { sessionView, type ViewContext } from './session-view.ts';
import { type Allowances, noAllowances } from './your-price.ts';

/** Said wherever a customer with an outstanding penalty would book (issue 17 item 6). */
export const outstandingPenaltyMessage =
  "You have an outstanding penalty on your account, so you can't book online. Please contact your centre to pay it; you can then book online again.";

/** A week's visitor answers kept per filter (category, time of day) while its rows stand. */
const visitorAnswersPerWeek = 16;

/** How far from today the timetable may be asked for. */
const timetableReachDays = 366;

export interface TimetableQuery {
  from?: string | undefined;
  days?: number | undefined;
  category?: string | undefined;
  timeOfDay?: TimeOfDay | undefined;
}

/** Morning before 12:00, afternoon before 17:00, evening the rest (local clock time 'HH:MM'). */
function timeOfDayOf(time: string): TimeOfDay {
  if (time < '12:00') return 'morning';
  if (time < '17:00') return 'afternoon';
  return 'evening';
}

function notBookableHere(venueName: string): HttpError {
  return new HttpError(404, `Activities at ${venueName} can't be booked online. Please contact the centre.`);
}

/** Who a customer's answer is for: themself, or a family member they book for (decision 0051). */
export interface AnswerFor {
  familyMember: boolean;
}

export function createActivitiesService(deps: {
  activities: ActivityReads;
  clock: () => Date;
  timeZone: string;
  /** the attendee's benefits and packages, which may pay for a place (decision 0088) */
  allowancesOf?: (attendeeId: number, today: string) => Promise<Allowances>;
}) {
  const { activities, clock, timeZone } = deps;

  /** What may pay for the customer's places (none for a visitor): read before an answer is built. */
  async function allowancesFor(customer: CustomerRow | null, now: Date): Promise<Allowances> {
    return customer && deps.allowancesOf
      ? deps.allowancesOf(customer.id, todayIn(timeZone, now))
      : noAllowances;
  }

  function viewContext(
    operator: { currency: string; bookingWindowOpensAt: string },
    memberships: MembershipPeriod[],
    customer: CustomerRow | null,
    now: Date,
    venueId: number,
    allowances: Allowances,
    answerFor: AnswerFor = { familyMember: false },
  ): ViewContext {
    return {
      now,
      clock: zonedClock(timeZone),
      money: moneyFormat(operator.currency).money,
      opensAtTime: operator.bookingWindowOpensAt,
      viewer: customer
        ? {
            kind: 'customer',
            dateOfBirth: customer.dateOfBirth,
            memberships,
            allowances,
            attendeeName: answerFor.familyMember ? customer.firstName : null,
          }
        : { kind: 'visitor' },
      blocked: customer?.hasOutstandingPenalties ?? false,
      venueId,
    };
  }

  function firstDay(from: string | undefined, today: string): string {
    if (from === undefined) return today;
    if (!isCalendarDate(from)) throw new ValidationError({ from: ['The first day must be a real date.'] });
    if (Math.abs(daysBetween(today, from)) > timetableReachDays)
      throw new ValidationError({ from: ['The first day must be within a year of today.'] });
    return from;
  }

  /** The rows and settings a week's answer is built from (the rows read live or shared). */
  async function weekOf(
    slug: string,
    query: TimetableQuery,
    customer: CustomerRow | null,
    places: 'live' | 'shared',
  ) {
    const now = clock();
    const today = todayIn(timeZone, now);
    const from = firstDay(query.from, today);
    const dayCount = query.days ?? 7;
    const context = await activities.venueContext(slug, customer?.id ?? null);
    if (!context) throw new HttpError(404, itemNotFoundMessage);
    if (!context.venue.activitiesV2Enabled) throw notBookableHere(context.venue.name);
    const rows = await activities.sessionsBetween(
      context.venue.id,
      zonedInstant(from, '00:00', timeZone),
      zonedInstant(addDays(from, dayCount), '00:00', timeZone),
      places,
    );
    return { now, today, from, dayCount, context, rows };
  }

  // Built at once, with nothing awaited: visitors asking together share the first one's answer.
  function answerFor(
    { now, today, from, dayCount, context, rows }: Awaited<ReturnType<typeof weekOf>>,
    query: TimetableQuery,
    customer: CustomerRow | null,
    allowances: Allowances = noAllowances,
  ): Timetable {
    const view = viewContext(
      context.operator,
      context.memberships,
      customer,
      now,
      context.venue.id,
      allowances,
    );
    const wanted = rows.filter(
      (row) =>
        (!query.category || row.category.key === query.category) &&
        (!query.timeOfDay || timeOfDayOf(view.clock.parts(row.session.startsAt).time) === query.timeOfDay),
    );
    const byDate = new Map<string, TimetableSession[]>();
    for (const entry of timetableEntries(wanted)) {
      const session = sessionView(entry, view);
      const day = byDate.get(session.date);
      if (day) day.push(session);
      else byDate.set(session.date, [session]);
    }
    const dates = Array.from({ length: dayCount }, (_, index) => addDays(from, index));
    return {
      venue: { id: context.venue.id, slug: context.venue.slug, name: context.venue.name },
      today,
      from,
      to: dates.at(-1)!,
      categories: categoriesOf(rows),
      days: dates.map((date) => ({ date, label: dayLabel(date), sessions: byDate.get(date) ?? [] })),
      bookingBlocked: view.blocked ? outstandingPenaltyMessage : null,
    };
  }

  /**
   * Visitors' answers by the shared rows they were built from: the rows are replaced when the
   * places window passes or the catalogue changes (ActivityReads), and the answers go with them.
   */
  const visitorAnswers = new WeakMap<SessionRow[], Map<string, Buffer>>();

  return {
    /** GET /api/activities/venues/{slug}/timetable for a customer (or a visitor, read live). */
    async timetable(slug: string, query: TimetableQuery, customer: CustomerRow | null): Promise<Timetable> {
      const week = await weekOf(slug, query, customer, 'live');
      return answerFor(week, query, customer, await allowancesFor(customer, week.now));
    },

    /**
     * The same for a visitor, as the JSON bytes of `{ data }` (decision 0061): built once from the
     * shared week's rows and answered to every visitor while those rows stand (at most the places
     * window), so a busy week is neither rebuilt nor re-serialised per request.
     */
    async visitorTimetableJson(slug: string, query: TimetableQuery): Promise<Buffer> {
      const week = await weekOf(slug, query, null, 'shared');
      const key = JSON.stringify([slug, week.from, week.dayCount, query.category, query.timeOfDay]);
      let answers = visitorAnswers.get(week.rows);
      if (!answers) visitorAnswers.set(week.rows, (answers = new Map()));
      const kept = answers.get(key);
      if (kept) return kept;
      const json = Buffer.from(JSON.stringify({ data: answerFor(week, query, null) }));
      // Filters are free text: only the first few per week are kept, the rest are built each time.
      if (answers.size < visitorAnswersPerWeek) answers.set(key, json);
      return json;
    },

    /** GET /api/activities/sessions/{sessionId}: a facility session answers for its whole hour. */
    async session(
      sessionId: number,
      customer: CustomerRow | null,
      answerFor: AnswerFor = { familyMember: false },
    ): Promise<SessionDetails> {
      // A visitor's page may show places up to the window old, as the timetable does (decision 0061).
      const rows = await activities.sessionGroup(
        sessionId,
        customer?.id ?? null,
        customer === null ? 'shared' : 'live',
      );
      const first = rows[0];
      if (!first) throw new HttpError(404, itemNotFoundMessage);
      if (!first.venue.activitiesV2Enabled) throw notBookableHere(first.venue.name);
      const now = clock();
      const view = viewContext(
        first.operator,
        first.memberships,
        customer,
        now,
        first.venue.id,
        await allowancesFor(customer, now),
        answerFor,
      );
      const [entry] = timetableEntries(rows);
      const session = sessionView(entry!, view);
      return {
        ...session,
        // the page's own address names the session asked for, even when another court is the free one
        id: sessionId,
        venue: { id: first.venue.id, slug: first.venue.slug, name: first.venue.name },
        description: first.activity.description,
        waiverText: first.activity.waiverText,
        cancellationPolicy: cancellationPolicyText(first.activity.cancellationCutoffMinutes),
        bookingBlocked: view.blocked ? outstandingPenaltyMessage : null,
      };
    },
  };
}

/** The categories with sessions in the range, in the operator's order, for the filter. */
function categoriesOf(rows: SessionRow[]) {
  const found = new Map<string, SessionRow['category']>();
  for (const row of rows) found.set(row.category.key, row.category);
  return [...found.values()]
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name))
    .map(({ key, name }) => ({ key, name }));
}
