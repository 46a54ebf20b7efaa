import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

describe('GET /api/frontend/theme', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers the operator's theme with every key, in a data envelope", async () => {
    const response = await t.app.inject({ url: '/api/frontend/theme', headers: { host: siteHost.bookings } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        themeAppLogo: '/logos/brightwater.svg',
        themeAppPrimaryColour: '#5c2d91',
        themeAppSecondaryColour1: '#f2a900',
        themeAppSecondaryColour2: '#007a7a',
        themeAppDarkBgColour: '#1b1b2f',
        themeAppHeaderBgColour: '#1b1b2f',
        headerPrimaryColour: '#ffffff',
        themeAppBodyFontStyle: 'roboto',
        themeAppHeadingFontStyle: 'garage_gothic',
        themeAppSecondaryButtonStyle: 'solid',
        themeAppLogoName: 'Brightwater Leisure',
      },
    });
  });

  it("names a venue's own logo for the venue, and the operator's logo for the operator (issue 34 item 6)", async () => {
    const name = async (query: string) =>
      (await t.app.inject({ url: `/api/frontend/theme${query}` })).json().data.themeAppLogoName;
    expect(await name('?venue=clifton-lido-and-spa')).toBe('Clifton Lido & Spa');
    expect(await name('?venue=meadowbank-sports-hub')).toBe('Meadowbank Sports Hub');
    // A venue that keeps the operator's logo shows the operator's name.
    expect(await name('?venue=hoe-park-fitness')).toBe('Brightwater Leisure');
    expect(await name('')).toBe('Brightwater Leisure');
  });

  it("lays a venue's own theme over the operator's, keeping what the venue leaves unset", async () => {
    const response = await t.app.inject({ url: '/api/frontend/theme?venue=meadowbank-sports-hub' });
    const theme = response.json().data;
    expect(theme.themeAppPrimaryColour).toBe('#b3261e');
    expect(theme.themeAppHeaderBgColour).toBe('#ffffff');
    expect(theme.themeAppSecondaryColour2).toBe('#007a7a'); // not set by the venue
    expect(theme.themeAppSecondaryButtonStyle).toBe('solid'); // not set by the venue
  });

  it("gives a venue without a theme the operator's", async () => {
    const plain = await t.app.inject({ url: '/api/frontend/theme' });
    const venue = await t.app.inject({ url: '/api/frontend/theme?venue=hoe-park-fitness' });
    expect(venue.json()).toEqual(plain.json());
  });

  it('answers 404 for an unknown venue, so the browser retries without it', async () => {
    const response = await t.app.inject({ url: '/api/frontend/theme?venue=atlantis-leisure' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Unable to complete request, item not found.' });
  });

  it('answers 422 with a field message for a venue that is not a slug', async () => {
    const response = await t.app.inject({ url: '/api/frontend/theme?venue=%3Cscript%3E' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Must contain only lower-case letters, numbers and hyphens.',
      errors: { venue: ['Must contain only lower-case letters, numbers and hyphens.'] },
    });
  });
});

describe('the theme during planned maintenance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LIDO_MAINTENANCE_MODE: 'true' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 so every site shows its maintenance screen', async () => {
    const response = await t.app.inject({ url: '/api/frontend/theme?venue=clifton-lido-and-spa' });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe('Unable to access the site due to planned maintenance.');
  });
});
