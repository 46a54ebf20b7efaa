import { describe, expect, it } from 'vitest';
import { backToEnglishAfterEach, loadedOnPage } from './support/page-language.ts';

/**
 * Words that plain helpers write (issue 38): looked up when called, so a Welsh page gets its Welsh
 * once the catalogues are in, and English stays word for word what it was.
 */
describe('words written by helpers', () => {
  backToEnglishAfterEach();

  const helpersOn = (path: string) =>
    loadedOnPage(path, async () => {
      const geo = await import('../src/features/centre-finder/geo.ts');
      const finder = await import('../src/features/centre-finder/finder-constants.ts');
      const price = await import('../src/lib/membership-price.ts');
      const requests = await import('../src/lib/api/generic-error.ts');
      const booking = await import('../src/features/account/booking-text.ts');
      const session = await import('../src/features/activities/session-text.ts');
      return { ...geo, ...finder, ...price, ...requests, ...booking, ...session };
    });

  const fixed = (fixedDuration: number, fixedPeriod: string) => ({
    paymentType: 'fixed' as const,
    fixedDuration,
    fixedPeriod,
    price: { formatted: '£60.00' },
  });

  it('are the English they always were on an English page', async () => {
    const h = await helpersOn('/location/cardiff');
    expect([0.4, 1, 5, 12.34].map(h.formatMiles)).toEqual(['0.4 miles', '1 mile', '5 miles', '12.3 miles']);
    expect(h.messages.searchingFor('Leeds')).toBe('Searching Leeds...');
    expect(
      h.priceLabel({
        paymentType: 'recurring',
        fixedDuration: null,
        fixedPeriod: null,
        price: { formatted: '£30.00' },
      }),
    ).toBe('£30.00 per month');
    expect(h.priceLabel(fixed(12, 'month'))).toBe('£60.00 for 12 months');
    expect(h.durationLabel({ fixedDuration: 1, fixedPeriod: 'year' })).toBe('1 year');
    expect(h.durationLabel({ fixedDuration: null, fixedPeriod: null })).toBe('1 month');
    expect(h.durationLabel({ fixedDuration: 2, fixedPeriod: 'fortnight' })).toBe('2 fortnights');
    expect(h.genericErrorLine(419)).toBe(h.reloadAndTryAgain());
    expect(h.reloadAndTryAgain()).toBe('Something has gone wrong, please reload and try again.');
    expect([1, 3].map(h.placesText)).toEqual(['1 place', '3 places']);
    const booking = { activityName: 'Yoga', when: 'Tue 24 Nov 2026, 18:00 to 18:45', prettyStartsAt: '' };
    expect(h.bookingTitle({ ...booking, guestName: null })).toBe('Yoga, Tue 24 Nov 2026, 18:00 to 18:45');
    expect(h.bookingTitle({ ...booking, guestName: 'Sam Jones' })).toBe(
      'Yoga, Tue 24 Nov 2026, 18:00 to 18:45 (guest: Sam Jones)',
    );
    expect(h.whereText({ location: { name: 'Studio 1' } as never, instructor: 'Ana' })).toBe(
      'Studio 1 · with Ana',
    );
    expect(h.dayDate('2026-11-24')).toBe('Tue 24 Nov 2026');
  });

  it('are Welsh on a Welsh page', async () => {
    const h = await helpersOn('/cy/location/cardiff');
    expect([1, 2, 5].map(h.formatMiles)).toEqual(['1 milltir', '2 milltir', '5 milltir']);
    expect(h.messages.prompt).toBe('Chwiliwch neu cliciwch ar bin ar y map i weld manylion canolfan');
    expect(h.priceLabel(fixed(12, 'month'))).toBe('£60.00 am 12 mis');
    expect(h.durationLabel({ fixedDuration: 1, fixedPeriod: 'year' })).toBe('1 blwyddyn');
    expect(h.genericErrorLine(500)).toBe('Aeth rhywbeth o’i le, rhowch gynnig arall arni.');
    expect(h.placesText(3)).toBe('3 lle');
    expect(h.bandUnavailableText('junior', true)).toBe('I bobl dan 18 oed ar ddiwrnod y sesiwn.');
    expect(h.dayDate('2026-11-24')).toBe('Maw 24 Tach 2026');
  });
});
