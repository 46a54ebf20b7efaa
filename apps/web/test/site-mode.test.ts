import { describe, expect, it } from 'vitest';
import { crossSiteUrl, venueSlugFor } from '../src/app/site-mode/cross-site.ts';
import { nextSiteMode } from '../src/app/site-mode/site-mode.ts';
import { testSettings } from './support/render.tsx';

describe('site mode from query parameters', () => {
  const none = { embedded: false, kiosk: false, centre: null };

  it('switches embedded and kiosk on and remembers them when later pages omit them', () => {
    const first = nextSiteMode(none, '?embedded=true&kiosk=true&centre=clifton-lido-and-spa');
    expect(first).toEqual({ embedded: true, kiosk: true, centre: 'clifton-lido-and-spa' });
    expect(nextSiteMode(first, '?page=2')).toEqual(first);
  });

  it('turns a mode off only when told so, and ignores a centre that is not a slug', () => {
    expect(nextSiteMode({ ...none, kiosk: true }, '?kiosk=false').kiosk).toBe(false);
    expect(nextSiteMode(none, '?centre=%3Cscript%3E').centre).toBeNull();
  });
});

describe('links between sites', () => {
  it('builds full URLs to the other site, carrying embedded=true when embedded', () => {
    expect(crossSiteUrl(testSettings.siteUrls, 'online-joining', '/centre/x', { embedded: true })).toBe(
      'http://j.test/centre/x?embedded=true',
    );
    expect(crossSiteUrl(testSettings.siteUrls, 'bookings', '/', { embedded: false })).toBe('http://b.test/');
    expect(
      crossSiteUrl(testSettings.siteUrls, 'my-account', '/', {
        embedded: false,
        extraParams: { kiosk: 'true' },
      }),
    ).toBe('http://m.test/?kiosk=true');
  });

  it('reads the venue from the selected centre, else the second segment of a venue route', () => {
    expect(venueSlugFor('/centre/clifton-lido-and-spa/membership/gym/recurring', null)).toBe(
      'clifton-lido-and-spa',
    );
    expect(venueSlugFor('/location/hoe-park-fitness', null)).toBe('hoe-park-fitness');
    expect(venueSlugFor('/centre/x', 'hoe-park-fitness')).toBe('hoe-park-fitness');
    expect(venueSlugFor('/bookings/upcoming', null)).toBeUndefined();
    expect(venueSlugFor('/', null)).toBeUndefined();
  });
});
