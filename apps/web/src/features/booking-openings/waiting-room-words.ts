import type { QueuePlace } from '@lido/contracts/booking-openings';

const london = (iso: string, timeZone?: string) =>
  new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));

/** "about 3 minutes", "less than a minute": an estimate said as one, never to the second. */
export function waitWords(seconds: number | null): string | null {
  if (seconds === null) return null;
  if (seconds < 60) return 'less than a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  return `about ${hours} hour${hours === 1 ? '' : 's'}`;
}

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
};

/**
 * What a screen reader is told (decision 0094): the state, and the place only in coarse steps, so
 * the live region speaks when something worth hearing changed, not at every poll.
 */
/** "1 place", "240 places". */
export const placesLeftWords = (left: number) => `${left} place${left === 1 ? '' : 's'}`;

export function spokenPlace(place: QueuePlace, timeZone?: string): string {
  if (place.placesLeft === 0 && place.status !== 'lapsed') return 'Every place has been taken.';
  if (place.status === 'admitted')
    return `It's your turn. Book by ${london(place.admittedUntil!, timeZone)}.`;
  if (place.status === 'lapsed') return 'Your turn has passed.';
  if (place.position === null) return `You're in the waiting room. ${place.opening.opensText}.`;
  const step = place.position > 1000 ? 500 : place.position > 100 ? 50 : place.position > 20 ? 10 : 1;
  const rounded = Math.ceil(place.position / step) * step;
  return step === 1
    ? `You're ${ordinal(place.position)} in the queue.`
    : `Fewer than ${rounded} people are ahead of you.`;
}

export { ordinal, london as clockTime };
