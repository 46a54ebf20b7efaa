import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gazetteer, lookUpPlaces, normalisePlaceName } from '../src/providers/geocoding/offline-gazetteer.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

describe('the offline gazetteer', () => {
  it('holds the towns and cities of Great Britain', () => {
    const places = gazetteer();
    expect(places.length).toBeGreaterThan(3000);
    expect(places.every((place) => place.lat > 49 && place.lat < 61 && place.lng > -9 && place.lng < 2)).toBe(
      true,
    );
  });

  it('compares names without case, accents or punctuation', () => {
    expect(normalisePlaceName("  St. Andrew's ")).toBe('st andrews');
    expect(normalisePlaceName('Brighton & Hove')).toBe('brighton and hove');
    expect(normalisePlaceName('Ystradgynlais')).toBe('ystradgynlais');
  });

  it('finds exact names first, the most populous first, then names starting with the term', () => {
    const brixton = lookUpPlaces(gazetteer(), 'brixton', 5);
    expect(brixton[0]).toMatchObject({ name: 'Brixton', region: 'England' });
    expect(brixton[0]!.lat).toBeCloseTo(51.466, 2); // the London one, not the Devon village
    const newcastle = lookUpPlaces(gazetteer(), 'Newcastle', 5);
    expect(newcastle[0]?.name).toMatch(/^Newcastle/);
    expect(lookUpPlaces(gazetteer(), 'Leeds, West Yorkshire', 1)[0]?.name).toBe('Leeds');
    expect(lookUpPlaces(gazetteer(), 'zzqxv', 5)).toEqual([]);
    expect(lookUpPlaces(gazetteer(), 'a', 5)).toEqual([]);
  });
});

describe('GET /api/geocoding/{term}.json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers features with geometry coordinates, restricted to Great Britain', async () => {
    const response = await t.app.inject({ url: '/api/geocoding/Leeds.json?country=gb' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.type).toBe('FeatureCollection');
    expect(body.features[0]).toMatchObject({
      text: 'Leeds',
      place_name: 'Leeds, England, United Kingdom',
      geometry: { type: 'Point' },
    });
    const [lng, lat] = body.features[0].geometry.coordinates;
    expect(lat).toBeCloseTo(53.8, 1);
    expect(lng).toBeCloseTo(-1.55, 1);
  });

  it('answers no features for a place that does not exist, and 422 for another country', async () => {
    expect(
      (await t.app.inject({ url: '/api/geocoding/Qwertyville.json?country=gb' })).json().features,
    ).toEqual([]);
    expect((await t.app.inject({ url: '/api/geocoding/Paris.json?country=fr' })).statusCode).toBe(422);
  });
});
