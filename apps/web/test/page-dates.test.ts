import { describe, expect, it } from 'vitest';
import { backToEnglishAfterEach, loadedOnPage } from './support/page-language.ts';
import { addDays, prettyDate as englishPrettyDate } from '@lido/pricing/calendar-date';
import { dayLabel as englishDayLabel } from '@lido/pricing/booking-rules';

/** Dates in the page's language (apps/web/src/i18n/dates.ts): English as the specification writes them, Welsh from the catalogue. */
describe('dates on a page', () => {
  backToEnglishAfterEach();
  const datesOn = (path: string) => loadedOnPage(path, () => import('../src/i18n/dates.ts'));

  it('are in English exactly as the shared formatting writes them, every day of a year', async () => {
    const { prettyDate, dayLabel, dayDate } = await datesOn('/location/cardiff');
    for (let offset = 0; offset < 366; offset += 1) {
      const date = addDays('2026-01-01', offset);
      expect(prettyDate(date)).toBe(englishPrettyDate(date));
      expect(dayLabel(date)).toBe(englishDayLabel(date));
      expect(dayDate(date)).toBe(`${englishDayLabel(date)} ${date.slice(0, 4)}`);
    }
  });

  it('are in Welsh on a Welsh page', async () => {
    const { prettyDate, dayLabel, dayDate, timeRange } = await datesOn('/cy/location/cardiff');
    expect(prettyDate('2026-12-05')).toBe('05 Rhag 2026');
    expect(dayLabel('2026-11-24')).toBe('Maw 24 Tach');
    expect(dayDate('2026-03-01')).toBe('Sul 1 Maw 2026');
    expect(timeRange('18:00', '18:45')).toBe('18:00 i 18:45');
  });

  it('write a date out in full as en-GB does in English, and in Welsh on a Welsh page', async () => {
    const english = await datesOn('/location/cardiff');
    const inFull = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    for (let offset = 0; offset < 366; offset += 17) {
      const date = addDays('2026-01-01', offset);
      expect(english.longDate(date)).toBe(inFull.format(new Date(`${date}T00:00:00Z`)));
    }
    const welsh = await datesOn('/cy/location/cardiff');
    expect(welsh.longDate('2026-11-23')).toBe('23 Tachwedd 2026');
  });
});
