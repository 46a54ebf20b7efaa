import { describe, expect, it } from 'vitest';
import { calendarDate, databaseId, isAcceptedDate, pence, wholeNumber } from '../src/limits.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('a database id', () => {
  const id = databaseId('The order');

  it('takes 1 to 2,147,483,647 from a path string or a JSON number', () => {
    expect(id.parse('1')).toBe(1);
    expect(id.parse('2147483647')).toBe(2_147_483_647);
    expect(id.parse(42)).toBe(42);
  });

  it.each([
    ['2147483648', 'The order is not one we know.'],
    ['99999999999999999999', 'The order is not one we know.'],
    [2 ** 53, 'The order is not one we know.'],
    [1e308, 'The order is not one we know.'],
    ['0', 'The order must be a positive number.'],
    ['-1', 'The order must be a positive number.'],
    ['1.5', 'The order must be a whole number.'],
    ['1e3', 'The order must be a number.'],
    ['0x10', 'The order must be a number.'],
    [' 1', 'The order must be a number.'],
    ['', 'The order must be a number.'],
    ['abc', 'The order must be a number.'],
  ])('refuses %j with one message: %s', (value, message) => {
    expect(messagesOf(id.safeParse(value))).toEqual([message]);
  });
});

describe('a count', () => {
  it('names its range', () => {
    const days = wholeNumber('The number of days', 1, 14);
    expect(days.parse('14')).toBe(14);
    expect(messagesOf(days.safeParse('15'))).toEqual(['The number of days must be between 1 and 14.']);
    expect(messagesOf(days.safeParse(0))).toEqual(['The number of days must be between 1 and 14.']);
  });
});

describe('an amount in pence', () => {
  const amount = pence('The amount');

  it('takes 0 to £1,000,000 in whole pence, from a JSON number only', () => {
    expect(amount.parse(0)).toBe(0);
    expect(amount.parse(100_000_000)).toBe(100_000_000);
    expect(messagesOf(amount.safeParse(100_000_001))).toEqual(['The amount must be at most £1,000,000.00.']);
    expect(messagesOf(amount.safeParse(2 ** 31 - 1))).toEqual(['The amount must be at most £1,000,000.00.']);
    expect(messagesOf(amount.safeParse(-1))).toEqual(['The amount must not be negative.']);
    expect(messagesOf(amount.safeParse(1.5))).toEqual(['The amount must be a whole number of pence.']);
    expect(messagesOf(amount.safeParse('5'))).toEqual(['The amount must be a number of pence.']);
  });

  it('goes below 0 only when told (a tender of 0 or less removes it)', () => {
    const tender = pence('The amount', { min: -100_000_000 });
    expect(tender.parse(-5)).toBe(-5);
    expect(messagesOf(tender.safeParse(-(2 ** 31)))).toEqual(['The amount must be at least -£1,000,000.00.']);
  });
});

describe('a calendar date', () => {
  const date = calendarDate('The start date');

  it('takes real dates from 1900 to 2200', () => {
    for (const value of ['1900-01-01', '2024-02-29', '2026-11-28', '2200-12-31'])
      expect(date.parse(value)).toBe(value);
  });

  it.each([
    ['0000-01-01', 'The start date must be on or after 1 January 1900.'],
    ['1899-12-31', 'The start date must be on or after 1 January 1900.'],
    ['9999-12-31', 'The start date must be on or before 31 December 2200.'],
    ['2026-02-30', 'The start date must be a real date.'],
    ['2025-02-29', 'The start date must be a real date.'],
    ['2026-13-01', 'The start date must be a real date.'],
    ['2026-1-1', 'The start date must be a date in the format YYYY-MM-DD.'],
    [20261128, 'The start date must be a date in the format YYYY-MM-DD.'],
    [undefined, 'The start date is required.'],
  ])('refuses %j: %s', (value, message) => {
    expect(messagesOf(date.safeParse(value))).toEqual([message]);
  });

  it("uses a form's own words where it has them", () => {
    const birth = calendarDate('Date of birth', { message: 'Date must be valid.', late: 'Too late.' });
    expect(messagesOf(birth.safeParse('0000-01-01'))).toEqual(['Date must be valid.']);
    expect(messagesOf(birth.safeParse('9999-12-31'))).toEqual(['Too late.']);
  });

  it('is the same rule for answers checked by hand', () => {
    expect(isAcceptedDate('2026-02-28')).toBe(true);
    expect(isAcceptedDate('2026-02-30')).toBe(false);
    expect(isAcceptedDate('0000-01-01')).toBe(false);
  });
});
