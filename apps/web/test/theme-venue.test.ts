import { afterEach, describe, expect, it } from 'vitest';
import {
  recordThemeVenue,
  resetThemeVenue,
  themeVenueFor,
  type ThemeVenueFacts,
} from '../src/app/theme/theme-venue.ts';

const nothing: ThemeVenueFacts = {
  selectedCentre: null,
  pathVenue: undefined,
  declaredVenue: null,
  journeyVenue: null,
  operatorPage: false,
};

/** Issue 34 item 6: the centre's own look on every page of its journey (decision 0084). */
describe('whose look a page wears', () => {
  afterEach(() => resetThemeVenue());

  it('keeps the centre of the journey on pages that name no centre (session, basket, checkout)', () => {
    // The Clifton timetable names its centre; the basket, checkout and confirmation do not.
    expect(themeVenueFor({ ...nothing, pathVenue: 'clifton-lido-and-spa' })).toBe('clifton-lido-and-spa');
    expect(themeVenueFor({ ...nothing, journeyVenue: 'clifton-lido-and-spa' })).toBe('clifton-lido-and-spa');
  });

  it("wears the session's own centre, however the customer came to it", () => {
    expect(
      themeVenueFor({
        ...nothing,
        declaredVenue: 'meadowbank-sports-hub',
        journeyVenue: 'clifton-lido-and-spa',
      }),
    ).toBe('meadowbank-sports-hub');
  });

  it("lets the tab's centre (a kiosk's) win, and gives the operator's pages the operator's look", () => {
    expect(
      themeVenueFor({ ...nothing, selectedCentre: 'hoe-park-fitness', pathVenue: 'clifton-lido-and-spa' }),
    ).toBe('hoe-park-fitness');
    expect(
      themeVenueFor({ ...nothing, operatorPage: true, journeyVenue: 'clifton-lido-and-spa' }),
    ).toBeUndefined();
  });

  it('remembers the journey for the tab, and an operator page ends it', () => {
    recordThemeVenue('clifton-lido-and-spa', false);
    expect(sessionStorage.getItem('lido.journeyVenue')).toBe('clifton-lido-and-spa');
    recordThemeVenue(undefined, false); // the basket: the journey goes on
    expect(sessionStorage.getItem('lido.journeyVenue')).toBe('clifton-lido-and-spa');
    recordThemeVenue(undefined, true); // the bookings home, every centre listed
    expect(sessionStorage.getItem('lido.journeyVenue')).toBeNull();
  });
});
