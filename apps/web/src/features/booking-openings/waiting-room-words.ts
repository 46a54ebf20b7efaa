import type { QueuePlace } from '@lido/contracts/booking-openings';
import { openingsWords } from './words.ts';

const london = (iso: string, timeZone?: string) =>
  new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));

/** "about 3 minutes", "less than a minute": an estimate said as one, never to the second. */
export function waitWords(seconds: number | null): string | null {
  if (seconds === null) return null;
  if (seconds < 60) return openingsWords('lessThanAMinute');
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return openingsWords('aboutMinutes', { minutes });
  const hours = Math.round(minutes / 60);
  return openingsWords('aboutHours', { hours });
}

/** "3rd" in English; Welsh says "rhif 3". */
const ordinal = (n: number) => openingsWords('ordinal', { position: n });

/**
 * What a screen reader is told (decision 0094): the state, and the place only in coarse steps, so
 * the live region speaks when something worth hearing changed, not at every poll.
 */
export function spokenPlace(place: QueuePlace, timeZone?: string): string {
  if (place.placesLeft === 0 && place.status !== 'lapsed') return openingsWords('spokenGone');
  if (place.status === 'admitted')
    return openingsWords('spokenTurn', { time: london(place.admittedUntil!, timeZone) });
  if (place.status === 'lapsed') return openingsWords('spokenLapsed');
  if (place.position === null) return openingsWords('spokenInRoom', { opens: place.opening.opensText });
  const step = place.position > 1000 ? 500 : place.position > 100 ? 50 : place.position > 20 ? 10 : 1;
  const rounded = Math.ceil(place.position / step) * step;
  return step === 1
    ? openingsWords('spokenPosition', { position: ordinal(place.position) })
    : openingsWords('spokenFewerThan', { count: rounded });
}

export { ordinal, london as clockTime };
