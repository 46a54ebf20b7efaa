import { clientSettingsSchema } from '@lido/contracts/client-settings';
import { venueSchema } from '@lido/contracts/venue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoVenues } from '../src/db/seed/demo-operator.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

describe('client settings and venues', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { LIDO_ANALYTICS_GA_ID: 'G-ABC1234', LIDO_KIOSK_HOME_URL: 'https://kiosk.example.org' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /api/client answers the joining spec site config and the sites to link to', async () => {
    const response = await t.app.inject({ url: '/api/client', headers: { host: '127.0.0.1:3002' } });
    expect(response.statusCode).toBe(200);
    const settings = clientSettingsSchema.parse(response.json().data);
    expect(settings).toMatchObject({
      name: 'Brightwater Leisure',
      onlineJoiningEnabled: true,
      onlineJoiningMapEnabled: true,
      // on in the demo catalogue's bookingSettings (decision 0050)
      onlineGuestPassesEnabled: true,
      directDebitProvider: 'go_cardless',
      availableBillingDates: [1, 15, 28],
      kioskHomeUrl: 'https://kiosk.example.org',
      // English only unless LIDO_LANGUAGES lists Welsh (decision 0108): no language switch.
      languages: ['en'],
      kioskIdle: { warningMs: 90_000, resetMs: 95_000, orderConfirmedMs: 10_000 },
      currency: 'GBP',
      currencySymbol: '£',
      siteUrls: {
        bookings: 'http://127.0.0.1:3000',
        myAccount: 'http://127.0.0.1:3001',
        onlineJoining: 'http://127.0.0.1:3002',
      },
      analytics: { gaMeasurementId: 'G-ABC1234', gtmContainerId: null },
      errorReportingDsn: null,
      fonts: { garageGothicUrl: null },
    });
  });

  it('lists every centre through both venue paths, with the fields both specs read', async () => {
    for (const path of ['/api/venues/online-joining', '/api/activities/venues']) {
      const response = await t.app.inject({ url: path, headers: { host: siteHost.onlineJoining } });
      expect(response.statusCode).toBe(200);
      const venues = response.json().data.map((venue: unknown) => venueSchema.parse(venue));
      expect(venues).toHaveLength(demoVenues.length);
      expect(venues.map((venue: { slug: string }) => venue.slug)).toContain('clifton-lido-and-spa');
    }
  });

  it('finds one centre by slug and answers 404 for an unknown one', async () => {
    const found = await t.app.inject({ url: '/api/activities/venues/kelvin-way-swim-centre' });
    expect(found.json().data).toMatchObject({
      name: 'Kelvin Way Swim Centre',
      town: 'Glasgow',
      postcode: 'G3 8AG',
      lat: 55.8652,
    });
    const missing = await t.app.inject({ url: '/api/venues/online-joining/nowhere-leisure' });
    expect(missing.statusCode).toBe(404);
  });

  it("answers a venue's own footer, or the operator's", async () => {
    const own = await t.app.inject({ url: '/api/activities/footer?venue=clifton-lido-and-spa' });
    expect(own.json().data).toContain('Open daily 7am to 9pm');
    const inherited = await t.app.inject({ url: '/api/activities/footer?venue=hoe-park-fitness' });
    const operator = await t.app.inject({ url: '/api/activities/footer' });
    expect(inherited.json().data).toBe(operator.json().data);
    expect(operator.json().data).toContain('Brightwater Leisure');
  });
});
