import { describe, expect, it } from 'vitest';
import { formatPence, penceToDecimal, toMoney } from '../src/money.ts';

describe('money', () => {
  it('shows pence with two decimals and the currency symbol', () => {
    expect(penceToDecimal(2986)).toBe('29.86');
    expect(penceToDecimal(5)).toBe('0.05');
    expect(penceToDecimal(0)).toBe('0.00');
    expect(formatPence(2986)).toBe('£29.86');
    expect(formatPence(-300)).toBe('-£3.00');
    expect(formatPence(1000, '€')).toBe('€10.00');
    // Thousands are grouped with commas, as money is shown in the UK.
    expect(formatPence(123400)).toBe('£1,234.00');
    expect(formatPence(100000000)).toBe('£1,000,000.00');
    expect(formatPence(99999)).toBe('£999.99');
    expect(formatPence(-123456)).toBe('-£1,234.56');
  });

  it('builds the wire shape from pricing.md', () => {
    expect(toMoney(2986)).toEqual({
      raw: { amount: 2986, currency: 'GBP' },
      decimal: '29.86',
      formatted: '£29.86',
    });
  });

  it('refuses anything but whole pence', () => {
    expect(() => penceToDecimal(29.86)).toThrow(RangeError);
    expect(() => penceToDecimal(Number.NaN)).toThrow(RangeError);
  });
});
