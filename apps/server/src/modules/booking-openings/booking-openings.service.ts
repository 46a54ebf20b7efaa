import { randomInt, randomUUID } from 'node:crypto';
import {
  type BookingOpening,
  lobbyNotOpenMessage,
  notInQueueMessage,
  queueClosedMessage,
  type QueuePlace,
  waitingRoomOpenMessage,
} from '@lido/contracts/booking-openings';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import type { EmailQueue } from '../email/index.ts';
import { checkAgainSeconds, checkBeforeOpening, nextRate, percentile95 } from './admission-rate.ts';
import { isReminding, setReminder } from './opening-announcements.repository.ts';
import { createOpeningReminders } from './opening-reminders.ts';
import {
  admitNext,
  currentOpenings,
  insertOpening,
  joinQueue,
  loadReportsSince,
  lockOpeningForTick,
  type NewOpening,
  openingById,
  type OpeningRow,
  type QueueEntryRow,
  rejoinAtBack,
  reportLoad,
  saveTick,
  seeOpeningAndEntry,
  useAdmission,
  waitingTickets,
} from './booking-openings.repository.ts';
import { openingView } from './opening-view.ts';
import { createWaitingPositions } from './waiting-positions.ts';

/**
 * Announced booking openings and their fair queue (issue 39, decision 0094).
 *
 * - Everyone who joins the waiting room before the opening draws a random ticket in [0, 1), kept
 *   for the whole opening: arriving earlier, refreshing or opening more tabs changes nothing.
 *   Later arrivals' tickets are their arrival time (always above 1), so they join the back.
 * - From the opening, each tick (at most one a second across every instance: the opening's row is
 *   locked with SKIP LOCKED) lets in the next customers in ticket order, as many as the measured
 *   rate allows (`admission-rate.ts`). The waiting page's own polls drive the ticks, so an idle
 *   opening costs nothing.
 * - An admission is the customer's own queue row: nothing to forge or hand on. Each add to the
 *   basket uses it and moves it on; left unused for `idleSeconds`, it lapses and the turn passes.
 */

/** Only customers seen this recently are let in: a closed tab keeps its ticket for when it returns. */
const seenWithinMs = 45_000;
/** The longest gap one tick makes up for: a quiet spell never lets a crowd in at once. */
const maxTickSeconds = 3;
const openingsCacheMs = 5_000;
/** At most one tick a second: across instances by the row's lock, within one by remembering. */
const tickEveryMs = 1_000;
const loadReportEveryMs = 1_000;
/** How long one count of the places left answers every waiting customer's poll. */
const placesCountMs = 2_000;
/**
 * The longest one instance answers positions from one read of the waiting tickets; it reads again
 * sooner whenever a poll shows the queue has moved (a tick since the read), decision 0106.
 */
const positionsFreshMs = 2_000;

const noSuchOpening = 'That booking opening does not exist.';

/** The operator's ceiling on admissions, a second; none is no ceiling. */
const ceilingPerSecond = (opening: OpeningRow) =>
  opening.letInPerMinute === null ? Number.POSITIVE_INFINITY : opening.letInPerMinute / 60;

export interface GatedSession {
  activityId: number;
  venueId: number;
  startsAt: Date;
}

export function createBookingOpeningsService(deps: {
  db: Db;
  clock: () => Date;
  timeZone: string;
  /** for the reminders customers ask for; without it none are sent (a test's service) */
  email?: EmailQueue;
  /** the bookings site's public origin, for the reminder's link to the waiting room */
  bookingsOrigin?: string;
  /** places still on sale among the sessions an opening gates (the activities module's count) */
  placesLeft?: (gates: BookingOpening['gates'], now: Date) => Promise<number>;
}) {
  const { db, clock, timeZone } = deps;
  const instanceId = randomUUID();

  let cached: { at: number; openings: OpeningRow[] } | undefined;
  async function openings(now: Date): Promise<OpeningRow[]> {
    if (cached && now.getTime() - cached.at < openingsCacheMs && now.getTime() >= cached.at)
      return cached.openings.filter((opening) => opening.gateEndsAt > now);
    const fresh = await currentOpenings(db, now);
    cached = { at: now.getTime(), openings: fresh };
    return fresh;
  }

  const dateFormat = new Intl.DateTimeFormat('en-CA', { timeZone });
  const localDate = (date: Date) => dateFormat.format(date);
  const gates = (opening: OpeningRow, session: GatedSession) =>
    (opening.activityId === null || opening.activityId === session.activityId) &&
    (opening.venueId === null || opening.venueId === session.venueId) &&
    localDate(session.startsAt) >= opening.sessionsFrom &&
    localDate(session.startsAt) <= opening.sessionsTo;

  const { opensText, describe } = openingView(timeZone);

  /** A ticket: a fair draw before the opening, the arrival time after it. */
  const ticketAt = (opening: OpeningRow, now: Date) =>
    now < opening.opensAt ? randomInt(2 ** 47) / 2 ** 47 : now.getTime() / 1000;

  // ---- measuring the adds of gated sessions, reported for every instance's ticks to read ----
  let times: number[] = [];
  let reportedAt = 0;
  function noteAdd(ms: number) {
    times.push(ms);
    const now = clock();
    if (now.getTime() - reportedAt < loadReportEveryMs) return;
    const adds = times.length;
    const p95Ms = Math.round(percentile95(times));
    times = [];
    reportedAt = now.getTime();
    // A lost report only leaves the rate where it was for a second.
    void reportLoad(db, { instanceId, now, adds, p95Ms }).catch(() => undefined);
  }

  // When this instance last tried to tick each opening: every waiting customer's poll would
  // otherwise open a transaction to find another instance (or itself) ticked under a second ago.
  const triedTick = new Map<number, number>();

  /**
   * Lets the next customers in, once a second at most across every instance. Answers whether this
   * call ticked (the opening's row, and perhaps the caller's place, have moved).
   */
  async function tick(openingId: number, now: Date): Promise<boolean> {
    const tried = triedTick.get(openingId);
    if (tried !== undefined && now.getTime() >= tried && now.getTime() - tried < tickEveryMs) return false;
    triedTick.set(openingId, now.getTime());
    return db.transaction(async (tx) => {
      const opening = await lockOpeningForTick(tx, openingId);
      if (!opening || now < opening.opensAt || now >= opening.gateEndsAt) return false;
      const since =
        opening.tickedAt && opening.tickedAt > opening.opensAt ? opening.tickedAt : opening.opensAt;
      const elapsed = (now.getTime() - since.getTime()) / 1000;
      if (opening.tickedAt && elapsed < 1) return false;
      const rate = nextRate(opening.admitPerSecond, await loadReportsSince(tx, since));
      // The operator's ceiling holds the rate that is used, not the one measured.
      const used = Math.min(rate, ceilingPerSecond(opening));
      const owed = opening.admitCredit + used * Math.min(Math.max(elapsed, 0), maxTickSeconds);
      const count = Math.floor(owed);
      const admitted = await admitNext(tx, {
        openingId,
        count,
        now,
        idleSeconds: opening.idleSeconds,
        seenSince: new Date(now.getTime() - seenWithinMs),
      });
      // The fraction carries to the next tick; an empty queue owes nobody anything.
      await saveTick(tx, {
        openingId,
        now,
        admitPerSecond: rate,
        admitCredit: admitted < count ? 0 : owed - count,
      });
      return true;
    });
  }

  // Every waiting customer's position from one read of the waiting tickets a second (decision 0106).
  const positions = createWaitingPositions({
    read: async (openingId) => {
      const { tickedAt, tickets } = await waitingTickets(db, openingId);
      return { tick: tickedAt?.getTime() ?? 0, tickets };
    },
    freshMs: positionsFreshMs,
  });

  function placeOf(
    opening: OpeningRow,
    entry: QueueEntryRow,
    now: Date,
    placesLeft: number | null,
    /** waiting customers with a lower ticket (after the opening) */
    ahead: number,
  ): QueuePlace {
    const described = describe(opening, now);
    if (entry.admittedAt) {
      const lapsed = !entry.activeUntil || entry.activeUntil <= now;
      return {
        opening: described,
        status: lapsed ? 'lapsed' : 'admitted',
        position: null,
        estimatedWaitSeconds: null,
        admittedUntil: lapsed ? null : entry.activeUntil!.toISOString(),
        checkAgainSeconds: 30,
        placesLeft,
      };
    }
    if (now < opening.opensAt) {
      const untilOpening = (opening.opensAt.getTime() - now.getTime()) / 1000;
      return {
        opening: described,
        status: 'waiting',
        position: null,
        estimatedWaitSeconds: null,
        admittedUntil: null,
        checkAgainSeconds: checkBeforeOpening(untilOpening),
        placesLeft: null,
      };
    }
    const position = ahead + 1;
    const perSecond = Math.min(opening.admitPerSecond, ceilingPerSecond(opening));
    const estimate = Math.ceil(position / Math.max(perSecond, 0.01));
    return {
      opening: described,
      status: 'waiting',
      position,
      estimatedWaitSeconds: estimate,
      admittedUntil: null,
      // Often enough to be let in promptly, rarely enough not to be a load of its own.
      checkAgainSeconds: checkAgainSeconds(estimate, placesLeft),
      placesLeft,
    };
  }

  // Every waiting customer asks every few seconds: the count is kept a second or two per opening.
  const counted = new Map<number, { at: number; left: Promise<number> }>();
  async function placesLeftOf(opening: OpeningRow, now: Date): Promise<number | null> {
    if (!deps.placesLeft) return null;
    const kept = counted.get(opening.id);
    if (kept && Math.abs(now.getTime() - kept.at) < placesCountMs) return kept.left;
    const left = deps.placesLeft(describe(opening, now).gates, now);
    counted.set(opening.id, { at: now.getTime(), left });
    left.catch(() => counted.delete(opening.id));
    return left;
  }

  async function requireOpening(openingId: number): Promise<OpeningRow> {
    const opening = await openingById(db, openingId);
    if (!opening) throw new HttpError(404, noSuchOpening);
    return opening;
  }

  /**
   * GET /api/booking-openings/{id}/queue: the customer's place, letting the next ones in first.
   * One statement reads the opening and the customer's own row (so being let in shows on the very
   * next poll); how many wait ahead comes from the instance's snapshot of the waiting tickets.
   */
  async function place(customerId: number, openingId: number): Promise<QueuePlace> {
    const now = clock();
    const see = () => seeOpeningAndEntry(db, openingId, customerId, now);
    let seen = await see();
    if (!seen) throw new HttpError(404, noSuchOpening);
    const open = now >= seen.opening.opensAt && now < seen.opening.gateEndsAt;
    // A tick this poll made may have let this very customer in: read again (once a second at most).
    if (open && (await tick(openingId, now))) seen = (await see())!;
    const { opening, entry } = seen;
    if (!entry) throw new HttpError(404, notInQueueMessage);
    const left = now >= opening.opensAt ? await placesLeftOf(opening, now) : null;
    const ahead =
      now >= opening.opensAt && !entry.admittedAt
        ? await positions.ahead(openingId, opening.tickedAt?.getTime() ?? 0, entry.ticket, now.getTime())
        : 0;
    return placeOf(opening, entry, now, left, ahead);
  }

  return {
    /** An opening's row as the pages see it now. */
    describe: (opening: OpeningRow) => describe(opening, clock()),

    /** Forgets this instance's short list of openings, after a change made here. */
    forget: () => {
      cached = undefined;
    },

    /** Announces an opening (the catalogue and the staff site). */
    async announce(input: NewOpening): Promise<BookingOpening> {
      const created = await insertOpening(db, input);
      cached = undefined;
      return describe(created, clock());
    },

    /** GET /api/booking-openings: what is announced and not over. */
    async current(): Promise<BookingOpening[]> {
      const now = clock();
      return (await openings(now)).map((opening) => describe(opening, now));
    },

    /** The opening that gates a session now or later, if any: for the pages' "Booking opens…". */
    async gating(session: GatedSession): Promise<BookingOpening | undefined> {
      const now = clock();
      const opening = (await openings(now)).find((candidate) => gates(candidate, session));
      return opening && describe(opening, now);
    },

    /** The service's clock: a request's arrival is read before anything else is done for it. */
    now: () => clock(),

    /**
     * POST /api/booking-openings/{id}/queue: joins (or, lapsed, rejoins at the back). Judged by
     * when the request arrived, so one that arrived before the opening and waited for a login check
     * or a connection under load still draws a fair place.
     */
    async join(customerId: number, openingId: number, arrivedAt: Date = clock()): Promise<QueuePlace> {
      const now = arrivedAt;
      const opening = await requireOpening(openingId);
      if (now >= opening.gateEndsAt) throw new HttpError(409, queueClosedMessage);
      if (now < opening.lobbyOpensAt) throw new HttpError(409, lobbyNotOpenMessage);
      await joinQueue(db, { openingId, customerId, now, ticket: ticketAt(opening, now) });
      await rejoinAtBack(db, { openingId, customerId, now, ticket: ticketAt(opening, now) });
      return place(customerId, openingId);
    },

    place,

    /** Whether the customer asked to be reminded (GET /api/booking-openings/{id}/reminder). */
    async reminding(customerId: number, openingId: number): Promise<{ reminding: boolean }> {
      await requireOpening(openingId);
      return { reminding: await isReminding(db, openingId, customerId) };
    },

    /** Asks for, or stops, the email sent when the waiting room opens (POST …/reminder). */
    async remind(customerId: number, openingId: number, reminding: boolean): Promise<{ reminding: boolean }> {
      const opening = await requireOpening(openingId);
      if (reminding && clock() >= opening.lobbyOpensAt) throw new HttpError(409, waitingRoomOpenMessage);
      await setReminder(db, { openingId, customerId, now: clock(), reminding });
      return { reminding: await isReminding(db, openingId, customerId) };
    },

    /** The reminders due, emailed once each (a background job on every instance). */
    reminders:
      deps.email &&
      createOpeningReminders({
        db,
        email: deps.email,
        clock,
        bookingsOrigin: deps.bookingsOrigin ?? '',
        opensText: (opening) => opensText(opening.opensAt),
      }),

    /**
     * Before an add to the basket: every session an announced opening gates needs the customer's
     * admission, which this use moves on. Refused with 409 and the opening, so the page can send
     * the customer to its waiting room. Answers a function to call when the add is done (its time
     * is what the rate is tuned by), or undefined when nothing was gated.
     */
    async admit(
      customerId: number,
      sessions: GatedSession[],
      /** the desk books for the person in front of it: never before the opening, then without a turn */
      options: { atDesk?: boolean } = {},
    ): Promise<(() => void) | undefined> {
      const now = clock();
      const gating = new Map<number, OpeningRow>();
      for (const opening of await openings(now))
        if (sessions.some((session) => gates(opening, session))) gating.set(opening.id, opening);
      if (gating.size === 0) return undefined;
      const started = performance.now();
      for (const opening of gating.values()) {
        if (now < opening.opensAt)
          throw new HttpError(409, `${opensText(opening.opensAt)}.`, {
            opening: describe(opening, now),
          });
        if (options.atDesk) continue;
        const admitted = await useAdmission(db, {
          openingId: opening.id,
          customerId,
          now,
          idleSeconds: opening.idleSeconds,
        });
        if (!admitted)
          throw new HttpError(
            409,
            'Booking has just opened and places are given out in turn: join the queue to book.',
            { opening: describe(opening, now) },
          );
      }
      return () => noteAdd(performance.now() - started);
    },
  };
}

export type BookingOpeningsService = ReturnType<typeof createBookingOpeningsService>;
