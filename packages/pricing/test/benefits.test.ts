import { describe, expect, it } from 'vitest';
import {
  type BookingBenefit,
  benefitCovers,
  benefitDiscount,
  benefitPeriodStart,
  benefitsInOrder,
  linePriceWithBenefit,
} from '../src/benefits.ts';

const benefit = (overrides: Partial<BookingBenefit>): BookingBenefit => ({
  id: 1,
  name: 'Swim sessions',
  totalUses: null,
  frequency: null,
  covers: { categories: ['swimming'] },
  discountPercent: 100,
  position: 0,
  ...overrides,
});
const publicSwim = { key: 'public-swim', categoryKey: 'swimming' };
const spin = { key: 'spin', categoryKey: 'fitness-classes' };

describe('what a benefit pays for', () => {
  it('covers an activity named by its key or by its category', () => {
    expect(benefitCovers(benefit({ covers: { categories: ['swimming'] } }), publicSwim)).toBe(true);
    expect(benefitCovers(benefit({ covers: { activities: ['spin'] } }), spin)).toBe(true);
    expect(benefitCovers(benefit({ covers: { activities: ['spin'] } }), publicSwim)).toBe(false);
    // A benefit covering nothing is words only.
    expect(benefitCovers(benefit({ covers: {} }), publicSwim)).toBe(false);
  });

  it('takes its percentage off one place, to the nearest penny', () => {
    expect(benefitDiscount(260, 100)).toBe(260);
    expect(benefitDiscount(850, 50)).toBe(425);
    // 25% of £5.25 is 131.25p: 131p. 50% of £2.45 is 122.5p: half a penny up, 123p.
    expect(benefitDiscount(525, 25)).toBe(131);
    expect(benefitDiscount(245, 50)).toBe(123);
  });

  it('pays for the member’s own place only: two places of £2.60 with a free one cost £2.60', () => {
    expect(linePriceWithBenefit(260, 2, 260)).toBe(260);
    expect(linePriceWithBenefit(260, 1, 260)).toBe(0);
    expect(linePriceWithBenefit(850, 1, 425)).toBe(425);
  });
});

describe('the period a use is counted in (the session’s own date)', () => {
  it('is the day, the Monday-to-Sunday week, the calendar month or year', () => {
    // Thursday 26 November 2026.
    expect(benefitPeriodStart('day', '2026-11-26', '2026-03-01')).toBe('2026-11-26');
    expect(benefitPeriodStart('week', '2026-11-26', '2026-03-01')).toBe('2026-11-23');
    // A Sunday belongs to the week that began the Monday before; a Monday starts its own.
    expect(benefitPeriodStart('week', '2026-11-29', '2026-03-01')).toBe('2026-11-23');
    expect(benefitPeriodStart('week', '2026-11-30', '2026-03-01')).toBe('2026-11-30');
    // A week across the new year starts in the old one.
    expect(benefitPeriodStart('week', '2027-01-01', '2026-03-01')).toBe('2026-12-28');
    expect(benefitPeriodStart('month', '2026-11-26', '2026-03-01')).toBe('2026-11-01');
    expect(benefitPeriodStart('month', '2026-12-31', '2026-03-01')).toBe('2026-12-01');
    expect(benefitPeriodStart('year', '2026-11-26', '2026-03-01')).toBe('2026-01-01');
  });

  it('is the whole membership for uses with no frequency', () => {
    expect(benefitPeriodStart(null, '2026-11-26', '2026-03-01')).toBe('2026-03-01');
  });
});

describe('which benefit pays', () => {
  const unlimitedSwims = benefit({ id: 1, position: 2 });
  const eightClasses = benefit({
    id: 2,
    name: 'Classes',
    totalUses: 8,
    frequency: 'month',
    covers: { categories: ['swimming', 'fitness-classes'] },
    position: 0,
  });
  const halfPrice = benefit({ id: 3, name: 'Half-price swims', discountPercent: 50, position: 1 });

  it('is the one taking most off, then an unlimited one before a counted one, then catalogue order', () => {
    expect(
      benefitsInOrder([halfPrice, eightClasses, unlimitedSwims], publicSwim, 520).map((b) => b.id),
    ).toEqual([1, 2, 3]);
    expect(benefitsInOrder([halfPrice, eightClasses, unlimitedSwims], spin, 750).map((b) => b.id)).toEqual([
      2,
    ]);
  });

  it('is none for a place that costs nothing anyway', () => {
    expect(benefitsInOrder([unlimitedSwims], publicSwim, 0)).toEqual([]);
  });
});
