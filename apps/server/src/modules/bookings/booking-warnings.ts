import type { CartBookingItem } from '@lido/contracts/activity-answers';
import { cancellableUntil, cancellationPolicyText } from '@lido/pricing/booking-rules';

/**
 * What a customer is told about a booking line before paying (issue 33 item 6, decision 0088),
 * each warning naming whom the place is for. Pure: the basket view passes "now" and what it read.
 */

type Warning = CartBookingItem['warnings'][number];

export interface LineToWarnAbout {
  startsAt: Date;
  /** the activity's cancellation cut-off; null when it can't be cancelled online at all */
  cutoffMinutes: number | null;
  quantity: number;
  /** a guest's line (decision 0050): the guest's name */
  guestName: string | null;
  /** the attendee's first name, or null when it is the customer themself */
  attendeeName: string | null;
  /** places already booked on this session for this attendee (not cancelled) */
  alreadyBooked: number;
}

const places = (count: number) => (count === 1 ? 'a place' : `${count} places`);

export function bookingWarnings(line: LineToWarnAbout, now: Date): Warning[] {
  const warnings: Warning[] = [];
  const forWhom = line.guestName ?? line.attendeeName;
  if (line.cutoffMinutes !== null && now >= cancellableUntil(line.startsAt, line.cutoffMinutes)) {
    const policy = cancellationPolicyText(line.cutoffMinutes);
    warnings.push({
      kind: 'inside_cutoff',
      text: `Once paid, this booking${forWhom ? ` for ${forWhom}` : ''} can’t be cancelled or refunded: ${
        policy.charAt(0).toLowerCase() + policy.slice(1, -1)
      }, and this session starts sooner than that.`,
    });
  }
  if (line.guestName !== null) return warnings;
  if (line.alreadyBooked > 0) {
    const more = line.quantity === 1 ? 'another' : `${line.quantity} more`;
    warnings.push({
      kind: 'already_booked',
      text:
        line.attendeeName === null
          ? `You already have ${places(line.alreadyBooked)} booked on this session: paying books ${more} for you.`
          : `${line.attendeeName} already has ${places(line.alreadyBooked)} booked on this session: paying books ${more} for ${line.attendeeName}.`,
    });
  }
  if (line.quantity > 1) {
    const whose = line.attendeeName === null ? 'you' : line.attendeeName;
    warnings.push({
      kind: 'several_places',
      text: `All ${line.quantity} places are booked for ${whose}. To book a place for someone in your family, add it from the session page for them, so it is in their name.`,
    });
  }
  return warnings;
}
