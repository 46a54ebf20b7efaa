import {
  noSavedCardMessage,
  type SessionWaitingList,
  type WaitingListEntry,
} from '@lido/contracts/waiting-list';
import { sessionWhen } from '@lido/pricing/booking-rules';
import { offeredUntilText, waitingPositionText } from '@lido/pricing/waiting-list';
import type { Db, Tx } from '../../db/client.ts';
import { HttpError, ValidationError } from '../../http/errors.ts';
import type { CustomerRow } from '../auth/index.ts';
import { sessionNotFound } from '@lido/contracts/activity-answers';
import type { EmailQueue } from '../email/index.ts';
import { itemNotFoundMessage } from '../operator/index.ts';
import { returnBenefitUse } from '../benefits/index.ts';
import type { SavedCardChargeResult, SavedCardPaymentStart, SavedCardRow } from '../checkout/index.ts';
import { autoBookCover } from './auto-book-cover.ts';
import {
  createOfferPayments,
  offerChargeDescription,
  offeredPlaceLineKind,
  offerCharge,
} from './saved-card-booking.ts';
import { createOfferNotices } from './waiting-list-emails.ts';
import {
  bookOfferedPlace,
  claimOffersToNotify,
  type InsertBookings,
  type OfferToNotify,
} from './offer-booking.repository.ts';
import {
  closeFinishedLists,
  expireLapsedOffers,
  freePlaces,
  insertEntry,
  isBookedOn,
  type LiveEntry,
  liveEntriesOf,
  markLeft,
  offerHoldHours,
  offerSparePlace,
  sessionForJoining,
  sessionsWithSparePlaces,
} from './waiting-list.repository.ts';

const placesLeftMessage = 'This session has places left: add one to your basket instead.';
const alreadyBookedMessage = 'You are already booked on this session.';
const courtsHaveNoListMessage = 'Courts have no waiting list: choose another time or court.';

const batch = 50;

/**
 * Waiting lists (issue 18 item 5, decision 0052): joining a full session's list, leaving it, My
 * account's list, and the job that tells each offer once, books automatically where it costs
 * nothing, and passes lapsed offers on. Offers themselves are made where places are freed
 * (`freePlaces`), in the freeing transaction.
 */
export function createWaitingListService(deps: {
  db: Db;
  email: EmailQueue;
  clock: () => Date;
  timeZone: string;
  /** the bookings site's public origin, for the offer's link */
  bookingsOrigin: string;
  /** the my-account site's public origin, for the automatic booking's link */
  myAccountOrigin: string;
  /** a saved card paying for an automatic booking (decision 0054); absent without a card provider */
  cardCharges?: CardCharges | undefined;
  /** the bookings module's insert (bookings use this module, so the composition root passes it) */
  insertBookings: InsertBookings;
  /** why strikes stop the customer booking online, or null: then they are offered, never booked (decision 0096) */
  bookingBlockOf?: (customerId: number, tx: Tx) => Promise<string | null>;
}) {
  const listeners: (() => void)[] = [];
  const notices = createOfferNotices(deps);
  const offerPayments = createOfferPayments({ db: deps.db, notices });

  /** The customer's saved card that an automatic booking may charge, if any. */
  const chargeableCard = (customerId: number) =>
    deps.cardCharges ? deps.cardCharges.chargeableCard(customerId) : Promise.resolve(undefined);

  function answer(row: LiveEntry): WaitingListEntry {
    const { entry } = row;
    const offered = entry.status === 'offered' && entry.offerExpiresAt !== null;
    return {
      id: entry.id,
      sessionId: entry.sessionId,
      activityName: row.activityName,
      venueName: row.venueName,
      venueSlug: row.venueSlug,
      locationName: row.locationName,
      startsAt: row.startsAt.toISOString(),
      when: sessionWhen(row.startsAt, row.endsAt, deps.timeZone),
      status: offered ? 'offered' : 'waiting',
      position: offered ? null : (row.position ?? null),
      statusText: offered
        ? offeredUntilText(entry.offerExpiresAt!, deps.timeZone)
        : waitingPositionText(row.position ?? 1),
      offerExpiresAt: offered ? entry.offerExpiresAt!.toISOString() : null,
      autoBook: entry.autoBook,
      payWithSavedCard: row.payingCard,
    };
  }

  async function entryFor(customerId: number, sessionId: number) {
    const [row] = await liveEntriesOf(deps.db, customerId, { sessionId });
    return row ? answer(row) : null;
  }

  /**
   * Offers made since the last run are told, once each: an email, or an automatic booking. A
   * booking the agreed saved card pays for is charged after the claim's commit (never inside a
   * transaction holding locks), then booked with its order; a card not charged sends the offer.
   */
  async function notifyOffers(): Promise<{ offered: number; booked: number }> {
    const counts = { offered: 0, booked: 0 };
    for (;;) {
      const charges: { uuid: string; offer: OfferToNotify }[] = [];
      const claimed = await deps.db.transaction(async (tx) => {
        const offers = await claimOffersToNotify(tx, batch);
        for (const offer of offers) {
          const stopped = offer.entry.autoBook && (await deps.bookingBlockOf?.(offer.entry.customerId, tx));
          const plan =
            offer.entry.autoBook && !stopped ? await autoBookCover(tx, offer, deps.timeZone) : null;
          const charge = plan?.kind === 'pay' ? offerCharge(offer, plan) : undefined;
          if (charge && deps.cardCharges) {
            const uuid = await deps.cardCharges.start(tx, charge);
            if (uuid) {
              charges.push({ uuid, offer });
              continue;
            }
          }
          const cover = plan?.kind === 'covered' ? plan : null;
          const bookingId = cover ? await bookOfferedPlace(tx, offer, cover, deps.insertBookings) : undefined;
          // Not booked after all (the entry moved on): the benefit use taken for it goes back.
          if (bookingId === undefined && cover?.benefitUseId) await returnBenefitUse(tx, cover.benefitUseId);
          if (bookingId !== undefined) {
            counts.booked += 1;
            await notices.booked(tx, offer);
          } else {
            counts.offered += 1;
            await notices.offered(tx, offer);
          }
        }
        return offers.length;
      });
      for (const { uuid, offer } of charges) {
        const charged = await deps.cardCharges!.charge(uuid, offerChargeDescription(offer, deps.timeZone));
        if (charged === 'completed') counts.booked += 1;
        else if (charged === 'failed') {
          await offerPayments.notCharged({ waitingListEntryId: offer.entry.id });
          counts.offered += 1;
        }
        // Otherwise reconciliation finishes it: an unknown answer is looked up, a lost booking made.
      }
      if (claimed < batch) break;
    }
    if (counts.offered + counts.booked > 0) deps.email.nudge();
    return counts;
  }

  /** Offers whose time ran out go to the next in line (or back on sale), in batches. */
  async function passOnLapsedOffers(): Promise<number> {
    let expired = 0;
    for (;;) {
      const count = await deps.db.transaction(async (tx) => {
        const lapsed = await expireLapsedOffers(tx, batch);
        // Sessions in id order, so two runners passing places on never deadlock on each other.
        for (const { sessionId } of [...lapsed].sort((a, b) => a.sessionId - b.sessionId))
          await freePlaces(tx, sessionId, 1);
        return lapsed.length;
      });
      expired += count;
      if (count < batch) return expired;
    }
  }

  /** Spare places of sessions with people waiting (capacity raised) are offered, one at a time. */
  async function offerSparePlaces(): Promise<number> {
    let offered = 0;
    for (const sessionId of await sessionsWithSparePlaces(deps.db, batch))
      while (await deps.db.transaction((tx) => offerSparePlace(tx, sessionId))) offered += 1;
    return offered;
  }

  return {
    /** What card payment recovery does when an offer's card was not charged (decision 0054). */
    offerPayments,

    /** The offered place, bought by a saved card without a basket (decision 0077). */
    lineKind: offeredPlaceLineKind({ timeZone: deps.timeZone, notices, insertBookings: deps.insertBookings }),

    /** Calls `listener` when places may have been offered (the job runner's nudge). */
    whenOffered(listener: () => void) {
      listeners.push(listener);
    },
    /** Asks for the job to run now: a place was freed and may have been offered. */
    placesFreed() {
      for (const listener of listeners) listener();
    },

    /** GET /api/activities/sessions/{sessionId}/waiting-list: the customer's entry, if any. */
    async forSession(customer: Pick<CustomerRow, 'id'>, sessionId: number): Promise<SessionWaitingList> {
      const card = await chargeableCard(customer.id);
      return {
        entry: await entryFor(customer.id, sessionId),
        savedCard: card ? { cardType: card.cardType, lastFourDigits: card.lastFourDigits } : null,
        offerHours: await offerHoldHours(deps.db),
      };
    },

    /**
     * POST /api/activities/sessions/{sessionId}/waiting-list: only a full session that can still be
     * booked online has a list. Joining again answers the entry already held, adding nothing.
     */
    async join(
      customer: Pick<CustomerRow, 'id'>,
      sessionId: number,
      options: { autoBook?: boolean | undefined; payWithSavedCard?: boolean | undefined },
    ): Promise<WaitingListEntry> {
      const session = await sessionForJoining(deps.db, sessionId);
      if (!session || !session.activityActive) throw new HttpError(404, sessionNotFound);
      const refuse = (message: string): never => {
        throw new ValidationError({ session: [message] });
      };
      if (session.cancelled) refuse('This session has been cancelled.');
      if (session.startsAt.getTime() <= deps.clock().getTime())
        refuse('This session has already started, so it has no waiting list.');
      if (!session.onlineBookingEnabled)
        refuse('This session cannot be booked online. Please book it at the centre’s reception.');
      if (session.activityKind === 'facility') refuse(courtsHaveNoListMessage);
      const held = await entryFor(customer.id, sessionId);
      if (held) return held;
      if (session.taken < session.capacity) refuse(placesLeftMessage);
      // Only the customer themself waits for now; family accounts will name the attendee.
      if (await isBookedOn(deps.db, customer.id, sessionId)) refuse(alreadyBookedMessage);
      // The card agreed to is the one shown when joining; a card saved later is never charged.
      const card = options.payWithSavedCard ? await chargeableCard(customer.id) : undefined;
      if (options.payWithSavedCard && !card)
        throw new ValidationError({ payWithSavedCard: [noSavedCardMessage] });
      await insertEntry(deps.db, {
        sessionId,
        customerId: customer.id,
        attendeeCustomerId: customer.id,
        autoBook: (options.autoBook ?? false) || card !== undefined,
        payWithSavedCardId: card?.id ?? null,
      });
      const entry = await entryFor(customer.id, sessionId);
      if (!entry) throw new HttpError(404, sessionNotFound);
      return entry;
    },

    /** GET /api/my-account/waiting-lists: the customer's live entries, soonest session first. */
    async list(customer: Pick<CustomerRow, 'id'>): Promise<WaitingListEntry[]> {
      return (await liveEntriesOf(deps.db, customer.id)).map(answer);
    },

    /**
     * DELETE /api/my-account/waiting-lists/{entryId}: the customer leaves; a place offered to them
     * goes to the next in line (or back on sale) in the same transaction. Another customer's entry,
     * or one already gone, is not found.
     */
    async leave(customer: Pick<CustomerRow, 'id'>, entryId: number): Promise<void> {
      const left = await deps.db.transaction(async (tx) => {
        const was = await markLeft(tx, customer.id, entryId);
        if (!was) throw new HttpError(404, itemNotFoundMessage);
        if (was.was === 'offered') await freePlaces(tx, was.sessionId, 1);
        return was;
      });
      if (left.was === 'offered') for (const listener of listeners) listener();
    },

    /**
     * The job, safe on every instance at once (each row is claimed with SKIP LOCKED and its status
     * re-checked, each spare place taken by a conditional UPDATE): lists of finished sessions close,
     * lapsed offers pass on, places a raised capacity added are offered, new offers are told.
     */
    async run() {
      await closeFinishedLists(deps.db);
      const expired = await passOnLapsedOffers();
      const spare = await offerSparePlaces();
      const told = await notifyOffers();
      return { expired, spare, ...told };
    },
  };
}

/** What charging a saved card for an offer needs from card payments (decision 0054). */
export interface CardCharges {
  /** the customer's saved card an automatic booking may charge, if any */
  chargeableCard: (customerId: number) => Promise<SavedCardRow | undefined>;
  /** in the offer's transaction: the saved card's payment attempt, or undefined when it can't be charged */
  start: (tx: Tx, start: SavedCardPaymentStart) => Promise<string | undefined>;
  /** charges the attempt's saved card and finishes it (saved-card-charge.ts) */
  charge: (attemptUuid: string, description: string) => Promise<SavedCardChargeResult>;
}
