import { describe, expect, it } from 'vitest';
import { blockedText, isLateCancellation, strikeStanding } from '../src/booking-strikes.ts';

const rules = {
  noShowStrike: true,
  lateCancelHours: 4,
  strikesToBlock: 3,
  strikeWindowDays: 30,
  blockDays: 7,
};
const at = (iso: string) => new Date(iso);

/** The no-show and late-cancel rules' worked examples (decision 0096). */
describe('strikes', () => {
  it('blocks for 7 days from the third strike within 30 days', () => {
    const strikes = [at('2026-11-01T10:00:00Z'), at('2026-11-10T10:00:00Z'), at('2026-11-25T10:00:00Z')];
    expect(strikeStanding(rules, strikes, at('2026-11-26T10:00:00Z'))).toEqual({
      countingStrikes: 3,
      blockedUntil: at('2026-12-02T10:00:00Z'),
    });
    // The block ends by itself; the strikes age out of the window.
    expect(strikeStanding(rules, strikes, at('2026-12-02T10:00:00Z')).blockedUntil).toBeNull();
    expect(strikeStanding(rules, strikes, at('2026-12-02T10:00:00Z')).countingStrikes).toBe(2);
  });

  it('does not block when the strikes are spread over more than 30 days', () => {
    const strikes = [at('2026-11-01T10:00:00Z'), at('2026-11-10T10:00:00Z'), at('2026-12-05T10:00:00Z')];
    expect(strikeStanding(rules, strikes, at('2026-12-05T11:00:00Z'))).toEqual({
      countingStrikes: 2,
      blockedUntil: null,
    });
  });

  it('starts the block from the latest strike that completes a set, in any order given', () => {
    const strikes = [
      at('2026-11-20T10:00:00Z'),
      at('2026-11-02T10:00:00Z'),
      at('2026-11-01T10:00:00Z'),
      at('2026-11-21T10:00:00Z'),
    ];
    expect(strikeStanding(rules, strikes, at('2026-11-22T10:00:00Z')).blockedUntil).toEqual(
      at('2026-11-28T10:00:00Z'),
    );
    expect(
      strikeStanding({ ...rules, strikesToBlock: 1 }, [], at('2026-11-22T10:00:00Z')).blockedUntil,
    ).toBeNull();
  });

  it('counts a cancellation within 4 hours of the start as late, 4 hours exactly included', () => {
    const start = at('2026-12-01T18:00:00Z');
    expect(isLateCancellation(rules, start, at('2026-12-01T14:00:00Z'))).toBe(true);
    expect(isLateCancellation(rules, start, at('2026-12-01T13:59:59Z'))).toBe(false);
    expect(isLateCancellation(rules, start, at('2026-12-01T18:01:00Z'))).toBe(false);
    expect(isLateCancellation({ ...rules, lateCancelHours: 0 }, start, at('2026-12-01T17:00:00Z'))).toBe(
      false,
    );
  });

  it('says why online booking is stopped and until when, in the operator’s time', () => {
    expect(blockedText({ ...rules, strikesToBlock: 2 }, at('2026-07-08T17:30:00Z'), 'Europe/London')).toBe(
      'Online booking is stopped until Wed 8 Jul, 18:30: you have had 2 strikes (a no-show or a late cancellation) within 30 days. You can still book at the centre’s reception.',
    );
  });
});
