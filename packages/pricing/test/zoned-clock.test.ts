import { describe, expect, it } from 'vitest';
import { bookingOpensAt, zonedParts } from '../src/booking-rules.ts';
import { todayIn, todayWithin } from '../src/calendar-date.ts';
import { fastZonedParts, zonedClock, zoneOffsetWindow } from '../src/zoned-clock.ts';

const zones = ['Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata'];

describe('the fast zoned clock', () => {
  it('gives the same local date, time and weekday as zonedParts every 53 minutes for a year', () => {
    for (const zone of zones) {
      const start = Date.parse('2026-01-01T00:00:00Z');
      for (let at = start; at < start + 366 * 86_400_000; at += 53 * 60_000) {
        const instant = new Date(at);
        const fast = fastZonedParts(instant, zone);
        const slow = zonedParts(instant, zone);
        if (fast.date !== slow.date || fast.time !== slow.time || fast.weekday !== slow.weekday)
          expect({ zone, at: instant.toISOString(), fast }).toEqual({
            zone,
            at: instant.toISOString(),
            slow,
          });
      }
    }
  });

  it('reads the London clock change in both directions (29 Mar and 25 Oct 2026)', () => {
    const london = (iso: string) => fastZonedParts(new Date(iso), 'Europe/London').time;
    expect(london('2026-03-29T00:59:00Z')).toBe('00:59');
    expect(london('2026-03-29T01:00:00Z')).toBe('02:00');
    expect(london('2026-10-25T00:30:00Z')).toBe('01:30');
    expect(london('2026-10-25T01:30:00Z')).toBe('01:30');
  });

  it('opens booking windows exactly as bookingOpensAt does, remembering each date', () => {
    const clock = zonedClock('Europe/London');
    for (const iso of ['2026-10-26T07:30:00Z', '2026-10-27T18:00:00Z', '2026-03-31T06:00:00Z']) {
      const startsAt = new Date(iso);
      for (const window of [0, 5, 7]) {
        expect(clock.opensAt(startsAt, window, '08:00:00')).toEqual(
          bookingOpensAt(startsAt, window, '08:00:00', 'Europe/London'),
        );
      }
    }
    // Session on Tue 27 Oct 2026; a 5-day window opens Thu 22 Oct at 08:00 BST (07:00 UTC).
    expect(clock.opensAt(new Date('2026-10-27T18:00:00Z'), 5, '08:00').toISOString()).toBe(
      '2026-10-22T07:00:00.000Z',
    );
  });
});

describe('the zone offset window', () => {
  it('spans London winter time between the 2026 and 2027 clock changes', () => {
    expect(zoneOffsetWindow('Europe/London', new Date('2026-11-24T13:00:00Z'))).toEqual({
      minutes: 0,
      from: '2026-10-25T01:00:00.000Z',
      until: '2027-03-28T01:00:00.000Z',
    });
    expect(zoneOffsetWindow('Europe/London', new Date('2026-07-01T12:00:00Z'))).toEqual({
      minutes: 60,
      from: '2026-03-29T01:00:00.000Z',
      until: '2026-10-25T01:00:00.000Z',
    });
  });

  it('finds a half-hour zone and a zone without clock changes', () => {
    const howe = zoneOffsetWindow('Australia/Lord_Howe', new Date('2026-11-24T00:00:00Z'));
    expect(howe).toMatchObject({
      minutes: 660,
      from: '2026-10-03T15:30:00.000Z',
      until: '2027-04-03T15:00:00.000Z',
    });
    const kolkata = zoneOffsetWindow('Asia/Kolkata', new Date('2026-11-24T00:00:00Z'));
    expect(kolkata.minutes).toBe(330);
    expect(Date.parse(kolkata.until) - Date.parse(kolkata.from)).toBeGreaterThan(700 * 86_400_000);
  });

  it('gives todayIn’s date every 53 minutes for a year, and nothing outside the window', () => {
    for (const zone of zones) {
      const start = Date.parse('2026-01-01T00:00:00Z');
      for (let at = start; at < start + 366 * 86_400_000; at += 53 * 60_000) {
        const instant = new Date(at);
        const window = zoneOffsetWindow(zone, instant);
        const fast = todayWithin(window, instant);
        const slow = todayIn(zone, instant);
        if (fast !== slow)
          expect({ zone, at: instant.toISOString(), fast }).toEqual({
            zone,
            at: instant.toISOString(),
            fast: slow,
          });
      }
    }
    const winter = zoneOffsetWindow('Europe/London', new Date('2026-11-24T13:00:00Z'));
    expect(todayWithin(winter, new Date('2027-03-28T01:00:00Z'))).toBeNull();
    expect(todayWithin(winter, new Date('2026-10-25T00:59:59Z'))).toBeNull();
    expect(todayWithin(winter, new Date('2027-03-27T23:30:00Z'))).toBe('2027-03-27');
  });
});
