import type { BookingOpening } from '@lido/contracts/booking-openings';
import type { OpeningRow } from './booking-openings.repository.ts';

/** How an opening reads on the pages: "Booking opens Monday 14 December at 07:00", and its state. */
export function openingView(timeZone: string) {
  // Made once: making a formatter costs far more than using one, and every waiting page's poll
  // describes its opening (making two a poll was an eighth of an instance's time at the opening).
  const dayFormat = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });
  const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' });

  function opensText(date: Date): string {
    return `Booking opens ${dayFormat.format(date)} at ${timeFormat.format(date)}`;
  }

  function describe(opening: OpeningRow, now: Date): BookingOpening {
    return {
      id: opening.id,
      name: opening.name,
      lobbyOpensAt: opening.lobbyOpensAt.toISOString(),
      opensAt: opening.opensAt.toISOString(),
      gateEndsAt: opening.gateEndsAt.toISOString(),
      opensText: opensText(opening.opensAt),
      gates: {
        activityId: opening.activityId,
        venueId: opening.venueId,
        sessionsFrom: opening.sessionsFrom,
        sessionsTo: opening.sessionsTo,
      },
      state:
        now >= opening.gateEndsAt
          ? 'ended'
          : now >= opening.opensAt
            ? 'open'
            : now >= opening.lobbyOpensAt
              ? 'lobby'
              : 'announced',
    };
  }

  return { opensText, describe };
}
