import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebDist } from './support/fake-web-dist.ts';
import { createTestApp, productionEnv, siteHost, type TestApp } from './support/test-app.ts';

describe('serving the four sites', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      env: { LIDO_WEB_DIST: fakeWebDist(), LIDO_FRAME_ANCESTORS: 'https://www.example.org' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    [siteHost.bookings, 'bookings'],
    [siteHost.myAccount, 'my-account'],
    [siteHost.onlineJoining, 'online-joining'],
    [siteHost.frontOfHouse, 'front-of-house'],
  ])('on %s serves the %s entry page for any deep link (history fallback)', async (host, site) => {
    for (const url of ['/', '/centre/clifton-lido-and-spa', '/some/deep/link?x=1']) {
      const response = await t.app.inject({ url, headers: { host } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(`<title>${site}</title>`);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('has each page preload the client settings, its theme and, where the address names it, its first read', async () => {
    const client = '/api/client';
    const theme = '/api/frontend/theme';
    // Every customer page reads its footer too, for the same venue as its theme (decision 0107).
    const footer = '/api/activities/footer';
    const expected: [host: string, url: string, preloads: string[]][] = [
      [siteHost.onlineJoining, '/', [client, theme, '/api/venues/online-joining', footer]],
      [
        siteHost.onlineJoining,
        '/centre/clifton-lido/membership/gym/recurring',
        // No such centre in this empty catalogue: only a guest's account form follows.
        [
          client,
          `${theme}?venue=clifton-lido`,
          '/api/venues/online-joining/clifton-lido',
          '/api/data-fields?onboarding_type=customer_account_online',
          `${footer}?venue=clifton-lido`,
        ],
      ],
      [
        siteHost.onlineJoining,
        '/centre/clifton-lido/membership/Gym%3Cb%3E/recurring',
        [
          client,
          `${theme}?venue=clifton-lido`,
          '/api/venues/online-joining/clifton-lido',
          '/api/data-fields?onboarding_type=customer_account_online',
          `${footer}?venue=clifton-lido`,
        ],
      ],
      [siteHost.onlineJoining, '/checkout', [client, theme, footer]],
      [
        siteHost.bookings,
        '/location/clifton-lido?day=2026-01-02',
        [
          client,
          `${theme}?venue=clifton-lido`,
          '/api/activities/venues/clifton-lido',
          `${footer}?venue=clifton-lido`,
        ],
      ],
      // The centre a kiosk or an embedding page names wins, as in the app; a malformed one is no venue.
      [
        siteHost.bookings,
        '/location/clifton-lido?centre=hove-baths',
        [
          client,
          `${theme}?venue=hove-baths`,
          '/api/activities/venues/clifton-lido',
          `${footer}?venue=hove-baths`,
        ],
      ],
      [siteHost.bookings, '/?centre=%22%3E%3Cscript%3E', [client, theme, '/api/activities/venues', footer]],
      [siteHost.myAccount, '/', [client, theme, footer]],
      // Where the address hides the chrome, the operator's footer is not shown, so not read.
      [
        siteHost.bookings,
        '/location/clifton-lido?embedded=true',
        [client, `${theme}?venue=clifton-lido`, '/api/activities/venues/clifton-lido'],
      ],
      [siteHost.onlineJoining, '/?kiosk=true', [client, theme, '/api/venues/online-joining']],
      [siteHost.bookings, '/?kiosk=true', [client, theme, '/api/activities/venues', footer]],
      [siteHost.frontOfHouse, '/centre/clifton-lido', [client, theme]],
    ];
    for (const [host, url, preloads] of expected) {
      const body = (await t.app.inject({ url, headers: { host } })).body;
      const found = [...body.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin>/g)];
      expect(
        found.map((match) => match[1]),
        `${host}${url}`,
      ).toEqual(preloads);
    }
  });

  it('has checkout and the basket page preload the basket, for a visitor with a session cookie only', async () => {
    const cookie = 'lido_authToken=some-session';
    const basketPreloaded = async (host: string, url: string, headers: Record<string, string> = {}) =>
      (await t.app.inject({ url, headers: { host, ...headers } })).body.includes(
        '<link rel="preload" href="/api/cart" as="fetch" crossorigin>',
      );
    expect(await basketPreloaded(siteHost.onlineJoining, '/checkout', { cookie })).toBe(true);
    expect(await basketPreloaded(siteHost.bookings, '/checkout', { cookie })).toBe(true);
    expect(await basketPreloaded(siteHost.bookings, '/basket', { cookie })).toBe(true);
    // A guest has no basket to read, and other pages start from other reads.
    expect(await basketPreloaded(siteHost.onlineJoining, '/checkout')).toBe(false);
    expect(await basketPreloaded(siteHost.onlineJoining, '/basket', { cookie })).toBe(false);
    expect(await basketPreloaded(siteHost.bookings, '/checkout/x', { cookie })).toBe(false);
    expect(await basketPreloaded(siteHost.frontOfHouse, '/checkout', { cookie })).toBe(false);
  });

  it('has a signed-in customer’s pages preload the user and basket, and my account’s dashboard its reads', async () => {
    const preloadsOf = async (url: string, cookie?: string, host = siteHost.myAccount) => {
      const headers = { host, ...(cookie ? { cookie } : {}) };
      const body = (await t.app.inject({ url, headers })).body;
      return [...body.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin>/g)]
        .map((match) => match[1])
        .slice(2) // after the client settings and the theme
        .filter((href) => !href?.startsWith('/api/activities/footer'));
    };
    const signedIn = 'lido_authToken=some-session; lido_authState=in.abc';
    expect(await preloadsOf('/', signedIn)).toEqual([
      '/api/auth/user',
      '/api/cart',
      '/api/my-account/memberships',
      '/api/my-account/direct-debit',
      '/api/my-account/outstanding-balance',
      '/api/my-account/bookings',
      '/api/my-account/penalty-fees',
    ]);
    expect(await preloadsOf('/details', signedIn)).toEqual(['/api/auth/user', '/api/cart']);
    // The page reads the customer only when the state cookie says so, as the app's useAuthState does.
    expect(await preloadsOf('/', 'lido_authToken=some-session; lido_authState=out.abc')).toEqual([]);
    expect(await preloadsOf('/', 'lido_authToken=some-session')).toEqual([]);
    expect(await preloadsOf('/')).toEqual([]);
    // The other customer sites' headers read them too; checkout's basket is preloaded once.
    expect(await preloadsOf('/checkout', signedIn, siteHost.onlineJoining)).toEqual([
      '/api/cart',
      '/api/auth/user',
    ]);
    expect(await preloadsOf('/', signedIn, siteHost.bookings)).toEqual([
      '/api/activities/venues',
      '/api/auth/user',
      '/api/cart',
    ]);
    expect(await preloadsOf('/', signedIn, siteHost.frontOfHouse)).toEqual([]);
    // A confirmation page's order, named by its address (decision 0107); a guest has none to read.
    const header = ['/api/auth/user', '/api/cart'];
    const orderPages: [url: string, host: string, cookie: string | undefined, preloads: string[]][] = [
      ['/order-confirmed/42', siteHost.onlineJoining, signedIn, [...header, '/api/orders/42']],
      ['/booking-confirmed/42/', siteHost.bookings, signedIn, [...header, '/api/orders/42']],
      ['/order-confirmed/42', siteHost.onlineJoining, undefined, []],
      ['/order-confirmed/4%202', siteHost.onlineJoining, signedIn, header],
      ['/booking-confirmed/42', siteHost.onlineJoining, signedIn, header],
    ];
    for (const [url, host, cookie, preloads] of orderPages)
      expect(await preloadsOf(url, cookie, host), `${host}${url}`).toEqual(preloads);
  });

  it('sends a Content Security Policy with the page, framing only by allowed origins', async () => {
    const response = await t.app.inject({ url: '/', headers: { host: siteHost.onlineJoining } });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'self' https://www.example.org");
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it('never lets the staff site be framed, whatever origins the customer sites allow (issue 19)', async () => {
    for (const url of ['/', '/login', '/api/staff/me']) {
      const response = await t.app.inject({ url, headers: { host: siteHost.frontOfHouse } });
      expect(response.headers['x-frame-options']).toBe('DENY');
      if (url !== '/api/staff/me') {
        const csp = String(response.headers['content-security-policy']);
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).not.toContain('https://www.example.org');
      }
    }
  });

  it('serves shared assets as immutable, and a missing file as a plain 404', async () => {
    const asset = await t.app.inject({ url: '/assets/app-abc123.js', headers: { host: siteHost.bookings } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers.vary).toContain('accept-encoding');
    const missing = await t.app.inject({
      url: '/assets/missing-123.js',
      headers: { host: siteHost.bookings },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/json');
  });

  it('sends the brotli copy to browsers that accept it', async () => {
    const asset = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { host: siteHost.bookings, 'accept-encoding': 'br, gzip' },
    });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(asset.rawPayload).toString()).toBe('console.log(1)');
  });

  it('answers any spelling of an unknown API path with the JSON 404, never the app page', async () => {
    for (const url of ['/api/nothing', '/%61pi/auth/logout', '//API/nothing', '/Api']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await t.app.inject({ method, url, headers: { host: siteHost.bookings } });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.headers['content-type'], `${method} ${url}`).toContain('application/json');
      }
    }
  });

  it('does not serve the entry pages by their file paths', async () => {
    const response = await t.app.inject({
      url: '/sites/bookings/index.html',
      headers: { host: siteHost.bookings },
    });
    expect(response.statusCode).toBe(404);
  });

  it('answers a request for no known site (the sandbox port) with 404', async () => {
    const response = await t.app.inject({ url: '/', headers: { host: 'localhost:3003' } });
    expect(response.statusCode).toBe(404);
  });
});

describe('security headers in production on https (S14)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      env: {
        ...productionEnv,
        LIDO_WEB_DIST: fakeWebDist(),
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends HSTS, nosniff, a referrer policy and a locked-down CSP on pages, and no-store on the API', async () => {
    for (const host of ['bookings.example.org', 'myaccount.example.org', 'join.example.org']) {
      const page = await t.app.inject({ url: '/', headers: { host } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(String(page.headers['content-security-policy'])).toMatch(/object-src 'none'.*base-uri 'none'/);
      const api = await t.app.inject({ url: '/api/health', headers: { host } });
      expect(api.headers['cache-control']).toBe('no-store');
    }
    // A host that is none of the sites gets no page.
    expect((await t.app.inject({ url: '/', headers: { host: 'evil.example.com' } })).statusCode).toBe(404);
  });
});
