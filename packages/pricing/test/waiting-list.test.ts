import { describe, expect, it } from 'vitest';
import { offeredUntilText, ordinal, waitingPositionText } from '../src/waiting-list.ts';

describe('a place on a waiting list', () => {
  it('is said as an English ordinal, teens included', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
      '112th',
    ]);
  });

  it('tells the customer where they are', () => {
    expect(waitingPositionText(3)).toBe('You are 3rd on the waiting list');
    expect(waitingPositionText(1)).toBe('You are 1st on the waiting list');
  });

  it('gives an offer’s end in the operator’s time zone (GMT in winter, BST in summer)', () => {
    expect(offeredUntilText(new Date('2026-11-24T14:30:00Z'), 'Europe/London')).toBe(
      'Place offered until Tue 24 Nov, 14:30',
    );
    expect(offeredUntilText(new Date('2026-06-02T09:05:00Z'), 'Europe/London')).toBe(
      'Place offered until Tue 2 Jun, 10:05',
    );
  });
});
