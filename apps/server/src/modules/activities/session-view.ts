import { priceBandLabels, priceBands } from '@lido/contracts/activities';
import type { SessionAvailability, TimetableSession } from '@lido/contracts/activity-answers';
import {
  ageAllowed,
  ageLimitText,
  bandsOpenTo,
  bookingOpensText,
  cheapestOpenPrice,
  fewSpacesLeft,
  type PriceBand,
  spacesLeftText,
} from '@lido/pricing/booking-rules';
import type { Money } from '@lido/pricing/money';
import type { ZonedClock } from '@lido/pricing/zoned-clock';
import type { MembershipPeriod, SessionPriceRow } from './activities.repository.ts';
import type { TimetableEntry } from './facility-hours.ts';
import { type Allowances, yourPrice } from './your-price.ts';

/**
 * A timetable entry as one customer (or a visitor) sees it: the price they would pay, which bands
 * are open to them, and whether they can book now. Pure: the service passes "now", the zone's
 * clock and who is looking.
 */

type Viewer =
  | { kind: 'visitor' }
  | {
      kind: 'customer';
      dateOfBirth: string | null;
      memberships: MembershipPeriod[];
      /** the attendee's memberships' benefits and packages, which may pay for a place */
      allowances: Allowances;
      /** null when the customer books for themself, else the family member's first name */
      attendeeName: string | null;
    };

export interface ViewContext {
  now: Date;
  clock: ZonedClock;
  money: (pence: number) => Money;
  /** the operator's time of day booking windows open, 'HH:MM[:SS]' */
  opensAtTime: string;
  viewer: Viewer;
  /** the customer may not book online at all (outstanding penalties) */
  blocked: boolean;
  /** the centre the sessions are at (a package pays only at its own centre) */
  venueId: number;
}

/** A visitor may be anyone but a member: adult, junior and concession prices are shown as open. */
const visitorBands = new Set<PriceBand>(['adult', 'junior', 'concession']);

function holdsMembershipOn(memberships: MembershipPeriod[], date: string): boolean {
  return memberships.some(
    (period) => period.startDate <= date && (period.endDate === null || period.endDate >= date),
  );
}

function bandsFor(viewer: Viewer, sessionDate: string): Set<PriceBand> {
  if (viewer.kind === 'visitor') return visitorBands;
  return bandsOpenTo(
    { dateOfBirth: viewer.dateOfBirth, isMember: holdsMembershipOn(viewer.memberships, sessionDate) },
    sessionDate,
  );
}

interface BandChoice {
  price: SessionPriceRow;
  /** when its booking window opens, if that is still to come */
  opensAt: Date | null;
}

/**
 * The band this viewer would book with. A customer books the cheapest band open to them whose
 * window is open now; when none is open yet, the band whose window opens first (members usually
 * book further ahead). A visitor is shown the adult price and window, the one that stands for
 * "anyone" until they log in.
 */
function chooseBand(
  entry: TimetableEntry,
  sessionDate: string,
  open: Set<PriceBand>,
  context: ViewContext,
): BandChoice | null {
  const { clock, now, opensAtTime } = context;
  const startsAt = entry.row.session.startsAt;
  const openedAt = (price: SessionPriceRow) =>
    clock.opensAt(startsAt, price.bookingWindowDays, opensAtTime, sessionDate);
  const withWindow = (price: SessionPriceRow): BandChoice => {
    const opens = openedAt(price);
    return { price, opensAt: opens > now ? opens : null };
  };
  const candidates = entry.row.prices.filter((price) => open.has(price.band));
  if (candidates.length === 0) return null;
  if (context.viewer.kind === 'visitor') {
    return withWindow(
      candidates.find((price) => price.band === 'adult') ?? cheapestOpenPrice(candidates, open)!,
    );
  }
  const openNow = candidates.filter((price) => openedAt(price) <= now);
  if (openNow.length > 0) return { price: cheapestOpenPrice(openNow, open)!, opensAt: null };
  const first = [...candidates].sort(
    (a, b) => openedAt(a).getTime() - openedAt(b).getTime() || a.pricePence - b.pricePence,
  )[0]!;
  return withWindow(first);
}

function availability(
  entry: TimetableEntry,
  choice: BandChoice | null,
  context: ViewContext,
): SessionAvailability {
  const { session, activity } = entry.row;
  const spacesLeft = entry.spacesLeft;
  const closed = (
    status: SessionAvailability['status'],
    label: string,
    opensAt: Date | null = null,
  ): SessionAvailability => ({
    status,
    label,
    spacesLeft,
    opensAt: opensAt?.toISOString() ?? null,
    bookable: false,
  });
  if (entry.cancelled) return closed('cancelled', 'Cancelled');
  if (session.startsAt <= context.now)
    return closed('started', session.endsAt <= context.now ? 'Finished' : 'Started');
  if (!entry.onlineBookingEnabled) return closed('closed_online', 'Book at reception');
  if (spacesLeft <= 0) return closed('full', spacesLeftText(0, activity.kind));
  if (choice?.opensAt)
    return closed(
      'not_yet_open',
      bookingOpensText(choice.opensAt, context.now, context.clock.timeZone),
      choice.opensAt,
    );
  // A court hall's hour has few courts at the best of times: it is "few" only at its last one.
  const few = activity.kind === 'facility' ? spacesLeft <= 1 : spacesLeft <= fewSpacesLeft;
  return {
    status: few ? 'few' : 'available',
    label: spacesLeftText(spacesLeft, activity.kind),
    spacesLeft,
    opensAt: null,
    bookable: choice !== null && !context.blocked,
  };
}

const bandOrder = (band: PriceBand) => priceBands.indexOf(band);

/**
 * Why the attendee may not book this session at all, by its age rule (issue 33 item 5, decision
 * 0088), or null when they may (a visitor is not asked: anyone may log in).
 */
export function notForThemText(
  viewer: Viewer,
  activity: { minAge: number | null; maxAge: number | null },
  sessionDate: string,
): string | null {
  if (viewer.kind === 'visitor') return null;
  const limit = ageLimitText(activity.minAge, activity.maxAge);
  if (!limit || ageAllowed(viewer.dateOfBirth, sessionDate, activity.minAge, activity.maxAge)) return null;
  const words = limit.charAt(0).toLowerCase() + limit.slice(1);
  const name = viewer.attendeeName;
  if (!viewer.dateOfBirth)
    return name === null
      ? `This session is for ${words}: add your date of birth in My account to book it.`
      : `This session is for ${words}: add ${name}’s date of birth in My account to book it for them.`;
  return name === null
    ? `This session is for ${words}, so you can’t book it for yourself.`
    : `This session is for ${words}, so you can’t book it for ${name}.`;
}

/** The timetable's entry for this viewer. */
export function sessionView(entry: TimetableEntry, context: ViewContext): TimetableSession {
  const { session, activity, category } = entry.row;
  const start = context.clock.parts(session.startsAt);
  const end = context.clock.parts(session.endsAt);
  const notForThem = notForThemText(context.viewer, activity, start.date);
  // No band is open to an attendee the age rule refuses: no price, no button (issue 33 item 5).
  const open = notForThem === null ? bandsFor(context.viewer, start.date) : new Set<PriceBand>();
  const choice = chooseBand(entry, start.date, open, context);
  const prices = [...entry.row.prices].sort((a, b) => bandOrder(a.band) - bandOrder(b.band));
  const { viewer } = context;
  const place = {
    activityKey: activity.key,
    categoryKey: category.key,
    venueId: context.venueId,
    date: start.date,
  };
  const theirs = (price: SessionPriceRow) => {
    if (viewer.kind === 'visitor' || !open.has(price.band)) return null;
    const paid = yourPrice(viewer.allowances, place, price.pricePence, viewer.attendeeName);
    return { price: context.money(paid.pence), because: paid.because };
  };
  return {
    id: session.id,
    kind: activity.kind,
    activity: { id: activity.id, name: activity.name, category: { key: category.key, name: category.name } },
    startsAt: session.startsAt.toISOString(),
    endsAt: session.endsAt.toISOString(),
    date: start.date,
    startTime: start.time,
    endTime: end.time,
    durationMinutes: Math.round((session.endsAt.getTime() - session.startsAt.getTime()) / 60_000),
    location: entry.location,
    instructor: session.instructor,
    capacity: entry.capacity,
    availability: availability(entry, choice, context),
    price: choice ? context.money(choice.price.pricePence) : null,
    pricingOptionId: choice?.price.id ?? null,
    yourPrice: choice ? theirs(choice.price) : null,
    prices: prices.map((price) => ({
      id: price.id,
      band: price.band,
      label: priceBandLabels[price.band],
      price: context.money(price.pricePence),
      available: open.has(price.band),
      yourPrice: theirs(price),
    })),
    ageLimit: ageLimitText(activity.minAge, activity.maxAge),
    notForThem,
    waiverRequired: activity.waiverRequired,
  };
}
