import type { RpdeItem } from '@lido/contracts/openactive';
import { concessionFromAge, juniorUnderAge } from '@lido/pricing/booking-rules';
import {
  type ActivityConcept,
  type ActivityWords,
  activityConcept,
  facilityTypeConcept,
  facilityTypeScheme,
  ukNation,
} from './activity-list.ts';
import type { PriceRow, ScheduleRow, SeriesRow, SessionRow } from './openactive.repository.ts';

/**
 * Rows become OpenActive Modelling Opportunity Data 2.0 objects. Every `@id` and `url` is absolute
 * from the bookings site's configured public origin (never a request's Host).
 */
export interface FeedUrls {
  /** the bookings site's public origin, e.g. https://bookings.example.org */
  origin: string;
  /** the operator's time zone, in which weekly schedules are kept */
  timeZone: string;
}

const context = 'https://openactive.io/';
const activityList = 'https://openactive.io/activity-list';

const bandOffers: Record<
  PriceRow['band'],
  { name: string; ageRestriction?: { minValue?: number; maxValue?: number } }
> = {
  adult: { name: 'Adult' },
  // The ages the booking rules give each band (packages/pricing), so the feed says what the till does.
  junior: { name: `Junior (under ${juniorUnderAge})`, ageRestriction: { maxValue: juniorUnderAge - 1 } },
  concession: {
    name: `Concession (${concessionFromAge} and over)`,
    ageRestriction: { minValue: concessionFromAge },
  },
  member: { name: 'Member' },
};

export const seriesId = (urls: FeedUrls, kind: 'session-series' | 'facility-uses', id: number) =>
  `${urls.origin}/openactive/${kind}/${id}`;

/** Pence as the decimal amount OpenActive prices are in. */
const amount = (pence: number) => Math.round(pence) / 100;

/** The prices of a series, a session or a slot; `bookAt` is the page it is booked on. */
function offers(ownerId: string, bookAt: string, prices: PriceRow[], currency: string) {
  return prices.map((price) => {
    const band = bandOffers[price.band];
    return {
      '@type': 'Offer',
      '@id': `${ownerId}#offer-${price.band}`,
      identifier: price.band,
      name: band.name,
      price: amount(price.pricePence),
      priceCurrency: currency,
      ...(band.ageRestriction
        ? { ageRestriction: { '@type': 'QuantitativeValue', ...band.ageRestriction } }
        : {}),
      url: bookAt,
    };
  });
}

function place(urls: FeedUrls, row: SeriesRow) {
  const street = [row.address1, row.address2].filter(Boolean).join(', ');
  const venuePage = `${urls.origin}/location/${row.venueSlug ?? ''}`;
  return {
    '@type': 'Place',
    '@id': venuePage,
    name: row.venueName,
    url: venuePage,
    address: {
      '@type': 'PostalAddress',
      streetAddress: street,
      addressLocality: row.town,
      addressRegion: ukNation(row.postcode ?? ''),
      postalCode: row.postcode,
      addressCountry: 'GB',
    },
    geo: { '@type': 'GeoCoordinates', latitude: row.lat, longitude: row.lng },
  };
}

function ageRange(row: SeriesRow) {
  if (row.minAge === null && row.maxAge === null) return {};
  return {
    ageRange: {
      '@type': 'QuantitativeValue',
      ...(row.minAge !== null ? { minValue: row.minAge } : {}),
      ...(row.maxAge !== null ? { maxValue: row.maxAge } : {}),
    },
  };
}

/** A SessionSeries (an activity at a centre) or a FacilityUse (a bookable facility at a centre). */
export function seriesItem(
  urls: FeedUrls,
  kind: 'session-series' | 'facility-uses',
  row: SeriesRow,
): RpdeItem {
  const type = kind === 'session-series' ? 'SessionSeries' : 'FacilityUse';
  if (row.deleted) return { state: 'deleted', kind: type, id: row.id, modified: row.modified };
  const id = seriesId(urls, kind, row.id);
  const organisation = {
    '@type': 'Organization',
    '@id': `${urls.origin}/openactive#organisation`,
    name: row.operatorName,
    url: `${urls.origin}/`,
  };
  // The catalogue's own concept first; the name matcher only for an activity that names none.
  const words = { key: row.activityKey, name: row.name, category: row.categoryName };
  const concept =
    row.openactiveActivityId && row.openactiveActivityLabel
      ? { id: row.openactiveActivityId, prefLabel: row.openactiveActivityLabel }
      : activityConcept(words);
  const location = place(urls, row);
  const leaders = [...new Set((row.schedules ?? []).flatMap((schedule) => schedule.instructor ?? []))];
  return {
    state: 'updated',
    kind: type,
    id: row.id,
    modified: row.modified,
    data: {
      '@context': context,
      '@type': type,
      '@id': id,
      identifier: row.id,
      name: row.name,
      ...(row.description ? { description: row.description } : {}),
      url: location.url,
      ...(kind === 'session-series' ? activityOf(concept) : facilityOf(words, concept)),
      ...(kind === 'session-series' ? { organizer: organisation } : { provider: organisation }),
      location,
      ...ageRange(row),
      ...(kind === 'session-series' && row.schedules?.length
        ? { eventSchedule: row.schedules.map((schedule) => weekly(urls, schedule)) }
        : {}),
      ...(kind === 'session-series' && leaders.length
        ? { leader: leaders.map((name) => ({ '@type': 'Person', name })) }
        : {}),
      offers: offers(id, location.url, row.prices ?? [], row.currency ?? 'GBP'),
    },
  };
}

const conceptIn = (scheme: string, concept: ActivityConcept) => [
  { '@type': 'Concept', '@id': concept.id, prefLabel: concept.prefLabel, inScheme: scheme },
];

const activityOf = (concept: ActivityConcept | undefined) =>
  concept ? { activity: conceptIn(activityList, concept) } : {};

/**
 * A FacilityUse names its Facility Type List concept (`activity` is deprecated there); only a
 * facility whose type the list does not have falls back to the activity it is for.
 */
function facilityOf(words: ActivityWords, concept: ActivityConcept | undefined) {
  const type = facilityTypeConcept(words, concept);
  return type ? { facilityType: conceptIn(facilityTypeScheme, type) } : activityOf(concept);
}

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** A weekly schedule as a PartialSchedule: the day and local clock times, in the operator's zone. */
function weekly(urls: FeedUrls, schedule: ScheduleRow) {
  const [hours = 0, minutes = 0] = schedule.startTime.split(':').map(Number);
  const end = hours * 60 + minutes + schedule.durationMinutes;
  const clock = (total: number) =>
    `${String(Math.floor(total / 60) % 24).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  return {
    '@type': 'PartialSchedule',
    repeatFrequency: 'P1W',
    byDay: [`https://schema.org/${weekdays[schedule.weekday - 1] ?? 'Monday'}`],
    startTime: clock(hours * 60 + minutes),
    endTime: clock(end),
    duration: `PT${schedule.durationMinutes}M`,
    scheduleTimezone: urls.timeZone,
  };
}

/** A UTC date and time to the second, as OpenActive's examples write them. */
export const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

function isoDuration(start: Date, end: Date): string {
  const minutes = Math.round((end.getTime() - start.getTime()) / 60_000);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours > 0 ? `${hours}H` : ''}${rest > 0 || hours === 0 ? `${rest}M` : ''}`;
}

/** Places left: none once cancelled. A session sold only at reception still has its places to publish. */
function remaining(row: SessionRow): number {
  if (row.cancelled) return 0;
  return Math.max(0, (row.capacity ?? 0) - (row.taken ?? 0));
}

/** A ScheduledSession (a dated class or swim) or a Slot (one court for one hour). */
export function sessionItem(urls: FeedUrls, kind: 'scheduled-sessions' | 'slots', row: SessionRow): RpdeItem {
  const type = kind === 'scheduled-sessions' ? 'ScheduledSession' : 'Slot';
  if (row.deleted || !row.startsAt || !row.endsAt)
    return { state: 'deleted', kind: type, id: row.id, modified: row.modified };
  const id = `${urls.origin}/openactive/${kind}/${row.id}`;
  // Sessions and court slots are both booked on the session's own page.
  const sessionPage = `${urls.origin}/sessions/${row.id}`;
  const priced = offers(id, sessionPage, row.prices ?? [], row.currency ?? 'GBP');
  const times = {
    startDate: isoSeconds(row.startsAt),
    endDate: isoSeconds(row.endsAt),
    duration: isoDuration(row.startsAt, row.endsAt),
  };
  if (kind === 'slots') {
    return {
      state: 'updated',
      kind: type,
      id: row.id,
      modified: row.modified,
      data: {
        '@context': context,
        '@type': type,
        '@id': id,
        identifier: row.id,
        facilityUse: seriesId(urls, 'facility-uses', row.seriesId ?? 0),
        ...times,
        remainingUses: remaining(row),
        maximumUses: row.capacity,
        offers: priced,
      },
    };
  }
  return {
    state: 'updated',
    kind: type,
    id: row.id,
    modified: row.modified,
    data: {
      '@context': context,
      '@type': type,
      '@id': id,
      identifier: row.id,
      superEvent: seriesId(urls, 'session-series', row.seriesId ?? 0),
      url: sessionPage,
      ...times,
      eventStatus: row.cancelled ? 'https://schema.org/EventCancelled' : 'https://schema.org/EventScheduled',
      maximumAttendeeCapacity: row.capacity,
      remainingAttendeeCapacity: remaining(row),
      ...(row.instructor ? { leader: [{ '@type': 'Person', name: row.instructor }] } : {}),
      offers: priced,
    },
  };
}
