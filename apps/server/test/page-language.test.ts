import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebDist } from './support/fake-web-dist.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

/** The `<link rel=preload>` addresses a page's HTML carries. */
const preloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="preload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);

describe('a page in Welsh is the same page under /cy (issue 38 item 3, decision 0108)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { LIDO_WEB_DIST: fakeWebDist(), LIDO_LANGUAGES: 'en,cy' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('says so in <html lang>, with the same preloads as the English page but reads in the page’s language', async () => {
    for (const [host, path] of [
      [siteHost.bookings, '/location/clifton-lido'],
      [siteHost.onlineJoining, '/centre/clifton-lido/membership/gym/recurring'],
      [siteHost.myAccount, '/'],
    ] as const) {
      const english = await t.app.inject({ url: path, headers: { host } });
      const welsh = await t.app.inject({ url: `/cy${path === '/' ? '' : path}`, headers: { host } });
      expect(welsh.statusCode).toBe(200);
      expect(english.body).toContain('<html lang="en-GB">');
      expect(welsh.body).toContain('<html lang="cy">');
      // The account form's labels are in the page's language, which a preload cannot ask for (0110).
      expect(preloadsOf(welsh.body)).toEqual(
        preloadsOf(english.body).filter((href) => !href?.startsWith('/api/data-fields?')),
      );
      expect(preloadsOf(welsh.body).length).toBeGreaterThan(0);
    }
  });

  it('keeps the staff site in English', async () => {
    const response = await t.app.inject({
      url: '/cy/customers?q=1',
      headers: { host: siteHost.frontOfHouse },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/customers?q=1');
  });
});

describe('an operator offering English only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { LIDO_WEB_DIST: fakeWebDist() } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends a Welsh address to the English page, and never to another host', async () => {
    for (const [url, location] of [
      ['/cy/location/clifton-lido?day=2', '/location/clifton-lido?day=2'],
      ['/cy', '/'],
      ['/cy//evil.example/x', '/evil.example/x'],
    ]) {
      const response = await t.app.inject({ url, headers: { host: siteHost.bookings } });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe(location);
    }
    // Spelled with a backslash or in percent-encoding, the address is no page at all.
    for (const url of ['/cy/\\evil.example', '/cy/%2F%2Fevil.example', '/cy/%5C%5Cevil.example']) {
      const response = await t.app.inject({ url, headers: { host: siteHost.bookings } });
      expect(response.headers.location ?? '', url).not.toMatch(/^\/[/\\]/);
    }
  });
});
