import { describe, expect, it } from 'vitest';
import { allowancePeriod, allowanceText, periodName } from '../src/guest-pass-periods.ts';

describe('guest pass periods (worked examples, decision 0050)', () => {
  it('a month is the calendar month of the visit, whatever day it is booked', () => {
    expect(allowancePeriod('2026-11-24', 'month')).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    expect(allowancePeriod('2028-02-29', 'month')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(periodName(allowancePeriod('2026-12-31', 'month'), 'month')).toBe('December 2026');
  });

  it('a week runs Monday to Sunday', () => {
    // Tuesday 24 November 2026, and Sunday 29 November (the same week).
    expect(allowancePeriod('2026-11-24', 'week')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(allowancePeriod('2026-11-29', 'week')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    // Monday 30 November starts the next one, across the month's end.
    expect(allowancePeriod('2026-11-30', 'week')).toEqual({ start: '2026-11-30', end: '2026-12-06' });
    expect(periodName(allowancePeriod('2026-11-30', 'week'), 'week')).toBe('the week from 30 November 2026');
  });

  it('a day is itself and a year the calendar year', () => {
    expect(allowancePeriod('2026-11-24', 'day')).toEqual({ start: '2026-11-24', end: '2026-11-24' });
    expect(allowancePeriod('2026-11-24', 'year')).toEqual({ start: '2026-01-01', end: '2026-12-31' });
    expect(periodName(allowancePeriod('2026-11-24', 'year'), 'year')).toBe('2026');
  });

  it('describes an allowance in words', () => {
    expect(allowanceText(2, 'month')).toBe('2 guest passes a month');
    expect(allowanceText(1, 'week')).toBe('1 guest pass a week');
  });
});
