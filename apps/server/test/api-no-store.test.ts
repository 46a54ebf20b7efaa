import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebDist } from './support/fake-web-dist.ts';
import { createTestApp, loginCookie, siteHost, type TestApp } from './support/test-app.ts';

const host = siteHost.myAccount;

/**
 * quality.md S14 "no-store on authed API", whatever the path looks like (issue 40 item 8a): the
 * router decodes and normalises a path, so a header decided on the raw URL missed `/%61pi/…`.
 */
describe('no-store on every spelling of an API path', () => {
  let t: TestApp;
  let cookie: string;
  const get = (url: string) => t.app.inject({ url, headers: { host, cookie } });

  beforeAll(async () => {
    t = await createTestApp({ env: { LIDO_WEB_DIST: fakeWebDist() } });
    cookie = await loginCookie(t, 'C100002');
  });
  afterAll(async () => {
    await t.close();
  });

  it('marks the signed-in answer no-store however the path reaching the route is spelt', async () => {
    for (const url of [
      '/api/auth/user',
      '/%61pi/auth/user',
      '/%61%70%69/%61uth/user',
      '/api/./auth/user',
      '/api/x/../auth/user',
      '/api/auth/user?x=1',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.json().data.reference, url).toBe('C100002');
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('marks the API’s not-found answers no-store too, on spellings no route takes', async () => {
    for (const url of ['//api/auth/user', '/API/auth/user', '/api%2Fauth%2Fuser', '/%61pi/nowhere']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'Unable to complete request, item not found.' });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('leaves a double-encoded path to the site: a page, with no API answer in it', async () => {
    // `%2561` decodes once, to `%61`: the path is `/%61pi/…`, which names no route.
    const response = await get('/%2561pi/auth/user');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).not.toContain('C100002');
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});
