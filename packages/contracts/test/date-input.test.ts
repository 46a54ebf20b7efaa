import { describe, expect, it } from 'vitest';
import { dateFromParts, partsFromDate } from '../src/date-input.ts';
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
