import { randomBytes } from 'node:crypto';
import {
  cardCodePattern,
  cardQrPrefix,
  type CheckIn,
  type CheckInBody,
  checkInWords,
  type MembershipCard,
} from '@lido/contracts/check-in';
import { addDays, type CalendarDate, prettyDate, todayIn } from '@lido/pricing/calendar-date';
import { zonedInstant, zonedParts } from '@lido/pricing/booking-rules';
import { currencySymbol } from '@lido/pricing/money';
import type { Db } from '../../db/client.ts';
import { ValidationError } from '../../http/errors.ts';
import { recordStaffAction } from '../audit/index.ts';
import { placesOfCustomerBetween } from '../bookings/index.ts';
import { membershipDoorState } from '../memberships/index.ts';
import { requireOperator, type OperatorRepository } from '../operator/index.ts';
import { markAttended } from '../registers/index.ts';
import {
  attendedOnRegisters,
  bookingsAttendedSince,
  cardOf,
  checkInOfScan,
  type CheckInRow,
  type CustomerAtTheDoor,
  customerByCardCode,
  customerById,
  customerByReference,
  insertCheckIn,
  replaceCard,
} from './check-in.repository.ts';

/** A card's code: 16 random bytes, nothing derived from the customer (decision 0097). */
export const newCardCode = () => randomBytes(16).toString('base64url');

/** A booking is "due" from this long before it starts until it ends: a check-in then marks it attended. */
const dueBeforeStartMs = 60 * 60_000;

export interface StaffAtTheDesk {
  id: number;
  username: string;
  operatorId: number;
}

const fullName = (customer: CustomerAtTheDoor) => `${customer.firstName} ${customer.lastName}`;

/**
 * Membership cards and check-in by card (issue 35 item 5, decision 0097): a customer's card in My
 * account, replaced on request; the desk's check-in, recorded once per scan, which says whether
 * the membership lets them in and marks the bookings due now attended.
 */
export function createCheckInService(deps: {
  db: Db;
  operators: OperatorRepository;
  clock: () => Date;
  timeZone: string;
}) {
  const { db, timeZone } = deps;
  const today = (): CalendarDate => todayIn(timeZone, deps.clock());

  async function cardAnswer(customerId: number, card: { code: string; issuedAt: Date }) {
    const customer = (await customerById(db, customerId))!;
    return {
      name: fullName(customer),
      customerReference: customer.reference,
      homeCentre: customer.homeCentre,
      qrText: `${cardQrPrefix}${card.code}`,
      issued: `Issued ${prettyDate(zonedParts(card.issuedAt, timeZone).date)}`,
    } satisfies MembershipCard;
  }

  /** Who the desk scanned or typed, or a 422 naming the field. */
  async function whoIs(operatorId: number, body: CheckInBody) {
    if (body.card !== undefined) {
      const text = body.card.trim();
      const code = text.startsWith(cardQrPrefix) ? text.slice(cardQrPrefix.length) : '';
      const customer = cardCodePattern.test(code)
        ? await customerByCardCode(db, operatorId, code)
        : undefined;
      if (!customer) throw new ValidationError({ card: [checkInWords.badCard] });
      return { customer, method: 'card' as const };
    }
    const reference = (body.customerReference ?? '').trim().toUpperCase();
    const customer = reference ? await customerByReference(db, operatorId, reference) : undefined;
    if (!customer) throw new ValidationError({ customerReference: [checkInWords.unknownCustomer] });
    return { customer, method: 'customer-id' as const };
  }

  /** Today's places of the customer, attended or not, as the desk sees them after this check-in. */
  async function todaysPlaces(customerId: number, attendedNow: number[]) {
    const day = today();
    const from = zonedInstant(day, '00:00', timeZone);
    // Today's, and one due within the hour after midnight (it is marked attended tonight too).
    const endOfDay = zonedInstant(addDays(day, 1), '00:00', timeZone).getTime();
    const to = new Date(Math.max(endOfDay, deps.clock().getTime() + dueBeforeStartMs));
    const places = await placesOfCustomerBetween(db, customerId, from, to);
    const attended = new Set([
      ...attendedNow,
      ...(await bookingsAttendedSince(db, customerId, from)),
      ...(await attendedOnRegisters(
        db,
        places.map((place) => place.id),
      )),
    ]);
    const clock = (instant: Date) => zonedParts(instant, timeZone).time;
    return places.map((place) => ({
      id: place.id,
      activityName: place.activityName,
      venueName: place.venueName,
      time: `${clock(place.startsAt)} to ${clock(place.endsAt)}`,
      attended: place.status === 'attended' || attended.has(place.id),
    }));
  }

  function answer(
    row: CheckInRow,
    customer: CustomerAtTheDoor,
    reason: string,
    membershipName: string | null,
  ) {
    return async (): Promise<CheckIn> => ({
      checkInId: row.id,
      customer: {
        id: customer.id,
        name: fullName(customer),
        customerReference: customer.reference,
        homeCentre: customer.homeCentre,
      },
      door: row.door,
      mayComeIn: row.mayComeIn,
      verdict: row.mayComeIn ? 'May come in' : 'Not allowed in',
      reason,
      membershipName,
      bookings: await todaysPlaces(customer.id, row.bookingsAttended),
      checkedInAt: zonedParts(row.checkedInAt, timeZone).time,
    });
  }

  return {
    /** The logged-in customer's card, made the first time it is asked for. */
    async card(customerId: number): Promise<MembershipCard> {
      return cardAnswer(customerId, await cardOf(db, customerId, newCardCode(), deps.clock()));
    },

    /** "Replace my card": a new code; the old one is refused from this moment on every instance. */
    async replace(customerId: number): Promise<MembershipCard> {
      return cardAnswer(customerId, await replaceCard(db, customerId, newCardCode(), deps.clock()));
    },

    /**
     * One scan at the desk: whether the membership lets them in, today's places (those due now
     * marked attended, and let in for, whatever the membership says), recorded once per scan id
     * and in the staff audit log. The same scan again answers as the first time and records nothing.
     */
    async checkIn(staff: StaffAtTheDesk, body: CheckInBody): Promise<CheckIn> {
      const operator = await requireOperator(deps.operators);
      const { customer, method } = await whoIs(staff.operatorId, body);
      const door = await membershipDoorState(db, customer.id, today(), currencySymbol(operator.currency));
      const now = deps.clock();
      const due = (
        await placesOfCustomerBetween(
          db,
          customer.id,
          new Date(now.getTime() - 24 * 3_600_000),
          new Date(now.getTime() + dueBeforeStartMs),
        )
      ).filter((place) => place.status === 'booked' && place.endsAt > now);
      const bookingIds = due.map((place) => place.id);
      const mayComeIn = door.door === 'valid' || bookingIds.length > 0;
      const reason =
        door.door !== 'valid' && bookingIds.length > 0
          ? `${door.reason} They may come in for ${due.map((place) => place.activityName).join(' and ')}.`
          : door.reason;
      const recorded = await db.transaction(async (tx) => {
        const row = await insertCheckIn(tx, {
          scanId: body.scanId,
          customerId: customer.id,
          staffUserId: staff.id,
          method,
          door: door.door,
          mayComeIn,
          membershipId: door.membershipId,
          bookingsAttended: bookingIds,
        });
        if (!row) return undefined;
        // The registers' own record of who came (issue 35 item 4): the register shows them attended.
        await markAttended(tx, { bookingIds, staffUserId: staff.id, source: 'check-in' });
        await recordStaffAction(tx, {
          by: { staff },
          action: 'customer.check-in',
          customerId: customer.id,
          details: { method, door: door.door, mayComeIn, membership: door.membershipName, bookingIds },
        });
        return row;
      });
      if (recorded) return answer(recorded, customer, reason, door.membershipName)();
      // The same scan again (a retry, or another instance): the first answer, recorded once.
      const first = (await checkInOfScan(db, body.scanId))!;
      const whose = first.customerId === customer.id ? customer : (await customerById(db, first.customerId))!;
      return answer(first, whose, reason, door.membershipName)();
    },
  };
}
export type CheckInService = ReturnType<typeof createCheckInService>;
