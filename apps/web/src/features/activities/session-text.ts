import type { SessionPrice, TimetableSession } from '@lido/contracts/activities';
import { activitiesWords } from './words.ts';

/**
 * The price a customer sees beside a session: theirs (the cheapest band open to them), or why there
 * is none. Prices come from the server; the browser only chooses which words to show.
 */
export function priceText(session: Pick<TimetableSession, 'price' | 'prices' | 'yourPrice'>): string {
  // What this customer pays (a benefit or package may pay for it: decision 0088), else the band's price.
  if (session.yourPrice) return session.yourPrice.price.formatted;
  if (session.price) return session.price.formatted;
  if (session.prices.length > 0 && session.prices.every((price) => price.band === 'member'))
    return activitiesWords('membersOnly');
  return activitiesWords('noPriceOpenToYou');
}

/** "Adult £5.20, Member £2.60": every price of a session, whoever is looking and however full. */
export function allPricesText(prices: SessionPrice[]): string {
  return prices.map((price) => `${price.label} ${price.price.formatted}`).join(', ');
}

/** Why a price band can't be chosen, in the customer's terms. */
export function bandUnavailableText(band: SessionPrice['band'], loggedIn: boolean): string {
  if (!loggedIn) return activitiesWords(band === 'member' ? 'bandLogInAsMember' : 'bandLogIn');
  switch (band) {
    case 'member':
      return activitiesWords('bandForMembers');
    case 'junior':
      return activitiesWords('bandForJuniors');
    case 'concession':
      return activitiesWords('bandForConcessions');
    default:
      return activitiesWords('bandNotOpen');
  }
}

/** The band a customer most likely wants: the cheapest they may book. */
export function cheapestAvailable(prices: SessionPrice[]): SessionPrice | undefined {
  return prices
    .filter((price) => price.available)
    .reduce<SessionPrice | undefined>(
      (best, price) => (best === undefined || price.price.raw.amount < best.price.raw.amount ? price : best),
      undefined,
    );
}

/** The place a session happens: "Studio 1", with who leads it when known. */
export function whereText(session: Pick<TimetableSession, 'location' | 'instructor'>): string {
  return session.instructor
    ? activitiesWords('withInstructor', { location: session.location.name, instructor: session.instructor })
    : session.location.name;
}

/** What a customer can do about a session that can't be booked online now. */
export function notBookableText(status: TimetableSession['availability']['status']): string {
  switch (status) {
    case 'full':
      return activitiesWords('notBookableFull');
    case 'not_yet_open':
      return activitiesWords('notBookableNotYetOpen');
    case 'closed_online':
      return activitiesWords('notBookableClosedOnline');
    case 'started':
      return activitiesWords('notBookableStarted');
    case 'cancelled':
      return activitiesWords('notBookableCancelled');
    default:
      return activitiesWords('notBookable');
  }
}

/** "Tue 24 Nov 2026": a session's date with its weekday, in the page's language. */
export { dayDate } from '../../i18n/dates.ts';
