import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { publicSiteOrigins, siteOriginsFor } from '../src/http/sites.ts';
import { appOriginsFor } from '../src/providers/card/start-card-provider.ts';
import { createTestApp, productionEnv, type TestApp } from './support/test-app.ts';

/** `npm run dev` serves the sites through Vite on LIDO_DEV_SITE_PORT, +1 and +2 (decision 0026). */
describe('the sites served through Vite in development (LIDO_DEV_SITE_PORT)', () => {
  const dev = loadConfig({ LIDO_PORT: '4100', LIDO_DEV_SITE_PORT: '5173' });
  const plain = loadConfig({ LIDO_PORT: '4100' });

  it('is refused in production and beside the site URLs, and must be a port', () => {
    expect(() => loadConfig({ ...productionEnv, LIDO_DEV_SITE_PORT: '5173' })).toThrow(
      /LIDO_DEV_SITE_PORT: is for `npm run dev` only/,
    );
    const urls = {
      LIDO_BOOKINGS_URL: productionEnv.LIDO_BOOKINGS_URL,
      LIDO_MY_ACCOUNT_URL: productionEnv.LIDO_MY_ACCOUNT_URL,
      LIDO_ONLINE_JOINING_URL: productionEnv.LIDO_ONLINE_JOINING_URL,
    };
    expect(() => loadConfig({ ...urls, LIDO_DEV_SITE_PORT: '5173' })).toThrow(/LIDO_DEV_SITE_PORT/);
    expect(() => loadConfig({ LIDO_DEV_SITE_PORT: 'vite' })).toThrow(
      /LIDO_DEV_SITE_PORT: must be a whole number/,
    );
    expect(() => loadConfig({ LIDO_DEV_SITE_PORT: '65534' })).toThrow(/LIDO_DEV_SITE_PORT: must be at most/);
    expect(plain.devSitePort).toBeUndefined();
    expect(dev.devSitePort).toBe(5173);
  });

  it("links to Vite's sites when the page came through Vite, and to the server's otherwise", () => {
    expect(siteOriginsFor(dev, 'localhost:5174', 'http')).toEqual({
      bookings: 'http://localhost:5173',
      'my-account': 'http://localhost:5174',
      'online-joining': 'http://localhost:5175',
      'front-of-house': 'http://localhost:5178',
    });
    expect(siteOriginsFor(dev, '127.0.0.1:4102', 'http').bookings).toBe('http://127.0.0.1:4100');
    expect(siteOriginsFor(dev, 'localhost:5176', 'http').bookings).toBe('http://localhost:4100');
    expect(siteOriginsFor(plain, 'localhost:5174', 'http').bookings).toBe('http://localhost:4100');
  });

  it("sends email links to Vite's sites and lets them hold the sandbox card frame", () => {
    expect(publicSiteOrigins(dev)['my-account']).toBe('http://localhost:5174');
    expect(publicSiteOrigins(plain)['my-account']).toBe('http://localhost:4101');
    expect(appOriginsFor(dev)).toEqual(
      expect.arrayContaining(['http://localhost:4102', 'http://127.0.0.1:5175', 'http://localhost:5173']),
    );
    expect(appOriginsFor(plain)).not.toContain('http://localhost:5173');
  });

  describe('the Origin check', () => {
    let withVite: TestApp;
    let without: TestApp;
    beforeAll(async () => {
      // One after the other: both test databases share a migration lock.
      withVite = await createTestApp({ env: { LIDO_DEV_SITE_PORT: '5173' } });
      without = await createTestApp();
    });
    afterAll(async () => {
      await withVite?.close();
      await without?.close();
    });

    const logOutFrom = (t: TestApp, origin: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { host: new URL(origin).host, origin, 'content-type': 'application/json' },
        payload: '{}',
      });

    it("passes a write call from a Vite page only when the server knows Vite's port", async () => {
      expect((await logOutFrom(withVite, 'http://localhost:5174')).statusCode).toBeLessThan(300);
      expect((await logOutFrom(without, 'http://localhost:5174')).statusCode).toBe(403);
    });

    it('still refuses another origin, even one on a Vite port of another host', async () => {
      const response = await withVite.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: {
          host: 'localhost:5174',
          origin: 'http://evil.example:5174',
          'content-type': 'application/json',
        },
        payload: '{}',
      });
      expect(response.statusCode).toBe(403);
      expect((await logOutFrom(withVite, 'http://localhost:5176')).statusCode).toBe(403);
    });
  });
});
