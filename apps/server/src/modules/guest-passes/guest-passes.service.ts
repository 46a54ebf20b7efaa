import { holdGuestPlace } from '../cart/index.ts';
import type { AddGuest, GuestPasses, GuestPassOffer } from '@lido/contracts/guest-passes';
import { sessionWhen, zonedParts } from '@lido/pricing/booking-rules';
import { todayIn } from '@lido/pricing/calendar-date';
import type { Db } from '../../db/client.ts';
import { HttpError, ValidationError } from '../../http/errors.ts';
import type { CustomerRow } from '../auth/index.ts';
import { bookableSession, bookingFacts, type BookingLineRow } from '../cart/index.ts';
import { checkBookable, sessionFull, sessionNotFound } from '../cart/index.ts';
import { requireOpen } from '../cart/index.ts';
import { owesBlockingBalance } from '../direct-debit/index.ts';
import type { CartView } from '../cart/index.ts';
import type { CartRepository, CartRow } from '../cart/index.ts';
import { requireOperator } from '../operator/index.ts';
import type { OperatorRow } from '../operator/index.ts';
import type { OperatorReads } from '../catalogue/index.ts';
import { allowanceOn, claimGuestPass } from './guest-pass-claim.ts';
import {
  adultPriceOf,
  guestPassMemberships,
  guestsInBasket,
  insertHeldUse,
  passUsesOf,
} from './guest-passes.repository.ts';

const guestPassesOff = 'Guest passes are not available online. Please ask at your centre.';
const noGuestPasses = 'Your membership does not include guest passes on the day of this session.';
const guestPassesUsedUp = (period: string) => `You have used all your guest passes for ${period}.`;
const guestsForSessionsOnly =
  'Guest passes are for classes and swims: a court you book is yours to share with whoever plays with you.';
const noAdultPrice = 'Guests can only be brought to sessions with an Adult price.';
const guestAlreadyAdded = (name: string) => `${name} is already in your basket for this session.`;

/** The operator's setting, from the catalogue file's bookingSettings: off refuses every call (403). */
function requireEnabled(operator: OperatorRow) {
  if (!operator.onlineGuestPassesEnabled) throw new HttpError(403, guestPassesOff);
}

/**
 * Guest passes (issue 18 item 3, decision 0050): what a member's memberships grant per period, a
 * guest's place in a session paid for by a pass, and the passes' use on My account. The pass is
 * the member's own membership's, the member being the logged-in customer who brings the guest.
 */
export function createGuestPassesService(deps: {
  db: Db;
  operators: Pick<OperatorReads, 'current'>;
  carts: CartRepository;
  view: CartView;
  settleHolds: (customer: CustomerRow, cart?: CartRow) => Promise<BookingLineRow[]>;
  clock: () => Date;
  timeZone: string;
}) {
  const { db } = deps;

  /** The session a guest would come to, checked as the member's own booking at the Adult price. */
  async function checkedSession(customer: CustomerRow, operator: OperatorRow, sessionId: number, now: Date) {
    const found = await bookableSession(db, sessionId);
    if (!found || !found.activity.active) throw new HttpError(404, sessionNotFound);
    if (found.activity.kind === 'facility') throw new ValidationError({ session: [guestsForSessionsOnly] });
    const adult = await adultPriceOf(db, found.activity.id);
    if (!adult) throw new ValidationError({ session: [noAdultPrice] });
    const facts = await bookingFacts(db, {
      sessionId,
      priceId: adult.id,
      attendeeId: customer.id,
      timeZone: deps.timeZone,
    });
    const { session, price } = checkBookable({
      found: facts?.found,
      price: facts?.price,
      customer,
      // The operator's "an outstanding balance blocks booking" holds for a guest's place too.
      owesBalance: await owesBlockingBalance(db, customer.id, operator),
      attendee: customer,
      attendeeIsMember: facts?.attendeeIsMember ?? false,
      operator,
      now,
      timeZone: deps.timeZone,
    });
    const { taken, capacity } = session.session;
    if (taken + 1 > capacity) throw new ValidationError({ session: [sessionFull] });
    return { session, price, visitDate: zonedParts(session.session.startsAt, deps.timeZone).date };
  }

  return {
    /** GET /api/activities/sessions/{sessionId}/guest-pass: the passes left for this session's date. */
    async offer(customer: CustomerRow, sessionId: number): Promise<GuestPassOffer> {
      requireEnabled(await requireOperator(deps.operators));
      const found = await bookableSession(db, sessionId);
      if (!found || !found.activity.active) throw new HttpError(404, sessionNotFound);
      const visitDate = zonedParts(found.session.startsAt, deps.timeZone).date;
      const allowances = await Promise.all(
        (await guestPassMemberships(db, customer.id, visitDate)).map((m) => allowanceOn(db, m, visitDate)),
      );
      return { sessionId, allowance: allowances.find((a) => a.left > 0) ?? allowances[0] ?? null };
    },

    /**
     * POST /api/activities/guest-pass/add: the guest's place, free, held in the basket like any
     * other with a pass held for it. Under the basket's lock each membership giving passes is
     * locked in turn and its passes in the visit's period counted: the first with one left pays.
     */
    async addGuest(customer: CustomerRow, input: AddGuest) {
      const operator = await requireOperator(deps.operators);
      requireEnabled(operator);
      const released = await deps.settleHolds(customer);
      const now = deps.clock();
      const { session, price, visitDate } = await checkedSession(customer, operator, input.sessionId, now);
      const memberships = await guestPassMemberships(db, customer.id, visitDate);
      if (memberships.length === 0) throw new ValidationError({ session: [noGuestPasses] });
      const guestName = `${input.guestFirstName} ${input.guestLastName}`;
      const cart = await deps.carts.withTouchedCart(customer.id, async (tx, locked) => {
        requireOpen(locked);
        const already = await guestsInBasket(tx, locked.id, session.session.id);
        if (already.some((name) => name.toLowerCase() === guestName.toLowerCase()))
          throw new ValidationError({ guestFirstName: [guestAlreadyAdded(guestName)] });
        const claim = await claimGuestPass(tx, memberships, visitDate);
        if ('usedUp' in claim)
          throw new ValidationError({ session: [guestPassesUsedUp(claim.usedUp!.periodName)] });
        const paying = claim.paying;
        const lineId = await holdGuestPlace(tx, {
          cartId: locked.id,
          sessionId: session.session.id,
          priceId: price.id,
          memberId: customer.id,
          guestName,
          now,
        });
        if (lineId === undefined) throw new ValidationError({ session: [sessionFull] });
        await insertHeldUse(tx, {
          membershipId: paying.membershipId,
          customerId: customer.id,
          sessionId: session.session.id,
          visitDate,
          firstName: input.guestFirstName,
          lastName: input.guestLastName,
          cartLineId: lineId,
        });
        return locked;
      });
      return deps.view(customer, cart, null, released, operator);
    },

    /** GET /api/my-account/guest-passes: this period's passes per membership, and each one spent. */
    async mine(customer: CustomerRow): Promise<GuestPasses> {
      requireEnabled(await requireOperator(deps.operators));
      const today = todayIn(deps.timeZone, deps.clock());
      const [memberships, uses] = await Promise.all([
        guestPassMemberships(db, customer.id, today),
        passUsesOf(db, customer.id),
      ]);
      return {
        allowances: await Promise.all(memberships.map((m) => allowanceOn(db, m, today))),
        uses: uses.map((row) => ({
          id: row.use.id,
          status: row.use.status,
          guestName: `${row.use.guestFirstName} ${row.use.guestLastName}`,
          sessionId: row.use.sessionId,
          activityName: row.activityName,
          venueName: row.venueName,
          startsAt: row.startsAt.toISOString(),
          when: sessionWhen(row.startsAt, row.endsAt, deps.timeZone),
          bookingId: row.use.bookingId,
        })),
      };
    },
  };
}
