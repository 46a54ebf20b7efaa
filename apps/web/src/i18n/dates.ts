import english from 'lido-messages:en/dates';
import { datesIn } from '@lido/messages/dates';
import { namespace } from './i18n.ts';

/**
 * Dates in the page's language (`@lido/messages/dates`; the server's emails write them the same
 * way): `prettyDate`, `dayLabel`, `dayDate`, `timeRange`, `sessionWhen`.
 */
export const dateWords = namespace('dates', english, { cy: () => import('lido-messages:cy/dates') });

export const { prettyDate, dayLabel, dayDate, timeRange, sessionWhen } = datesIn(dateWords);

/** "23 November 2026" / "23 Tachwedd 2026": a date written out in full, as the accessibility statement's. */
export function longDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return dateWords('longDate', {
    day: String(day),
    month: dateWords(`monthLong${month}`),
    year: String(year),
  });
}
