import { describe, expect, it } from 'vitest';
import { changeCosts, changeWindow } from '../src/change-and-renewal.ts';

describe('the change window', () => {
  it('runs from tomorrow to a month ahead', () => {
    expect(changeWindow('2026-11-22')).toEqual({ min: '2026-11-23', max: '2026-12-22' });
  });

  it('starts the day after a held membership that has not started yet', () => {
    expect(changeWindow('2026-11-22', '2026-12-01')).toEqual({ min: '2026-12-02', max: '2026-12-22' });
    // A membership that started long ago changes no sooner than tomorrow.
    expect(changeWindow('2026-11-22', '2025-06-15')).toEqual({ min: '2026-11-23', max: '2026-12-22' });
  });
});

describe('the window a change answers', () => {
  it('is the window its date is checked against, the held membership’s start included', () => {
    const costs = changeCosts(
      {
        oldMonthlyPrice: 3000,
        newMonthlyPrice: 4000,
        changeDate: '2026-12-05',
        nextCollectionDate: '2027-01-01',
        heldStartDate: '2026-12-01',
      },
      '2026-11-22',
    );
    expect(costs.startsAt).toEqual(changeWindow('2026-11-22', '2026-12-01'));
    expect(costs.startsAt.min).toBe('2026-12-02');
  });
});
