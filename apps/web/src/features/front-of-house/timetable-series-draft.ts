import { priceBandLabels, type PriceBandName } from '@lido/contracts/activities';
import { dateFromParts, partsFromDate } from '@lido/contracts/date-input';
import type { SeriesPrice, SeriesView, StaffTimetable, WeekdayName } from '@lido/contracts/timetable';
import { parsePounds } from '@lido/pricing/money';
import type { DateParts } from '../../ui/date-input.tsx';

/** The series form's draft (decision 0092) and the catalogue `schedules` entry it makes. */

export interface Draft {
  key: string;
  activity: string;
  venue: string;
  location: string;
  days: WeekdayName[];
  times: string;
  durationMinutes: string;
  capacity: string;
  instructor: string;
  onlineBooking: boolean;
  /** the first and last day the series runs, as typed; all three parts empty for none */
  validFrom: DateParts;
  validTo: DateParts;
  /** the series' own booking rules (decision 0100); empty, or 'activity', is the activity's */
  minAge: string;
  maxAge: string;
  waiver: 'activity' | 'required' | 'none';
  waiverText: string;
  cancellationCutoffMinutes: string;
  /** the series' own price and booking window of a band, as typed; both empty is the activity's */
  prices: Partial<Record<PriceBandName, { price: string; window: string }>>;
}

/** An activity's own price bands, as the timetable lists them. */
export type ActivityPrices = NonNullable<StaffTimetable['activities'][number]['prices']>;

export const emptyDraft = (timetable: StaffTimetable): Draft => ({
  key: '',
  activity: '',
  venue: timetable.centres[0]?.slug ?? '',
  location: '',
  days: [],
  times: '',
  durationMinutes: '60',
  capacity: '',
  instructor: '',
  onlineBooking: true,
  validFrom: partsFromDate(null),
  validTo: partsFromDate(null),
  minAge: '',
  maxAge: '',
  waiver: 'activity',
  waiverText: '',
  cancellationCutoffMinutes: '',
  prices: {},
});

const numberText = (value: number | undefined) => (value === undefined ? '' : String(value));

export const draftOf = (view: SeriesView): Draft => ({
  key: view.series.key,
  activity: view.series.activity,
  venue: view.series.venue,
  location: view.series.location ?? '',
  days: view.series.days,
  times: view.series.times.join(', '),
  durationMinutes: String(view.series.durationMinutes),
  capacity: view.series.capacity === undefined ? '' : String(view.series.capacity),
  instructor: view.series.instructor ?? '',
  onlineBooking: view.series.onlineBooking,
  validFrom: partsFromDate(view.series.validFrom ?? null),
  validTo: partsFromDate(view.series.validTo ?? null),
  minAge: numberText(view.series.minAge),
  maxAge: numberText(view.series.maxAge),
  waiver:
    view.series.waiverRequired === undefined ? 'activity' : view.series.waiverRequired ? 'required' : 'none',
  waiverText: view.series.waiverText ?? '',
  cancellationCutoffMinutes: numberText(view.series.cancellationCutoffMinutes),
  prices: Object.fromEntries(
    (view.series.prices ?? []).map((price) => [
      price.band,
      { price: (price.pricePence / 100).toFixed(2), window: String(price.bookingWindowDays) },
    ]),
  ),
});

const typed = (draft: Draft) =>
  Object.entries(draft.prices).filter(
    ([, entry]) => entry.price.trim() !== '' || entry.window.trim() !== '',
  ) as [PriceBandName, { price: string; window: string }][];

/**
 * The bands priced for this series: a price or a window typed, the other the activity's own (the
 * schema words a bad window; a price that is not an amount is `formErrors`').
 */
function seriesPrices(draft: Draft, own: ActivityPrices, symbol: string): SeriesPrice[] {
  return typed(draft).map(([band, entry]) => {
    const activity = own.find((price) => price.band === band);
    const parsed = entry.price.trim() === '' ? undefined : parsePounds(entry.price, symbol);
    return {
      band,
      pricePence: parsed && 'pence' in parsed ? parsed.pence : (activity?.pricePence ?? 0),
      bookingWindowDays:
        entry.window.trim() === '' ? (activity?.bookingWindowDays ?? 0) : Number(entry.window.trim()),
    };
  });
}

/** A number field as the schema takes it: absent when empty, else the number typed (the schema words a bad one). */
const optionalNumber = (name: string, value: string) =>
  value.trim() === '' ? {} : { [name]: Number(value.trim()) };

const blank = (parts: DateParts) => Object.values(parts).every((part) => part.trim() === '');
const isoOf = (parts: DateParts) => dateFromParts(parts.day, parts.month, parts.year);

/**
 * A first or last day typed but not a real date, or a price that is not an amount, in the form's
 * words (the schema never sees them).
 */
export function formErrors(draft: Draft, symbol: string): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  for (const [band, entry] of typed(draft)) {
    const parsed = entry.price.trim() === '' ? undefined : parsePounds(entry.price, symbol);
    if (parsed && 'error' in parsed)
      errors.prices = [...(errors.prices ?? []), `${priceBandLabels[band]} price: ${parsed.error}`];
  }
  for (const [field, label] of [
    ['validFrom', 'First day'],
    ['validTo', 'Last day'],
  ] as const)
    if (!blank(draft[field]) && isoOf(draft[field]) === null)
      errors[field] = [`${label} must be a real date, such as 31 1 2027.`];
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The draft as a catalogue `schedules` entry: the server checks it with the file's one schema. */
export const seriesOf = (draft: Draft, own: ActivityPrices, symbol: string) => ({
  key: draft.key.trim(),
  activity: draft.activity,
  venue: draft.venue,
  location: draft.location,
  days: draft.days,
  times: draft.times
    .split(',')
    .map((time) => time.trim())
    .filter(Boolean),
  durationMinutes: Number(draft.durationMinutes),
  ...(draft.capacity.trim() === '' ? {} : { capacity: Number(draft.capacity) }),
  ...(draft.instructor.trim() === '' ? {} : { instructor: draft.instructor.trim() }),
  onlineBooking: draft.onlineBooking,
  ...(isoOf(draft.validFrom) ? { validFrom: isoOf(draft.validFrom)! } : {}),
  ...(isoOf(draft.validTo) ? { validTo: isoOf(draft.validTo)! } : {}),
  ...optionalNumber('minAge', draft.minAge),
  ...optionalNumber('maxAge', draft.maxAge),
  ...(draft.waiver === 'activity' ? {} : { waiverRequired: draft.waiver === 'required' }),
  ...(draft.waiver === 'required' && draft.waiverText.trim() !== ''
    ? { waiverText: draft.waiverText.trim() }
    : {}),
  ...optionalNumber('cancellationCutoffMinutes', draft.cancellationCutoffMinutes),
  ...(typed(draft).length > 0 ? { prices: seriesPrices(draft, own, symbol) } : {}),
});
