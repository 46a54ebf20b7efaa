import { priceBandLabels } from '@lido/contracts/activity-labels';
import {
  type AttendanceStatus,
  type BookingPenalties,
  bookingPenaltiesSchema,
  type CustomerStrikes,
  type Marked,
  type Register,
  type RegisterEntry,
  type RegisterList,
} from '@lido/contracts/registers';
import {
  blockedText,
  isLateCancellation,
  type StrikeRules,
  strikeStanding,
  untilText,
} from '@lido/pricing/booking-strikes';
import { ageOn, todayIn } from '@lido/pricing/calendar-date';
import { zonedParts } from '@lido/pricing/booking-rules';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { recordStaffAction } from '../audit/index.ts';
import type { EmailQueue } from '../email/index.ts';
import type { OperatorReads } from '../catalogue/index.ts';
import { requireOperator } from '../operator/index.ts';
import type { StaffUserRow } from '../staff/index.ts';
import { givePenaltyFee, owedFeesText } from '../penalty-fees/index.ts';
import { markAttended } from './attendance.ts';
import * as repo from './registers.repository.ts';
import { strikeEmail } from './strike-email.ts';

export const notYourCentre = (centre: string) =>
  `You don’t manage ${centre}: a manager marks registers only at their own centres.`;
export const noShowTooEarly = 'A no-show can be marked once the session has started.';
export const notOnTheDay = 'A register can be marked from the day of the session.';
export const managersRemoveStrikes = 'Only a manager of the session’s centre can remove a strike.';

/** The operator's rules, or none (a file without `bookingPenalties`, or rules that no longer parse). */
export function rulesOf(stored: Record<string, unknown> | null | undefined): BookingPenalties | null {
  if (!stored) return null;
  const parsed = bookingPenaltiesSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

const mayMarkAt = (staff: StaffUserRow, centre: string) =>
  staff.role !== 'manager' || staff.centres.includes(centre);

/** The session as a strike names it: "Public swim, Fri 27 Nov, 10:00". */
type Session = NonNullable<Awaited<ReturnType<typeof repo.sessionOf>>>;
const sessionAbout = (session: Session, timeZone: string) =>
  `${session.activity_name}, ${untilText(session.starts_at, timeZone)}`;

function entryOf(row: repo.EntryRow, session: Session, timeZone: string): RegisterEntry {
  const sessionDate = zonedParts(session.starts_at, timeZone).date;
  const waiverRequired = session.waiver_required;
  const who = row.guest_name ? 'guest' : row.attendee_name ? 'family member' : 'customer';
  const band = row.band ? priceBandLabels[row.band as keyof typeof priceBandLabels] : 'Place';
  const age = !row.guest_name && row.date_of_birth ? ageOn(row.date_of_birth, sessionDate) : null;
  return {
    bookingId: row.booking_id,
    customerId: row.customer_id,
    customerReference: row.attendee_reference ?? row.payer_reference,
    name: row.guest_name ?? row.attendee_name ?? row.payer_name,
    ageBand: age === null ? band : `${band} (age ${age})`,
    who,
    bookedBy: who === 'customer' ? null : `${row.payer_name} (${row.payer_reference})`,
    places: row.quantity,
    waiver: !waiverRequired ? 'not needed' : row.waiver_accepted ? 'signed' : 'missing',
    note: row.note,
    attendance: row.attendance,
    strike:
      row.strike_id === null
        ? null
        : {
            id: row.strike_id,
            kind: row.strike_kind!,
            givenAt: new Date(row.strike_given_at!).toISOString(),
            about: sessionAbout(session, timeZone),
            removed: row.strike_removed ?? false,
            removedReason: row.strike_removed_reason,
          },
  };
}

/**
 * Registers and strikes (issue 35 items 4 and 6, decision 0096): desk staff and supervisors mark
 * any centre's registers, managers their own centres'; a no-show or a late cancellation gives one
 * strike (the unique key keeps it one however often it is marked), emailed in the same
 * transaction; enough strikes within the window stop online booking for a while.
 */
export function createRegistersService(deps: {
  db: Db;
  email: EmailQueue;
  clock: () => Date;
  timeZone: string;
  /** the operator as the catalogue cache holds it: its rules, read on every customer's page */
  operators: Pick<OperatorReads, 'current'>;
}) {
  const { db, timeZone } = deps;

  async function standingOf(ex: Executor, customerId: number, rules: StrikeRules | null, now: Date) {
    if (!rules) return { blockedUntil: null, countingStrikes: 0 };
    return strikeStanding(rules, await repo.countingStrikesOf(ex, customerId), now);
  }

  /** `ex`: a transaction to read in (the waiting list's, deciding an automatic booking). */
  async function bookingBlockOf(customerId: number, ex?: Executor): Promise<string | null> {
    // The rules from the cache; the strikes are the one read a customer's page adds (none without rules).
    const operator = await requireOperator(deps.operators, ex);
    const rules = rulesOf(operator.bookingPenaltyRules);
    if (!rules) return null;
    const { blockedUntil } = await standingOf(ex ?? db, customerId, rules, deps.clock());
    if (blockedUntil) return blockedText(rules, blockedUntil, timeZone);
    // A fee owed on the account stops online booking until it is paid (decision 0101).
    if (rules.noShowFeePence === 0 && rules.lateCancelFeePence === 0) return null;
    return owedFeesText(ex ?? db, customerId, { timeZone, currency: operator.currency });
  }

  /** A booking's fee under the rules (none when they give none), in `tx`, emailed (decision 0101). */
  async function fee(
    tx: Tx,
    booking: { bookingId: number; customerId: number; kind: 'no-show' | 'late-cancel' },
    amountPence: number,
    at: Date,
  ): Promise<void> {
    if (amountPence <= 0) return;
    const { currency } = await requireOperator(deps.operators, tx);
    await givePenaltyFee(tx, { ...booking, amountPence, at }, { email: deps.email, timeZone, currency });
  }

  /** A strike given in `tx`, and its email queued in it (once per booking, by its key). */
  async function strike(
    tx: Tx,
    booking: { bookingId: number; customerId: number; kind: 'no-show' | 'late-cancel' },
    rules: StrikeRules,
    now: Date,
  ): Promise<Date | null> {
    await repo.lockCustomerStrikes(tx, booking.customerId);
    const given = await repo.giveStrike(tx, { ...booking, at: now });
    const standing = await standingOf(tx, booking.customerId, rules, now);
    if (!given) return standing.blockedUntil;
    const [operator, about] = await Promise.all([
      repo.operatorOf(tx),
      repo.bookingForEmail(tx, booking.bookingId),
    ]);
    if (operator && about)
      await deps.email.send(
        strikeEmail({
          to: about.email,
          firstName: about.first_name,
          kind: booking.kind,
          session: `${about.activity_name}, ${untilText(about.starts_at, timeZone)}`,
          rules,
          countingStrikes: standing.countingStrikes,
          blocked: standing.blockedUntil ? blockedText(rules, standing.blockedUntil, timeZone) : null,
          operatorName: operator.name,
          contactEmail: operator.customer_service_email,
        }),
        { tx, dedupeKey: `strike:${booking.bookingId}:${now.toISOString()}` },
      );
    return standing.blockedUntil;
  }

  async function loadRegister(staff: StaffUserRow, sessionId: number): Promise<Register> {
    const session = await repo.sessionOf(db, sessionId);
    if (!session) throw new HttpError(404, 'There is no such session.');
    // A manager's role is limited to their centres, reading who is booked as much as marking.
    if (!mayMarkAt(staff, session.centre_slug)) throw new HttpError(403, notYourCentre(session.centre_name));
    const rows = await repo.entriesOf(db, sessionId);
    return {
      session: {
        id: session.id,
        activityName: session.activity_name,
        centre: { slug: session.centre_slug, name: session.centre_name },
        place: session.place,
        instructor: session.instructor,
        startsAt: session.starts_at.toISOString(),
        endsAt: session.ends_at.toISOString(),
        capacity: session.capacity,
        cancelled: session.cancelled,
      },
      entries: rows.map((row) => entryOf(row, session, timeZone)),
      canMark: mayMarkAt(staff, session.centre_slug),
      canRemoveStrikes: staff.role === 'manager' && staff.centres.includes(session.centre_slug),
    };
  }

  return {
    /** A centre's sessions on a day (a manager's first centre, else the first by name; today). */
    async list(staff: StaffUserRow, query: { centre?: string; date?: string }): Promise<RegisterList> {
      const all = await repo.centresByName(db);
      const centres = staff.role === 'manager' ? all.filter((c) => staff.centres.includes(c.slug)) : all;
      const centre = query.centre ?? centres[0]?.slug ?? '';
      if (!centres.some((c) => c.slug === centre)) {
        const name = all.find((c) => c.slug === centre)?.name;
        if (name) throw new HttpError(403, notYourCentre(name));
        throw new HttpError(404, 'There is no such centre.');
      }
      const date = query.date ?? todayIn(timeZone, deps.clock());
      const sessions = await repo.sessionsOn(db, centre, date, timeZone);
      return {
        centres,
        centre,
        date,
        sessions: sessions.map((s) => ({
          id: s.id,
          activityName: s.activity_name,
          place: s.place,
          startsAt: s.starts_at.toISOString(),
          endsAt: s.ends_at.toISOString(),
          booked: s.booked,
          marked: s.marked,
          capacity: s.capacity,
          cancelled: s.cancelled,
        })),
      };
    },

    register: loadRegister,

    /** Marks one booking attended or no-show; a no-show gives its strike (once) under the rules. */
    async mark(
      staff: StaffUserRow,
      sessionId: number,
      bookingId: number,
      status: AttendanceStatus,
    ): Promise<Marked> {
      const session = await repo.sessionOf(db, sessionId);
      if (!session) throw new HttpError(404, 'There is no such session.');
      if (!mayMarkAt(staff, session.centre_slug))
        throw new HttpError(403, notYourCentre(session.centre_name));
      const now = deps.clock();
      if (zonedParts(session.starts_at, timeZone).date > todayIn(timeZone, now))
        throw new HttpError(422, notOnTheDay, { errors: { status: [notOnTheDay] } });
      if (status === 'no-show' && session.starts_at.getTime() > now.getTime())
        throw new HttpError(422, noShowTooEarly, { errors: { status: [noShowTooEarly] } });
      const blockedUntil = await db.transaction(async (tx) => {
        const [row] = await repo.entriesOf(tx, sessionId, bookingId);
        if (!row) throw new HttpError(404, 'There is no such booking on this register.');
        if (status === 'attended') {
          await markAttended(tx, { bookingIds: [bookingId], staffUserId: staff.id, source: 'register' });
          return null;
        }
        await repo.upsertAttendance(tx, {
          bookingIds: [bookingId],
          status,
          source: 'register',
          staffUserId: staff.id,
        });
        const rules = rulesOf((await repo.operatorOf(tx))?.booking_penalty_rules);
        if (!rules) return null;
        const booking = { bookingId, customerId: row.customer_id, kind: 'no-show' as const };
        await fee(tx, booking, rules.noShowFeePence, now);
        return rules.noShowStrike ? strike(tx, booking, rules, now) : null;
      });
      deps.email.nudge();
      const [row] = await repo.entriesOf(db, sessionId, bookingId);
      return {
        entry: entryOf(row!, session, timeZone),
        blockedUntil: blockedUntil?.toISOString() ?? null,
      };
    },

    /** A manager of the booking's centre removes a strike, with a reason, in the audit log. */
    async removeStrike(staff: StaffUserRow, strikeId: number, reason: string): Promise<void> {
      const found = await repo.strikeOf(db, strikeId);
      if (!found) throw new HttpError(404, 'There is no such strike.');
      if (staff.role !== 'manager' || !staff.centres.includes(found.centre_slug))
        throw new HttpError(403, managersRemoveStrikes);
      if (found.removed) return;
      await db.transaction(async (tx) => {
        const removed = await repo.removeStrike(tx, { strikeId, staffUserId: staff.id, reason });
        if (!removed) return;
        await recordStaffAction(tx, {
          by: { staff: { id: staff.id, username: staff.username } },
          action: 'strike.removed',
          customerId: removed.customer_id,
          details: { strikeId, kind: removed.kind, bookingId: removed.booking_id, reason },
        });
      });
    },

    /** A customer's strikes at the desk, and why online booking is stopped (null: it is not). */
    async customerStrikes(staff: StaffUserRow, customerId: number): Promise<CustomerStrikes> {
      const found = await repo.strikesOfCustomer(db, customerId);
      return {
        strikes: found.map((row) => ({
          id: row.id,
          kind: row.kind,
          givenAt: row.given_at.toISOString(),
          about: `${row.activity_name}, ${untilText(row.starts_at, timeZone)}`,
          removed: row.removed,
          removedReason: row.removed_reason,
          removable: !row.removed && staff.role === 'manager' && staff.centres.includes(row.centre_slug),
        })),
        blocked: await bookingBlockOf(customerId),
      };
    },

    /**
     * Why this customer may not book online now and until when, or null. The session pages and the
     * basket's refusal say it; the desk is never stopped by it.
     */
    bookingBlockOf,

    /**
     * The bookings module's hook, in a customer's cancellation's transaction: within the rules'
     * hours of the start it gives the booking a late-cancel strike, and queues its email.
     */
    async cancelled(
      tx: Tx,
      booking: { id: number; customerId: number; startsAt: Date },
      cancelledAt: Date,
    ): Promise<void> {
      const rules = rulesOf((await repo.operatorOf(tx))?.booking_penalty_rules);
      if (!rules || !isLateCancellation(rules, booking.startsAt, cancelledAt)) return;
      const late = { bookingId: booking.id, customerId: booking.customerId, kind: 'late-cancel' as const };
      await fee(tx, late, rules.lateCancelFeePence, cancelledAt);
      if (rules.lateCancelStrike) await strike(tx, late, rules, cancelledAt);
    },
  };
}
export type RegistersService = ReturnType<typeof createRegistersService>;
