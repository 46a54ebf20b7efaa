import { priceBandLabels } from '@lido/contracts/activities';
import { outstandingBalanceWords } from '@lido/contracts/outstanding-balance';
import {
  ageAllowed,
  ageLimitText,
  bandsOpenTo,
  bookingOpensAt,
  bookingOpensText,
  zonedParts,
} from '@lido/pricing/booking-rules';
import { HttpError, ValidationError } from '../../http/errors.ts';
import type { CustomerRow } from '../auth/index.ts';
import type { OperatorRow } from '../operator/index.ts';
import type { BookableSession } from './booking-lines.repository.ts';

/**
 * The fairness rules a booking line must pass before a place is taken (issue 17 items 3 and 6):
 * each refusal names the one rule broken, so the customer knows what to do.
 */

import { sessionNotFound } from '@lido/contracts/activity-answers';

export { sessionNotFound };
export const sessionFull = 'This session is full.';
export const alreadyBooked =
  'This session is already in your basket for this person: change the number of places there.';
const penaltiesMessage =
  'You cannot book online while your account has outstanding penalties. Please contact the centre to settle them, then book again.';

type Price = {
  id: number;
  activityId: number;
  band: keyof typeof priceBandLabels;
  pricePence: number;
  bookingWindowDays: number;
  /** left the catalogue: kept for the baskets and bookings that name it, never sold again */
  retired: boolean;
};

const refuse = (field: string, message: string): never => {
  throw new ValidationError({ [field]: [message] });
};

/** The session may be booked online now, by this customer, at this price, for this attendee. */
export function checkBookable(input: {
  found: BookableSession | undefined;
  price: Price | undefined;
  customer: CustomerRow;
  /** the customer owes a failed Direct Debit collection and the operator blocks booking for it */
  owesBalance: boolean;
  attendee: CustomerRow;
  attendeeIsMember: boolean;
  operator: Pick<OperatorRow, 'bookingWindowOpensAt'>;
  now: Date;
  timeZone: string;
}): { session: BookableSession; price: Price } {
  const { found, price, customer, attendee, now, timeZone } = input;
  if (!found || !found.activity.active) throw new HttpError(404, sessionNotFound);
  const { session, activity } = found;
  if (session.cancelled) refuse('session', 'This session has been cancelled.');
  if (session.startsAt.getTime() <= now.getTime())
    refuse('session', 'This session has already started, so it can no longer be booked.');
  if (!session.onlineBookingEnabled)
    refuse('session', 'This session cannot be booked online. Please book it at the centre’s reception.');
  if (customer.hasOutstandingPenalties) refuse('customer', penaltiesMessage);
  if (input.owesBalance) refuse('customer', outstandingBalanceWords.blocksBooking);
  if (!price || price.activityId !== activity.id || price.retired)
    return refuse('pricingOptionId', 'This price is not available for this session.');

  const sessionDate = zonedParts(session.startsAt, timeZone).date;
  const limit = ageLimitText(activity.minAge, activity.maxAge);
  if (limit && !ageAllowed(attendee.dateOfBirth, sessionDate, activity.minAge, activity.maxAge)) {
    const words = limit.charAt(0).toLowerCase() + limit.slice(1);
    refuse(
      'session',
      attendee.dateOfBirth
        ? `This session is for ${words}.`
        : `This session is for ${words}: add your date of birth in My account to book it.`,
    );
  }

  const open = bandsOpenTo(
    { dateOfBirth: attendee.dateOfBirth, isMember: input.attendeeIsMember },
    sessionDate,
  );
  if (!open.has(price.band)) refuse('pricingOptionId', bandRefusal(price.band, attendee.dateOfBirth));

  const opensAt = bookingOpensAt(
    session.startsAt,
    price.bookingWindowDays,
    input.operator.bookingWindowOpensAt,
    timeZone,
  );
  if (opensAt.getTime() > now.getTime())
    refuse(
      'session',
      `${bookingOpensText(opensAt, now, timeZone).replace('Booking opens', 'Booking for this session opens')}.`,
    );
  return { session: found, price };
}

function bandRefusal(band: Price['band'], dateOfBirth: string | null): string {
  const label = priceBandLabels[band];
  if (band === 'member') return 'The Member price is for customers with an active membership.';
  if (!dateOfBirth) return `Add your date of birth in My account to book at the ${label} price.`;
  return band === 'junior'
    ? 'The Junior price is for attendees under 18 on the day of the session.'
    : 'The Concession price is for attendees aged 60 or over on the day of the session.';
}
