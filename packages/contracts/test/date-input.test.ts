import { describe, expect, it } from 'vitest';
import {
  dateBetweenMessage,
  dateFromParts,
  datePartsProblem,
  invalidDateMessage,
  partsFromDate,
  pastDateMessage,
} from '../src/date-input.ts';
import { normalisePostcode, ukPostcodePattern } from '../src/uk-postcode.ts';

describe('three-field dates', () => {
  it('accepts numbers and month names, with spaces', () => {
    expect(dateFromParts('27', '3', '1990')).toBe('1990-03-27');
    expect(dateFromParts(' 7 ', 'jan', '2001')).toBe('2001-01-07');
    expect(dateFromParts('7', 'January', '2001')).toBe('2001-01-07');
    expect(dateFromParts('7', 'SEPT', '2001')).toBe('2001-09-07');
  });

  it('refuses dates that do not exist and shapes that are not dates', () => {
    expect(dateFromParts('30', '2', '2001')).toBeNull();
    expect(dateFromParts('1', '13', '2001')).toBeNull();
    expect(dateFromParts('1', 'janx', '2001')).toBeNull();
    expect(dateFromParts('1', '1', '01')).toBeNull();
    expect(dateFromParts('', '', '')).toBeNull();
  });

  it('splits a stored date back into fields', () => {
    expect(partsFromDate('1990-03-07')).toEqual({ day: '7', month: '3', year: '1990' });
    expect(partsFromDate(null)).toEqual({ day: '', month: '', year: '' });
  });
});

describe('UK postcodes', () => {
  it.each([
    'LS6 3BR',
    'ls63br',
    'SW1A 1AA',
    'EC1A 1BB',
    'GIR 0AA',
    'M1 1AE',
    'B33 8TH',
    'CR2 6XH',
    'DN55 1PT',
  ])('accepts %s', (code) => {
    expect(ukPostcodePattern.test(code)).toBe(true);
  });
  it.each(['', 'LS6', '12345', 'QQ1 1AA', 'LS6 3CI', 'NOT A CODE'])('refuses "%s"', (code) => {
    expect(ukPostcodePattern.test(code)).toBe(false);
  });
  it('normalises spacing and case', () => {
    expect(normalisePostcode('ls63br')).toBe('LS6 3BR');
    expect(normalisePostcode(' sw1a  1aa ')).toBe('SW1A 1AA');
  });
});

describe('date messages name the date and say how to write it (issue 34 item 4)', () => {
  it('names a labelled date and its format, keeping the spec sentence first', () => {
    expect(invalidDateMessage('Date of birth')).toBe(
      'Date must be valid. Enter date of birth as a day, month and year, for example 27 3 2007.',
    );
  });

  it('quotes a question rather than bending it into a sentence', () => {
    expect(invalidDateMessage('When did you last exercise regularly?')).toBe(
      'Date must be valid. Enter the answer to “When did you last exercise regularly?” as a day, month and year, for example 27 3 2007.',
    );
    expect(pastDateMessage('When did you last exercise regularly?')).toBe(
      'The answer to “When did you last exercise regularly?” must be today or in the past.',
    );
  });

  it('says which part of a three-field date is missing', () => {
    const parts = (day: string, month: string, year: string) => ({ day, month, year });
    expect(datePartsProblem('Date of birth', parts('27', '', '1990'))).toBe(
      'Date of birth must include a month.',
    );
    expect(datePartsProblem('Start date', parts('', '', '2026'))).toBe(
      'Start date must include a day and month.',
    );
    expect(datePartsProblem('Date of birth', parts('31', '2', '2025'))).toBe(
      invalidDateMessage('Date of birth'),
    );
    expect(datePartsProblem('Date of birth', parts('', '', ''))).toBeNull();
    expect(datePartsProblem('Date of birth', parts('7', 'mar', '1990'))).toBeNull();
    expect(dateBetweenMessage('Start date', '28 Nov 2026', '28 Dec 2026')).toBe(
      'Start date must be between 28 Nov 2026 and 28 Dec 2026.',
    );
  });
});
