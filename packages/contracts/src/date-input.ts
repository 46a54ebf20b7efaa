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
