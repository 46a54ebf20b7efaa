import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginCookie, siteHost, type TestApp } from './support/test-app.ts';

const host = siteHost.myAccount;
const evil = 'https://evil.example';

/**
 * quality.md S11 whatever the path looks like: the router decodes and normalises a path, so a
 * guard that reads the raw URL can be walked around (issue 15, item 5).
 */
describe('the cross-site guard on every spelling of a path (S11)', () => {
  let t: TestApp;
  let cookie: string;
  const stillLoggedIn = async () =>
    (await t.app.inject({ url: '/api/auth/user', headers: { host, cookie } })).statusCode === 200;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await loginCookie(t, 'C100002');
  });
  afterAll(async () => {
    await t.close();
  });

  const spellings = [
    '/api/auth/logout',
    '/%61pi/auth/logout',
    '/%61%70%69/%61uth/logout',
    '/API/auth/logout',
    '//api/auth/logout',
    '/api//auth/logout',
    '/api/./auth/logout',
    '/api/auth/../auth/logout',
    '/api/auth/logout/',
    '/api%2Fauth%2Flogout',
    '/api/auth/logout;jsessionid=1',
    '/api/auth/logout?x=1',
    '/api/auth/logout#x',
  ];
  for (const url of spellings) {
    it(`refuses a cross-site POST ${url} and keeps the session`, async () => {
      const response = await t.app.inject({ method: 'POST', url, headers: { host, cookie, origin: evil } });
      expect(response.statusCode).toBe(403);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(await stillLoggedIn()).toBe(true);
    });
  }

  it('refuses every state-changing method from another site, and with no Origin at all', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of [
        '/api/auth/logout',
        '/%61pi/cart/clear',
        '/api/my-account/user/update',
        '/anything',
      ]) {
        for (const headers of [{ origin: evil }, {}, { origin: 'null' }]) {
          const response = await t.app.inject({ method, url, headers: { host, cookie, ...headers } });
          expect(response.statusCode, `${method} ${url} ${JSON.stringify(headers)}`).toBe(403);
        }
      }
    }
    expect(await stillLoggedIn()).toBe(true);
  });

  it('lets reads through: HEAD and OPTIONS change nothing', async () => {
    for (const method of ['HEAD', 'OPTIONS'] as const) {
      const response = await t.app.inject({
        method,
        url: '/%61pi/auth/logout',
        headers: { host, cookie, origin: evil },
      });
      expect(response.statusCode).not.toBe(200);
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
    expect(await stillLoggedIn()).toBe(true);
  });

  it('refuses a cross-site request the browser marks as such, even with our Origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/%61pi/auth/logout',
      headers: { host, cookie, origin: `http://${host}`, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect(await stillLoggedIn()).toBe(true);
  });

  it('still accepts our own site, whatever the spelling', async () => {
    const other = await loginCookie(t, 'C100003');
    const response = await t.app.inject({
      method: 'POST',
      url: '/%61pi/auth/logout',
      headers: { host, cookie: other, origin: `http://${host}` },
    });
    expect(response.statusCode).toBe(200);
  });

  it('lets provider webhooks through on their exact routes only, to their signature checks', async () => {
    // No provider is configured here, so reaching the handler answers its own "Not found.".
    for (const url of [
      '/api/payment-providers/stripe/webhook',
      '/%61pi/payment-providers/stripe/webhook',
      '/api/webhooks/gocardless',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { host, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found.' });
    }
    // Other methods and near-miss paths are not webhooks.
    for (const [method, url] of [
      ['PUT', '/api/webhooks/gocardless'],
      ['POST', '/api/webhooks/gocardless/'],
      ['POST', '/api/webhooks/gocardless/../../auth/logout'],
      ['POST', '/api/payment-providers/stripe/webhook/x'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { host, cookie, origin: evil } });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await stillLoggedIn()).toBe(true);
  });

  it("lets the card issuer's form post reach the 3-D Secure answer, and nothing else cross-site", async () => {
    const scaUrl = '/api/payment-providers/sca-completion/0b7f3f4e-2f6c-4a50-9d1c-3c1f3a9b8e11';
    const crossSite = (url: string, contentType: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { host, cookie, origin: evil, 'content-type': contentType },
        payload,
      });
    const form = await crossSite(scaUrl, 'application/x-www-form-urlencoded', 'cres=x&threeDSSessionData=y');
    // The handler's own check, not the guard: the answer does not match any waiting payment.
    expect(form.statusCode).toBe(400);
    expect(form.json().message).toBe('This 3D Secure answer does not match the payment.');
    // The same route as JSON (the page's own call) must come from our site.
    expect((await crossSite(scaUrl, 'application/json', '{}')).statusCode).toBe(403);
    // A form post anywhere else is refused before any parsing.
    const elsewhere = await crossSite('/api/auth/logout', 'application/x-www-form-urlencoded', 'x=1');
    expect(elsewhere.statusCode).toBe(403);
    expect(await stillLoggedIn()).toBe(true);
  });
});
