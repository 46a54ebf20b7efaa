import { describe, expect, it } from 'vitest';
import { cancellingReturnsUse, packageCoversDate, packageExpiresOn } from '../src/package-validity.ts';

describe('a package’s validity (worked examples, decision 0049)', () => {
  it('example 1: a 10-swim card bought 23 November 2026, valid 3 months, lasts to 22 February 2027', () => {
    expect(packageExpiresOn('2026-11-23', 3)).toBe('2027-02-22');
  });

  it('example 2: bought on 30 November for 3 months: 28 February is the last day (the month end clamps)', () => {
    expect(packageExpiresOn('2026-11-30', 3)).toBe('2027-02-27');
    expect(packageExpiresOn('2026-12-31', 2)).toBe('2027-02-27');
  });

  it('example 3: a 1-month pass bought 1 January 2027 lasts to 31 January', () => {
    expect(packageExpiresOn('2027-01-01', 1)).toBe('2027-01-31');
  });

  it('pays for sessions on or before the last day, not after', () => {
    expect(packageCoversDate('2027-02-22', '2027-02-22')).toBe(true);
    expect(packageCoversDate('2027-02-22', '2026-12-01')).toBe(true);
    expect(packageCoversDate('2027-02-22', '2027-02-23')).toBe(false);
  });

  it('cancelling gives a use back on or before the last day, not after it', () => {
    expect(cancellingReturnsUse('2027-02-22', '2027-02-22')).toBe(true);
    expect(cancellingReturnsUse('2027-02-22', '2027-02-23')).toBe(false);
  });
});
