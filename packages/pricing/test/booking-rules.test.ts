import { describe, expect, it } from 'vitest';
import {
  ageAllowed,
  ageLimitText,
  bandsOpenTo,
  bookingOpensAt,
  bookingOpensText,
  cancellableUntil,
  cancellationPolicyText,
  cheapestOpenPrice,
  dayLabel,
  sessionWhen,
  spacesLeftText,
  zonedInstant,
  zonedParts,
} from '../src/booking-rules.ts';

const london = 'Europe/London';

describe('price bands', () => {
  it('opens adult to everyone, junior under 18, concession from 60 and member to members, on the session date', () => {
    expect([...bandsOpenTo(null, '2026-11-24')]).toEqual(['adult']);
    expect(bandsOpenTo({ dateOfBirth: '2008-11-25', isMember: false }, '2026-11-24').has('junior')).toBe(
      true,
    );
    // 18 on the day of the session: no longer junior
    expect(bandsOpenTo({ dateOfBirth: '2008-11-24', isMember: false }, '2026-11-24').has('junior')).toBe(
      false,
    );
    expect(bandsOpenTo({ dateOfBirth: '1966-11-24', isMember: false }, '2026-11-24').has('concession')).toBe(
      true,
    );
    expect(bandsOpenTo({ dateOfBirth: '1966-11-25', isMember: false }, '2026-11-24').has('concession')).toBe(
      false,
    );
    expect([...bandsOpenTo({ dateOfBirth: null, isMember: true }, '2026-11-24')].sort()).toEqual([
      'adult',
      'member',
    ]);
  });

  it('picks the cheapest open band', () => {
    const prices = [
      { band: 'adult' as const, pricePence: 650 },
      { band: 'junior' as const, pricePence: 400 },
      { band: 'member' as const, pricePence: 0 },
    ];
    expect(cheapestOpenPrice(prices, new Set(['adult']))?.pricePence).toBe(650);
    expect(cheapestOpenPrice(prices, new Set(['adult', 'junior']))?.band).toBe('junior');
    expect(cheapestOpenPrice(prices, new Set(['adult', 'member']))?.band).toBe('member');
    expect(cheapestOpenPrice(prices, new Set(['concession']))).toBeNull();
  });
});

describe('ages', () => {
  it('checks limits on the session date and needs a date of birth only when there are limits', () => {
    expect(ageAllowed(null, '2026-11-24', null, null)).toBe(true);
    expect(ageAllowed(null, '2026-11-24', 4, 11)).toBe(false);
    expect(ageAllowed('2022-11-24', '2026-11-24', 4, 11)).toBe(true); // fourth birthday
    expect(ageAllowed('2022-11-25', '2026-11-24', 4, 11)).toBe(false);
    expect(ageAllowed('2014-11-25', '2026-11-24', 4, 11)).toBe(true); // still 11
    expect(ageAllowed('2014-11-24', '2026-11-24', 4, 11)).toBe(false); // 12 today
    expect(ageLimitText(4, 11)).toBe('Ages 4 to 11');
    expect(ageLimitText(16, null)).toBe('Ages 16 and over');
    expect(ageLimitText(null, 11)).toBe('Ages 11 and under');
    expect(ageLimitText(null, null)).toBeNull();
  });
});

describe('time zones', () => {
  it('reads local clock times in winter and summer', () => {
    expect(zonedInstant('2026-11-24', '09:00', london).toISOString()).toBe('2026-11-24T09:00:00.000Z');
    expect(zonedInstant('2026-07-01', '09:00', london).toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(zonedParts(new Date('2026-07-01T08:00:00Z'), london)).toEqual({
      date: '2026-07-01',
      time: '09:00',
      weekday: 3,
    });
  });

  it('keeps a 09:00 class at 09:00 either side of the clock changes', () => {
    expect(zonedInstant('2026-10-24', '09:00', london).toISOString()).toBe('2026-10-24T08:00:00.000Z');
    expect(zonedInstant('2026-10-25', '09:00', london).toISOString()).toBe('2026-10-25T09:00:00.000Z');
    expect(zonedInstant('2027-03-27', '09:00', london).toISOString()).toBe('2027-03-27T09:00:00.000Z');
    expect(zonedInstant('2027-03-28', '09:00', london).toISOString()).toBe('2027-03-28T08:00:00.000Z');
  });

  it('reads the missing hour with the old offset and the repeated hour as its first instant', () => {
    expect(zonedInstant('2027-03-28', '01:30', london).toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(zonedInstant('2026-10-25', '01:30', london).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });
});

describe('booking windows and cancelling', () => {
  it('opens a window days before the session date at the opening time, local time', () => {
    const session = new Date('2026-12-01T18:00:00Z'); // Tue 1 Dec 18:00 GMT
    expect(bookingOpensAt(session, 7, '08:00', london).toISOString()).toBe('2026-11-24T08:00:00.000Z');
    expect(bookingOpensAt(session, 5, '08:00:00', london).toISOString()).toBe('2026-11-26T08:00:00.000Z');
    // across the spring change: 8 o'clock local on both sides
    const summer = new Date('2027-03-30T17:00:00Z');
    expect(bookingOpensAt(summer, 7, '08:00', london).toISOString()).toBe('2027-03-23T08:00:00.000Z');
    expect(bookingOpensAt(summer, 1, '08:00', london).toISOString()).toBe('2027-03-29T07:00:00.000Z');
  });

  it('says when booking opens, with the date when it is more than a few days away', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(bookingOpensText(new Date('2026-11-24T08:00:00Z'), now, london)).toBe('Booking opens Tue 08:00');
    expect(bookingOpensText(new Date('2026-12-01T08:00:00Z'), now, london)).toBe(
      'Booking opens Tue 1 Dec 08:00',
    );
  });

  it('cuts cancelling off before the start and says so', () => {
    expect(cancellableUntil(new Date('2026-11-24T18:00:00Z'), 120).toISOString()).toBe(
      '2026-11-24T16:00:00.000Z',
    );
    expect(cancellationPolicyText(120)).toBe('Bookings can be cancelled up to 2 hours before the start.');
    expect(cancellationPolicyText(60)).toBe('Bookings can be cancelled up to 1 hour before the start.');
    expect(cancellationPolicyText(90)).toBe('Bookings can be cancelled up to 90 minutes before the start.');
    expect(cancellationPolicyText(0)).toBe('Bookings can be cancelled until the start.');
  });
});

describe('words', () => {
  it('labels days, times and spaces', () => {
    expect(dayLabel('2026-11-24')).toBe('Tue 24 Nov');
    expect(dayLabel('2026-11-29')).toBe('Sun 29 Nov');
    expect(sessionWhen(new Date('2026-11-24T18:00:00Z'), new Date('2026-11-24T18:45:00Z'), london)).toBe(
      'Tue 24 Nov 2026, 18:00 to 18:45',
    );
    expect(spacesLeftText(0)).toBe('Full');
    expect(spacesLeftText(1)).toBe('1 space left');
    expect(spacesLeftText(3)).toBe('3 spaces left');
    expect(spacesLeftText(2, 'facility')).toBe('2 courts free');
    expect(spacesLeftText(1, 'facility')).toBe('1 court free');
  });
});
