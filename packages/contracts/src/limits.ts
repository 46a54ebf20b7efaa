import { z } from 'zod';

/**
 * The one rule for every id, amount, count and date a call takes (issue 40 item 3, decision 0071).
 * Each is checked where it enters, in the path, the query or the body, so nothing out of range
 * reaches PostgreSQL (where it was a 500) or the arithmetic of a till.
 */

/** PostgreSQL's `integer`, the type of every id column: a larger id can match nothing. */
export const maxDatabaseId = 2_147_483_647;

/**
 * £1,000,000 in pence: more than any basket or till takes, and small enough that the ten tenders a
 * payment may carry, added up, still fit the `integer` columns money is stored in.
 */
export const maxPence = 100_000_000;

/** The years a date may fall in: wider than any birth, start or booking, narrower than PostgreSQL's. */
export const firstYear = 1900;
export const lastYear = 2200;

/**
 * A path or query parameter arrives as text: only plain digits (with a minus sign or a fraction, so
 * that they get their own message) become a number. "1e3", "0x10", " 1" and "" stay text and are
 * refused as not a number, rather than being read as 1000, 16 or 1 as `Number()` would.
 */
const numberFromText = (value: unknown) =>
  typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;

interface WholeNumberMessages {
  type?: string;
  whole?: string;
  tooSmall?: string;
  tooLarge?: string;
}

/**
 * A whole number from `min` to `max`, from a JSON number or from the digits of a path or query
 * parameter. Messages name the field: "The number of days must be between 1 and 14."
 */
export function wholeNumber(label: string, min: number, max: number, messages: WholeNumberMessages = {}) {
  const range = `${label} must be between ${min} and ${max}.`;
  return z.preprocess(
    numberFromText,
    z
      .number({ error: messages.type ?? `${label} must be a number.` })
      // The range first and alone: 1e20 is out of range before it is "not a whole number".
      .min(min, { error: messages.tooSmall ?? range, abort: true })
      .max(max, { error: messages.tooLarge ?? range, abort: true })
      .int({ error: messages.whole ?? `${label} must be a whole number.` }),
  );
}

/** A database id from a path, query or body: 1 to 2,147,483,647, named in its error. */
export const databaseId = (label: string) =>
  wholeNumber(label, 1, maxDatabaseId, {
    tooSmall: `${label} must be a positive number.`,
    tooLarge: `${label} is not one we know.`,
  });

const pounds = (pence: number) =>
  `${pence < 0 ? '-' : ''}£${(Math.abs(pence) / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;

/**
 * An amount of money in whole pence, from a JSON number: 0 to £1,000,000 unless told. A tender may
 * go below 0, since the spec's "an amount of 0 or less removes the entry" (§3 Offline payment).
 */
export function pence(label: string, { min = 0, max = maxPence }: { min?: number; max?: number } = {}) {
  return z
    .number({ error: `${label} must be a number of pence.` })
    .min(min, {
      error: min === 0 ? `${label} must not be negative.` : `${label} must be at least ${pounds(min)}.`,
      abort: true,
    })
    .max(max, { error: `${label} must be at most ${pounds(max)}.`, abort: true })
    .int({ error: `${label} must be a whole number of pence.` });
}

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

type DateProblem = 'format' | 'early' | 'late' | 'real';

/** Why a YYYY-MM-DD text is not a date we take, or null when it is one. */
export function calendarDateProblem(value: string): DateProblem | null {
  const match = datePattern.exec(value);
  if (!match) return 'format';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < firstYear) return 'early';
  if (year > lastYear) return 'late';
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return 'real';
  return null;
}

/** Whether a text is a real calendar date within the years we take (for answers checked by hand). */
export const isAcceptedDate = (value: string) => calendarDateProblem(value) === null;

type DateMessages = Partial<Record<DateProblem | 'required', string>> & {
  /** one message for every bad date (not a missing one), where a form has its own words */
  message?: string;
};

/**
 * A calendar date, YYYY-MM-DD: a real one (not 2026-02-30) in the years 1900 to 2200 (not
 * 0000-01-01 or 9999-12-31). A field may give its own words for any problem (the spec's "Date
 * must be valid."); otherwise the messages name the field and what is wrong.
 */
export function calendarDate(label: string, own: DateMessages = {}) {
  const messages: Record<DateProblem, string> = {
    format: own.format ?? own.message ?? `${label} must be a date in the format YYYY-MM-DD.`,
    early: own.early ?? own.message ?? `${label} must be on or after 1 January ${firstYear}.`,
    late: own.late ?? own.message ?? `${label} must be on or before 31 December ${lastYear}.`,
    real: own.real ?? own.message ?? `${label} must be a real date.`,
  };
  const required = own.required ?? `${label} is required.`;
  return z
    .string({ error: (issue) => (issue.input === undefined ? required : messages.format) })
    .superRefine((value, context) => {
      const problem = calendarDateProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: messages[problem] });
    })
    .meta({ format: 'date' });
}
