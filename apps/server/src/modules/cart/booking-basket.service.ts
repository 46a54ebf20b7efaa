import { HttpError, ValidationError } from '../../http/errors.ts';
import type { CustomerRow } from '../auth/index.ts';
import { itemNotFoundMessage, requireOperator } from '../operator/index.ts';
import type { Tx } from '../../db/client.ts';
import type { OperatorRow } from '../operator/index.ts';
import {
  type BookableSession,
  type BookingLineRow,
  type NewBookingLine,
  bookingFacts,
  bookingLineRows,
  givePlacesBack,
  hasExpiredHolds,
  hasExpiredHoldsOf,
  holdPlaces,
  holdsSession,
  insertBookingLine,
  releaseExpiredHolds,
  setLineQuantity,
} from './booking-lines.repository.ts';
import { takeFreeCourt, takePlaces } from '../activities/index.ts';
import { alreadyBooked, checkBookable, sessionFull } from './booking-rules-check.ts';
import { owesBlockingBalance } from '../direct-debit/index.ts';
import { benefitCandidates } from '../benefits/index.ts';
import { repriceBenefitLine } from './line-payments.repository.ts';
import { coverWithBenefit, payLineWithPackage, takePackageOffLine } from './line-payments.ts';
import { forgetOldLapses } from './lapsed-lines.repository.ts';
import { type CartDeps, checkSelectedUser, requireOpen } from './cart-deps.ts';
import type { CartView } from './cart-view.ts';
import type { CartRow } from './cart.repository.ts';
import { checkOfferedQuantity, holdOfferedPlace } from './offered-place.ts';
import { offeredSessions } from '../waiting-list/index.ts';

/** A session to add, as POST {checkout}/add names it. */
export interface BookingToAdd {
  sessionId: number;
  priceId: number;
  purchasedForUserId?: number | undefined;
  quantity: number;
  /** a note for the instructor (decision 0101) */
  note?: string | undefined;
}

const notEnoughLeft = (left: number) =>
  `Only ${left} ${left === 1 ? 'place is' : 'places are'} left in this session.`;

const oneGuestPerPass = 'A guest pass brings one guest: to bring another, add them from the session page.';

const courtsOneAtATime = 'A court is booked one at a time: add the slot again to book another court.';

/**
 * Booking lines in the basket (issue 17 item 3, decision 0031): every line is checked against the
 * booking rules, then its places are taken by one conditional UPDATE in the transaction that
 * inserts it, under the basket's lock. Any refusal rolls the whole call back.
 */
export function createBookingBasket(
  deps: Pick<
    CartDeps,
    'carts' | 'operators' | 'db' | 'clock' | 'timeZone' | 'family' | 'customerById' | 'openingGate'
  >,
  view: CartView,
) {
  const { carts, db } = deps;

  /**
   * Releases this basket's lapsed holds before a call reads or changes it, so nobody is shown, or
   * pays for, a place that is no longer theirs; the job does the same for baskets nobody opens.
   * Answers the lines released, for the answer's message.
   */
  async function settleHolds(customer: CustomerRow, cart?: CartRow): Promise<BookingLineRow[]> {
    const lapsed = cart
      ? cart.status === 'open' && (await hasExpiredHolds(db, cart.id))
      : await hasExpiredHoldsOf(db, customer.id);
    if (!lapsed) return [];
    return carts.withLockedCart(customer.id, false, async (tx, locked) =>
      locked ? releaseExpiredHolds(tx, { cartId: locked.id }) : [],
    );
  }

  /** The checks outside the lock: the session, its price and the customer's right to book it. */
  async function checked(
    customer: CustomerRow,
    operator: OperatorRow,
    item: BookingToAdd,
    now: Date,
    selectedUserId: number | undefined,
  ) {
    // The attendee is the line's purchased_for_user_id, else the selected user, else the customer:
    // age rules and the member band are theirs (decision 0051).
    const attendee = await deps.family.member(customer, item.purchasedForUserId ?? selectedUserId);
    const facts = await bookingFacts(db, {
      sessionId: item.sessionId,
      priceId: item.priceId,
      attendeeId: attendee.id,
      timeZone: deps.timeZone,
    });
    const { session, price: bookable } = checkBookable({
      found: facts?.found,
      price: facts?.price,
      customer,
      owesBalance: await owesBlockingBalance(db, customer.id, operator),
      attendee,
      attendeeIsMember: facts?.attendeeIsMember ?? false,
      operator,
      now,
      timeZone: deps.timeZone,
    });
    if (session.activity.kind === 'facility' && item.quantity > 1)
      throw new ValidationError({ quantity: [courtsOneAtATime] });
    // Full a moment ago: refused without queueing for the basket's lock and the session's row,
    // which is what most of a rush's adds meet once the places are gone. Free now is not trusted:
    // the conditional UPDATE under the lock decides.
    // The attendee's benefits that could pay for it, read only once the place can be had (only a
    // member has any); a use is taken under the lock.
    const benefitsFor = async () =>
      !facts?.attendeeIsMember
        ? []
        : await benefitCandidates(
            db,
            {
              attendeeId: attendee.id,
              activityId: session.activity.id,
              startsAt: session.session.startsAt,
              unitPricePence: bookable.pricePence,
            },
            deps.timeZone,
          );
    const { taken, capacity } = session.session;
    if (session.activity.kind === 'session' && taken + item.quantity > capacity) {
      // A place kept for this attendee from the waiting list is theirs however full the session
      // is (decision 0052); asked only of a full session, so the rush's add reads nothing more.
      if ((await offeredSessions(db, attendee.id, [item.sessionId])).size > 0) {
        checkOfferedQuantity(item.quantity);
        return { item, session, price: bookable, attendee, offered: true, benefits: await benefitsFor() };
      }
      throw new ValidationError({
        session: [capacity - taken > 0 ? notEnoughLeft(capacity - taken) : sessionFull],
      });
    }
    return { item, session, price: bookable, attendee, offered: false, benefits: await benefitsFor() };
  }

  /** A facility slot: the given court, or any free court of the same activity, centre and start. */
  async function holdCourt(tx: Tx, cartId: number, line: NewBookingLine, slot: BookableSession, now: Date) {
    const held = await holdPlaces(tx, cartId, line, now);
    if (held !== undefined) return held;
    const except = [slot.session.id, ...(await bookingLineRows(tx, cartId)).map((row) => row.sessionId)];
    const court = await takeFreeCourt(tx, slot.session, except, now);
    if (court === undefined) return undefined;
    return (await insertBookingLine(tx, cartId, { ...line, sessionId: court })).id;
  }

  return {
    settleHolds,

    /**
     * POST {checkout}/add with booking items: all are held together, or none. The hot path of a
     * bookings-opening rush (decision 0039): the checks' facts in one read per item, then one
     * transaction of two statements (lock and touch the basket; take and hold each place).
     */
    async addBookings(
      customer: CustomerRow,
      items: BookingToAdd[],
      selectedUserId?: number,
      /** the desk serves the person in front of it: from an opening on, without a turn (decision 0098) */
      options: { atDesk?: boolean } = {},
    ) {
      await checkSelectedUser(
        deps,
        customer,
        selectedUserId,
        ...items.map((item) => item.purchasedForUserId),
      );
      const released = await settleHolds(customer);
      const now = deps.clock();
      const operator = await requireOperator(deps.operators);
      const lines: Awaited<ReturnType<typeof checked>>[] = [];
      for (const item of items) lines.push(await checked(customer, operator, item, now, selectedUserId));
      // A session an announced opening gates needs the customer's admission from its queue.
      const admitted = await deps.openingGate?.admit(
        customer.id,
        lines.map(({ session }) => ({
          activityId: session.activity.id,
          venueId: session.session.venueId,
          startsAt: session.session.startsAt,
        })),
        { atDesk: options.atDesk === true },
      );
      // Sessions are taken in id order, so two baskets taking the same sessions never deadlock.
      lines.sort((a, b) => a.session.session.id - b.session.session.id);
      const cart = await carts
        .withTouchedCart(customer.id, async (tx, locked) => {
          requireOpen(locked);
          for (const { item, session, price, attendee, offered: isOffered, benefits } of lines) {
            const line: NewBookingLine = {
              sessionId: session.session.id,
              priceId: price.id,
              purchasedForCustomerId: attendee.id,
              quantity: item.quantity,
              unitPricePence: price.pricePence,
              note: item.note ?? null,
            };
            if (isOffered && (await holdsSession(tx, locked.id, line.sessionId, attendee.id)))
              throw new ValidationError({ session: [alreadyBooked] });
            const held =
              session.activity.kind === 'facility'
                ? await holdCourt(tx, locked.id, line, session, now)
                : ((isOffered ? await holdOfferedPlace(tx, locked.id, line) : undefined) ??
                  (await holdPlaces(tx, locked.id, line, now)));
            if (held !== undefined) {
              // A covering benefit pays first; else the attendee's covering package does; else the
              // price is paid (issue 18).
              const benefit = await coverWithBenefit(tx, { id: held, ...line }, benefits);
              if (benefit === undefined) await payLineWithPackage(tx, held, deps.timeZone);
              continue;
            }
            if (
              session.activity.kind === 'session' &&
              (await holdsSession(tx, locked.id, line.sessionId, attendee.id))
            )
              throw new ValidationError({ session: [alreadyBooked] });
            throw new ValidationError({ session: [sessionFull] });
          }
          return locked;
        })
        .finally(() => admitted?.());
      return view(customer, cart, null, released, operator);
    },

    /** PUT {checkout}/{cartItemId} on a booking line: more or fewer places, at today's price. */
    async updateQuantity(customer: CustomerRow, itemId: number, quantity: number, selectedUserId?: number) {
      await checkSelectedUser(deps, customer, selectedUserId);
      const released = await settleHolds(customer);
      if (released.some((line) => line.id === itemId))
        throw new ValidationError({
          cartItemId: [
            'Your place was held for you for a limited time, which has run out, so it was released.',
          ],
        });
      const now = deps.clock();
      const operator = await requireOperator(deps.operators);
      // Read before the basket's lock is taken (one connection each, never two at once).
      const owesBalance = await owesBlockingBalance(db, customer.id, operator);
      const cart = await carts.withLockedCart(customer.id, false, async (tx, locked) => {
        requireOpen(locked);
        const line = (await bookingLineRows(tx, locked.id)).find((row) => row.id === itemId);
        if (!line) throw new HttpError(404, itemNotFoundMessage);
        if (line.guestName) throw new ValidationError({ quantity: [oneGuestPerPass] });
        // The line's own attendee (the customer or a dependant of theirs) is checked again.
        const attendee =
          line.purchasedForCustomerId === customer.id
            ? customer
            : ((await deps.customerById(line.purchasedForCustomerId)) ?? customer);
        const facts = await bookingFacts(tx, {
          sessionId: line.sessionId,
          priceId: line.priceId,
          attendeeId: attendee.id,
          timeZone: deps.timeZone,
        });
        const found = facts?.found;
        const price = facts?.price;
        if (!found || !price) throw new HttpError(404, itemNotFoundMessage);
        if (found.activity.kind === 'facility' && quantity > 1)
          throw new ValidationError({ quantity: [courtsOneAtATime] });
        const more = quantity - line.quantity;
        // More places are booked now, so they pass the rules an add does: the session still open
        // online, the booking window, the price band and age for the attendee, and no penalties.
        // Fewer places only give some back, which is always allowed.
        if (more > 0) {
          checkBookable({
            found,
            price,
            customer,
            owesBalance,
            attendee,
            attendeeIsMember: facts.attendeeIsMember,
            operator,
            now,
            timeZone: deps.timeZone,
          });
        }
        if (more > 0 && !(await takePlaces(tx, line.sessionId, more, now))) {
          const left = Math.max(0, found.session.capacity - found.session.taken);
          throw new ValidationError({
            quantity: [
              left === 0
                ? sessionFull
                : `Only ${left} more ${left === 1 ? 'place is' : 'places are'} free in this session.`,
            ],
          });
        }
        if (more < 0) await givePlacesBack(tx, line.sessionId, -more);
        // A line paid by a package is paid again for its new number of places, or costs its price.
        const paidByPackage = await takePackageOffLine(tx, line.id);
        await setLineQuantity(tx, line.id, { quantity, unitPricePence: price.pricePence });
        if (paidByPackage) await payLineWithPackage(tx, line.id, deps.timeZone);
        // A benefit still pays for its one place.
        if (line.benefitUseId !== null) await repriceBenefitLine(tx, line.id);
        await carts.touch(tx, locked.id);
        return locked;
      });
      return view(customer, cart);
    },

    /** Whether `itemId` is a booking line of the customer's current basket. */
    async isBookingLine(customer: CustomerRow, itemId: number): Promise<boolean> {
      const cart = await carts.currentCart(customer.id);
      return cart ? (await bookingLineRows(db, cart.id)).some((line) => line.id === itemId) : false;
    },

    /** The job: lapsed holds of every open basket not being paid for, in batches. */
    async releaseExpired(): Promise<number> {
      let released = 0;
      for (;;) {
        const batch = await db.transaction((tx) => releaseExpiredHolds(tx, { limit: 200 }));
        released += batch.length;
        if (batch.length < 200) break;
      }
      await forgetOldLapses(db);
      return released;
    },
  };
}
export type BookingBasket = ReturnType<typeof createBookingBasket>;
