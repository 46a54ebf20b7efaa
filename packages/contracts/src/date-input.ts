/**
 * GOV.UK's date input: three fields. Months may be typed as numbers or names ("jan", "January"),
 * surrounding spaces are ignored. Answers YYYY-MM-DD, or null when the date is not a real one.
 */
const monthNames = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** "3", "03", "mar", "March" and "sept" are all March; anything else is not a month. */
function monthNumber(value: string): number | null {
  const text = value.trim().toLowerCase();
  if (/^\d{1,2}$/.test(text)) return Number(text);
  if (text.length < 3) return null;
  const index = monthNames.findIndex((name) => name.startsWith(text));
  return index >= 0 ? index + 1 : null;
}

export function dateFromParts(day: string, month: string, year: string): string | null {
  const d = day.trim();
  const y = year.trim();
  const m = monthNumber(month);
  if (!/^\d{1,2}$/.test(d) || !/^\d{4}$/.test(y) || m === null || m < 1 || m > 12) return null;
  const iso = `${y}-${String(m).padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : null;
}

export function partsFromDate(iso: string | null): { day: string; month: string; year: string } {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  return match
    ? { day: String(Number(match[3])), month: String(Number(match[2])), year: match[1]! }
    : { day: '', month: '', year: '' };
}

export interface DateParts {
  day: string;
  month: string;
  year: string;
}

/**
 * How a message names the date it is about (issue 34 item 4: "Date must be valid." said neither
 * which date nor how to write it). A label names it as it stands ("date of birth"); a question
 * label is quoted ("the answer to “When did you last exercise regularly?”").
 */
function dateSubject(label: string): string {
  const text = label.replace(/ \(optional\)$/, '').trim();
  if (text.endsWith('?')) return `the answer to “${text}”`;
  return /^[A-Z][a-z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

const capitalised = (text: string) => text[0]!.toUpperCase() + text.slice(1);

/** The example every date hint and message gives, in the order the fields are asked. */
export const dateExample = '27 3 2007';

/**
 * A date that is not a real one: the spec's words ("Date must be valid."), then which date and how
 * to write it. Every "not a date" message comes from here, so none can be vague again (lint refuses
 * the spec's sentence written anywhere else).
 */
export function invalidDateMessage(label: string): string {
  return `Date must be valid. Enter ${dateSubject(label)} as a day, month and year, for example ${dateExample}.`;
}

/** A date that must not be after today (an answer about the past), or must be before it (a birth). */
export function pastDateMessage(label: string, todayAllowed = true): string {
  return `${capitalised(dateSubject(label))} must be ${todayAllowed ? 'today or ' : ''}in the past.`;
}

/** A date outside the days it may be (a start date's window), said as the days it may be. */
export function dateBetweenMessage(label: string, first: string, last: string): string {
  return `${capitalised(dateSubject(label))} must be between ${first} and ${last}.`;
}

/**
 * What is wrong with a three-field date (GOV.UK's date input): a missing part is named ("Date of
 * birth must include a month."), a date that does not exist gets invalidDateMessage. Null when the
 * parts make a real date, or when nothing was typed at all (whether that is allowed is the form's
 * rule, said as "{label} is required.").
 */
export function datePartsProblem(label: string, parts: DateParts): string | null {
  const missing = (['day', 'month', 'year'] as const).filter((part) => !parts[part].trim());
  if (missing.length === 3) return null;
  if (missing.length > 0) {
    const named = missing.length === 2 ? `${missing[0]} and ${missing[1]}` : missing[0];
    return `${capitalised(dateSubject(label))} must include a ${named}.`;
  }
  return dateFromParts(parts.day, parts.month, parts.year) ? null : invalidDateMessage(label);
}
