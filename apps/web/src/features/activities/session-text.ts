import { dayLabel } from '@lido/pricing/booking-rules';
import type { SessionPrice, TimetableSession } from '@lido/contracts/activities';

/**
 * The price a customer sees beside a session: theirs (the cheapest band open to them), or why there
 * is none. Prices come from the server; the browser only chooses which words to show.
 */
export function priceText(session: Pick<TimetableSession, 'price' | 'prices' | 'yourPrice'>): string {
  // What this customer pays (a benefit or package may pay for it: decision 0088), else the band's price.
  if (session.yourPrice) return session.yourPrice.price.formatted;
  if (session.price) return session.price.formatted;
  if (session.prices.length > 0 && session.prices.every((price) => price.band === 'member'))
    return 'Members only';
  return 'No price open to you';
}

/** "Adult £5.20, Member £2.60": every price of a session, whoever is looking and however full. */
export function allPricesText(prices: SessionPrice[]): string {
  return prices.map((price) => `${price.label} ${price.price.formatted}`).join(', ');
}

/** Why a price band can't be chosen, in the customer's terms. */
export function bandUnavailableText(band: SessionPrice['band'], loggedIn: boolean): string {
  if (!loggedIn) return band === 'member' ? 'Log in as a member to book at this price.' : 'Log in to book.';
  switch (band) {
    case 'member':
      return 'For customers with an active membership.';
    case 'junior':
      return 'For under 18s on the day of the session.';
    case 'concession':
      return 'For customers aged 60 or over on the day of the session.';
    default:
      return 'Not open to you for this session.';
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
  return session.instructor ? `${session.location.name} · with ${session.instructor}` : session.location.name;
}

/** What a customer can do about a session that can't be booked online now. */
export function notBookableText(status: TimetableSession['availability']['status']): string {
  switch (status) {
    case 'full':
      return 'Every place is taken. Places given back are on sale again at once, so look again later.';
    case 'not_yet_open':
      return 'Come back when booking opens to book a place.';
    case 'closed_online':
      return 'This session is booked at the centre: ask at reception.';
    case 'started':
      return 'This session has already started.';
    case 'cancelled':
      return 'This session has been cancelled.';
    default:
      return 'This session cannot be booked online.';
  }
}

/** "Tue 24 Nov 2026": a session's date with its weekday, as the server writes a line's "when". */
export function dayDate(date: string): string {
  return `${dayLabel(date)} ${date.slice(0, 4)}`;
}
