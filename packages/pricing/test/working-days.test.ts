import { describe, expect, it } from 'vitest';
import { englandAndWalesBankHolidays, lastListedYear } from '../src/bank-holidays.ts';
import { addWorkingDays, isWorkingDay, nextWorkingDayFrom, workingDaysBetween } from '../src/working-days.ts';

describe('the Bacs working-day clock', () => {
  it('skips weekends and England and Wales bank holidays', () => {
    expect(isWorkingDay('2026-11-20')).toBe(true); // Friday
    expect(isWorkingDay('2026-11-21')).toBe(false); // Saturday
    expect(isWorkingDay('2026-11-22')).toBe(false); // Sunday
    expect(isWorkingDay('2026-12-25')).toBe(false); // Christmas Day, Friday
    expect(isWorkingDay('2026-12-28')).toBe(false); // Boxing Day's substitute, Monday
    expect(isWorkingDay('2026-12-29')).toBe(true);
  });

  it('counts forward over a weekend and a bank holiday', () => {
    // Friday 2026-08-28, then the weekend and the summer bank holiday on Monday 31st.
    expect(addWorkingDays('2026-08-28', 1)).toBe('2026-09-01');
    expect(addWorkingDays('2026-08-28', 3)).toBe('2026-09-03');
    // Christmas week: 24th (Thu) + 3 is the 31st; the 25th, weekend and 28th do not count.
    expect(addWorkingDays('2026-12-24', 3)).toBe('2026-12-31');
    expect(addWorkingDays('2026-12-24', 4)).toBe('2027-01-04');
  });

  it('counts backward and measures the gap the same way', () => {
    expect(addWorkingDays('2026-09-03', -3)).toBe('2026-08-28');
    expect(addWorkingDays('2027-01-04', -4)).toBe('2026-12-24');
    expect(workingDaysBetween('2026-12-24', '2027-01-04')).toBe(4);
    expect(workingDaysBetween('2027-01-04', '2026-12-24')).toBe(0);
    expect(nextWorkingDayFrom('2026-12-25')).toBe('2026-12-29');
    expect(nextWorkingDayFrom('2026-12-29')).toBe('2026-12-29');
  });

  it('has a holiday list that is still current and holds only weekdays', () => {
    // Fails a year before the list runs out, so the yearly update is not missed.
    expect(lastListedYear).toBeGreaterThan(new Date().getUTCFullYear());
    expect(englandAndWalesBankHolidays.some((date) => date.startsWith(`${lastListedYear}-`))).toBe(true);
    for (const date of englandAndWalesBankHolidays) {
      expect([0, 6]).not.toContain(new Date(`${date}T00:00:00Z`).getUTCDay());
    }
  });
});
