import type {
  CancellationPreview,
  CancellationResult,
  CancellationScope,
  CancelSessionsBody,
  PaidBy,
  SessionToCancel,
} from '@lido/contracts/centre-cancellations';
import { sessionWhen, zonedInstant } from '@lido/pricing/booking-rules';
import { currencySymbol, toMoney } from '@lido/pricing/money';
import type { Db } from '../../db/client.ts';
import { HttpError, ValidationError } from '../../http/errors.ts';
import type { EmailMessage } from '../../providers/email/email-provider.ts';
import { escapeHtml } from '../../http/escape-html.ts';
import {
  markSessionsCancelled,
  sessionsById,
  sessionsRunningDuring,
  type SessionToCancel as SessionRow,
} from '../activities/index.ts';
import { recordStaffAction } from '../audit/index.ts';
import type { CentreCancelBookings } from '../bookings/index.ts';
import type { EmailQueue } from '../email/index.ts';
import { requireOperator, type OperatorRepository } from '../operator/index.ts';
import type { StaffUserRow } from '../staff/index.ts';
import { closeListsOfCancelledSessions, liveEntriesOnSessions } from '../waiting-list/index.ts';
import {
  cancelledPerSession,
  type CancellationRun,
  finishRun,
  insertRun,
  runById,
  runByKey,
  runsLeftOver,
  setWaitingListTold,
  venueOf,
} from './centre-cancellations.repository.ts';

export const managersOnly = 'Only a manager can cancel sessions.';
const notYourCentre = 'You don’t manage that centre, so you can’t cancel its sessions.';
const noSuchCancellation = 'There is no such cancellation at the centres you manage.';

const labels: Record<PaidBy, { label: string; goesBack: string }> = {
  card: { label: 'Card', goesBack: 'refunded to the card it came from' },
  credit: { label: 'Account credit', goesBack: 'added back to account credit' },
  package: { label: 'Package uses', goesBack: 'each use given back to its package' },
  benefit: { label: 'Membership benefits', goesBack: 'each use given back to the membership' },
  'guest-pass': { label: 'Guest passes', goesBack: 'each pass given back' },
  free: { label: 'Free bookings', goesBack: 'nothing to give back' },
};
const order: PaidBy[] = ['card', 'credit', 'package', 'benefit', 'guest-pass', 'free'];

/** The waiting list's email: the session they were waiting for will not run. */
export function waitingListClosedEmail(input: {
  to: string;
  firstName: string;
  session: SessionRow;
  reason: string;
  operator: { name: string; customerServiceEmail: string };
  timeZone: string;
}): EmailMessage {
  const when = sessionWhen(input.session.startsAt, input.session.endsAt, input.timeZone);
  const paragraphs = [
    `Hello ${input.firstName},`,
    `We’re sorry: we have had to cancel ${input.session.activityName} on ${when}, which you were on the waiting list for.`,
    `Reason: ${input.reason}`,
    'You have been taken off its waiting list and nothing has been charged.',
    `If you have a question, contact us at ${input.operator.customerServiceEmail}.`,
    input.operator.name,
  ];
  return {
    to: input.to,
    subject: `Cancelled: ${input.session.activityName} on ${when}`,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n'),
  };
}

/**
 * Sessions cancelled by the centre (issue 35 item 3, decision 0095). The preview reads; the
 * cancellation is a run under the key the page made: its first transaction records the run, marks
 * the sessions cancelled (no place can be taken from then on; the feeds show it), closes and tells
 * the waiting lists and writes the audit row; then each booking is cancelled in its own transaction
 * by the bookings module. A second press (or another instance) with the same key finds the run and
 * finishes what is left of it; what it answers is read from the bookings, so it is the same answer.
 */
export function createCentreCancellationsService(deps: {
  db: Db;
  operators: OperatorRepository;
  email: EmailQueue;
  clock: () => Date;
  config: { timeZone: string };
  bookings: CentreCancelBookings;
}) {
  const { db } = deps;
  const { timeZone } = deps.config;

  const manager = (staff: StaffUserRow, venue: string) => {
    if (staff.role !== 'manager') throw new HttpError(403, managersOnly);
    if (!staff.centres.includes(venue)) throw new HttpError(403, notYourCentre);
    return staff;
  };

  const sessionView = (
    row: SessionRow,
    bookings: number,
    waiting: number,
    byWay: SessionToCancel['byWay'] = [],
  ): SessionToCancel => ({
    id: row.id,
    activityName: row.activityName,
    placeName: row.locationName,
    when: sessionWhen(row.startsAt, row.endsAt, timeZone),
    startsAt: row.startsAt.toISOString(),
    bookings,
    waiting,
    cancelled: row.cancelled,
    byWay,
  });

  async function result(run: CancellationRun): Promise<CancellationResult> {
    const operator = await requireOperator(deps.operators);
    const money = (pence: number) => toMoney(pence, operator.currency, currencySymbol(operator.currency));
    const [sessions, perSession, totals] = await Promise.all([
      sessionsById(db, run.sessionIds),
      cancelledPerSession(db, run.id),
      deps.bookings.totals(run.id),
    ]);
    return {
      id: run.id,
      key: run.key,
      reason: run.reason,
      sessions: sessions.map((row) => sessionView(row, perSession.get(row.id) ?? 0, 0)),
      bookingsCancelled: totals.bookings,
      cardRefunds: totals.cardRefunds,
      cardRefunded: money(totals.cardPence),
      creditAdded: money(totals.creditPence),
      usesGivenBack: totals.usesGivenBack,
      refundsFailed: totals.cardRefundsFailed,
      refundsPending: totals.cardRefundsPending,
      waitingListTold: run.waitingListTold,
      finished: run.finished,
    };
  }

  /** Cancels what is still booked on the run's sessions, then marks it finished. */
  async function finish(run: CancellationRun, again = false): Promise<CancellationResult> {
    if (!run.finished || again) {
      const operator = await requireOperator(deps.operators);
      await deps.bookings.cancelAllOn(
        run.sessionIds,
        { cancellationId: run.id, reason: run.reason },
        operator,
      );
      await finishRun(db, run.id);
    }
    return result((await runById(db, run.id))!);
  }

  return {
    /** POST /api/staff/cancellations/preview: the sessions a period covers and what cancelling touches. */
    async preview(staff: StaffUserRow, scope: CancellationScope): Promise<CancellationPreview> {
      manager(staff, scope.venue);
      const from = zonedInstant(scope.fromDate, scope.fromTime, timeZone);
      const to = zonedInstant(scope.toDate, scope.toTime, timeZone);
      if (to <= from) throw new ValidationError({ toTime: ['The end must be after the start.'] });
      const sessions = await sessionsRunningDuring(db, {
        venue: scope.venue,
        location: scope.location ?? null,
        from,
        to,
        now: deps.clock(),
      });
      const ids = sessions.map((session) => session.id);
      const [bookings, waiting] = await Promise.all([
        deps.bookings.bookingsToCancel(ids),
        liveEntriesOnSessions(db, ids),
      ]);
      const operator = await requireOperator(deps.operators);
      const money = (pence: number) => toMoney(pence, operator.currency, currencySymbol(operator.currency));
      const perSession = new Map<number, number>();
      const sessionWays = new Map<number, SessionToCancel['byWay']>();
      const byWay = new Map<PaidBy, { bookings: number; pence: number }>();
      let credit = 0;
      for (const { booking, money: back } of bookings) {
        perSession.set(booking.sessionId, (perSession.get(booking.sessionId) ?? 0) + 1);
        const ways = sessionWays.get(booking.sessionId) ?? [];
        const here = ways.find((way) => way.paidBy === back.paidBy);
        if (here) {
          here.bookings += 1;
          here.cardPence += back.split.cardPence;
          here.creditPence += back.split.creditPence;
        } else
          ways.push({
            paidBy: back.paidBy,
            bookings: 1,
            cardPence: back.split.cardPence,
            creditPence: back.split.creditPence,
          });
        sessionWays.set(booking.sessionId, ways);
        const way = byWay.get(back.paidBy) ?? { bookings: 0, pence: 0 };
        way.bookings += 1;
        way.pence += back.paidBy === 'credit' ? back.split.creditPence : back.split.cardPence;
        if (back.paidBy !== 'credit') credit += back.split.creditPence;
        byWay.set(back.paidBy, way);
      }
      return {
        sessions: sessions.map((row) =>
          sessionView(row, perSession.get(row.id) ?? 0, waiting.get(row.id) ?? 0, sessionWays.get(row.id)),
        ),
        bookings: bookings.length,
        waitingList: [...waiting.values()].reduce((sum, n) => sum + n, 0),
        money: order
          .filter((way) => byWay.has(way))
          .map((way) => {
            const found = byWay.get(way)!;
            const isMoney = way === 'card' || way === 'credit';
            return {
              paidBy: way,
              label: labels[way].label,
              bookings: found.bookings,
              amount: isMoney ? money(way === 'credit' ? found.pence + credit : found.pence) : null,
              goesBack: labels[way].goesBack,
            };
          }),
        refundRule: await deps.bookings.refundRule(),
      };
    },

    /** POST /api/staff/cancellations: cancels the sessions with the reason, once per key. */
    async cancel(staff: StaffUserRow, body: CancelSessionsBody): Promise<CancellationResult> {
      manager(staff, body.venue);
      const venue = await venueOf(db, body.venue);
      const venueId = venue?.id;
      const earlier = await runByKey(db, body.key);
      if (earlier) {
        if (earlier.venueId !== venueId)
          throw new HttpError(409, 'That key belongs to another cancellation.');
        return finish(earlier);
      }
      const sessionIds = [...new Set(body.sessionIds)];
      const sessions = await sessionsById(db, sessionIds);
      const now = deps.clock();
      if (sessions.length !== sessionIds.length || sessions.some((session) => session.venueId !== venueId))
        throw new ValidationError({ sessionIds: ['Every session must be one at this centre.'] });
      const started = sessions.find((session) => !session.cancelled && session.startsAt <= now);
      if (started)
        throw new ValidationError({
          sessionIds: [
            `${started.activityName} on ${sessionWhen(started.startsAt, started.endsAt, timeZone)} has already started.`,
          ],
        });
      const operator = await requireOperator(deps.operators);
      const run = await db.transaction(async (tx) => {
        const made = await insertRun(tx, {
          key: body.key,
          staffUserId: staff.id,
          venueId: venueId!,
          sessionIds,
          reason: body.reason,
        });
        if (!made) return undefined;
        await markSessionsCancelled(tx, sessionIds);
        const closed = await closeListsOfCancelledSessions(tx, sessionIds);
        const byId = new Map(sessions.map((session) => [session.id, session]));
        for (const entry of closed)
          await deps.email.send(
            waitingListClosedEmail({
              to: entry.email,
              firstName: entry.firstName,
              session: byId.get(entry.sessionId)!,
              reason: body.reason,
              operator,
              timeZone,
            }),
            { tx, dedupeKey: `centre-cancelled-waiting:${entry.id}` },
          );
        await setWaitingListTold(tx, made.id, closed.length);
        const bookings = await deps.bookings.bookingsToCancel(sessionIds, tx);
        await recordStaffAction(tx, {
          by: { staff: { id: staff.id, username: staff.username } },
          action: 'timetable.sessions-cancelled',
          details: {
            cancellationId: made.id,
            centre: body.venue,
            centreName: venue?.name,
            reason: body.reason,
            sessions: sessionIds.length,
            sessionIds,
            bookings: bookings.length,
            waitingListTold: closed.length,
          },
        });
        return made;
      });
      // Taken by another press of the same key at the same moment: finish that one.
      return finish(run ?? (await runByKey(db, body.key))!);
    },

    /**
     * The job: runs a stopped process left unfinished, or with a booking made on their sessions
     * at the moment they were cancelled, are finished (each booking still cancelled once, so every
     * instance may run this). Answers how many runs it finished.
     */
    async finishLeftOver(): Promise<number> {
      const runs = await runsLeftOver(db);
      for (const run of runs) await finish(run, true);
      return runs.length;
    },

    /** GET /api/staff/cancellations/{id}: a cancellation's summary, as it stands. */
    async one(staff: StaffUserRow, id: number): Promise<CancellationResult> {
      if (staff.role !== 'manager') throw new HttpError(403, managersOnly);
      const run = await runById(db, id);
      const venues = await Promise.all(staff.centres.map((slug) => venueOf(db, slug)));
      if (!run || !venues.some((venue) => venue?.id === run.venueId))
        throw new HttpError(404, noSuchCancellation);
      return result(run);
    },
  };
}
export type CentreCancellationsService = ReturnType<typeof createCentreCancellationsService>;
