import type { SessionTimes } from '@lido/contracts/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '../src/db/seed/demo-customers.ts';
import { apiClient } from './support/api.ts';
import { createCustomer } from './support/factories.ts';
import { createTestApp, siteHost, type TestApp, testConfig } from './support/test-app.ts';

const minute = 60_000;

/**
 * Issue 21 item 1 (WCAG 2.2.1): the browser mirrors the server's idle timer from
 * GET /api/auth/session, and "Stay signed in" or the customer's typing extends it through
 * POST /api/auth/session/extend.
 */
describe('the session timer the browser mirrors', () => {
  let t: TestApp;
  let now = new Date('2026-11-23T10:00:00Z');
  const api = apiClient(() => t, siteHost.myAccount);
  const later = (ms: number) => (now = new Date(now.getTime() + ms));
  const times = (cookie: string) => api.as(cookie).get<SessionTimes>('/api/auth/session');
  const extend = (cookie: string) => api.as(cookie).post<SessionTimes>('/api/auth/session/extend', {});

  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
  });
  afterAll(async () => {
    await t.close();
  });

  it('says when an idle session ends, and asking does not count as activity', async () => {
    const { cookie } = await createCustomer(t);
    const loggedInAt = now.getTime();
    later(5 * minute);
    const first = await times(cookie);
    expect(first.status).toBe(200);
    expect(first.data).toEqual({
      expiresAt: new Date(loggedInAt + 30 * minute).toISOString(),
      expiresInMs: 25 * minute,
      idleTimeoutMs: 30 * minute,
      extendable: true,
    });
    // Asking again 20 minutes on: still 30 minutes from login, so the page's own checks never keep it alive.
    later(20 * minute);
    expect((await times(cookie)).data.expiresInMs).toBe(5 * minute);
    later(5 * minute + 1000);
    const ended = await times(cookie);
    expect(ended.status).toBe(401);
    expect(ended.message).toBe('Unauthenticated.');
    expect((await api.as(cookie).get('/api/auth/user')).status).toBe(401);
  });

  it('"Stay signed in" starts the idle window again on the server', async () => {
    const { cookie } = await createCustomer(t);
    later(28 * minute); // the browser's warning is open: 2 minutes left
    const extended = await extend(cookie);
    expect(extended.status).toBe(200);
    expect(extended.data.expiresAt).toBe(new Date(now.getTime() + 30 * minute).toISOString());
    expect(extended.data.expiresInMs).toBe(30 * minute);
    // 29 minutes after extending (57 after login) the session is still live, and it says so.
    later(29 * minute);
    expect((await times(cookie)).data.expiresInMs).toBe(1 * minute);
    expect((await api.as(cookie).get('/api/auth/user')).status).toBe(200);
  });

  it('extends to the exact second, where other calls keep a minute of precision', async () => {
    const { cookie } = await createCustomer(t);
    later(30_000);
    // An ordinary call 30 s in does not write; the timer still runs from login.
    await api.as(cookie).get('/api/auth/user');
    expect((await times(cookie)).data.expiresInMs).toBe(30 * minute - 30_000);
    expect((await extend(cookie)).data.expiresInMs).toBe(30 * minute);
    expect((await times(cookie)).data.expiresInMs).toBe(30 * minute);
  });

  it('cannot extend past the 12-hour limit, and says the limit is what ends it', async () => {
    const { cookie } = await createCustomer(t);
    const loggedInAt = now.getTime();
    for (let step = 0; step < 27; step++) {
      later(25 * minute);
      expect((await extend(cookie)).data.extendable, `after ${(step + 1) * 25} minutes`).toBe(true);
    }
    later(29 * minute); // 11 h 44 min: less than 30 minutes of the session's life are left
    const last = await extend(cookie);
    expect(last.data).toMatchObject({
      expiresAt: new Date(loggedInAt + 12 * 60 * minute).toISOString(),
      expiresInMs: 16 * minute,
      extendable: false,
    });
    later(16 * minute);
    expect((await extend(cookie)).status).toBe(401);
  });

  it('answers 401 and clears the cookies when there is no session, and changes nothing', async () => {
    const noCookie = await api.guest.post('/api/auth/session/extend', {});
    expect(noCookie.status).toBe(401);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/session/extend',
      headers: {
        host: siteHost.myAccount,
        origin: `http://${siteHost.myAccount}`,
        cookie: 'lido_authToken=nope',
      },
      payload: {},
    });
    expect(unknown.statusCode).toBe(401);
    expect(String(unknown.headers['set-cookie'])).toMatch(/lido_authToken=;/);
    expect((await api.guest.get('/api/auth/session')).status).toBe(401);
  });

  it('refuses an extend from another site (the CSRF guard covers it like every POST)', async () => {
    const { cookie } = await createCustomer(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/session/extend',
      headers: { host: siteHost.myAccount, origin: 'https://evil.example', cookie },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
  });

  it('keeps a kiosk session alive while the kiosk is used, and it never outlives the kiosk reset by much', async () => {
    const { reference } = await createCustomer(t);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      headers: { host: siteHost.onlineJoining, origin: `http://${siteHost.onlineJoining}` },
      payload: { username: reference, password: demoPassword, kiosk: true },
    });
    const cookie = String(login.headers['set-cookie']).match(/lido_authToken=[^;]+/)![0];
    const kiosk = apiClient(() => t, siteHost.onlineJoining).as(cookie);
    // Taps on the kiosk page (no other call) extend the session: 4 minutes of use outlive its 2 idle minutes.
    for (let i = 0; i < 4; i++) {
      later(70_000);
      const touched = await kiosk.post<SessionTimes>('/api/auth/session/extend', {});
      expect(touched.status, `after ${(i + 1) * 70} s`).toBe(200);
      expect(touched.data.idleTimeoutMs).toBe(2 * minute);
    }
    later(2 * minute + 1000);
    expect((await kiosk.get('/api/auth/session')).status).toBe(401);
  });
});

describe('the kiosk idle limit follows a late kiosk reset', () => {
  it('a kiosk that resets after 3 minutes keeps its session 15 s longer than that', async () => {
    let now = new Date('2026-11-23T10:00:00Z');
    const t = await createTestApp({
      now: () => now,
      env: { LIDO_KIOSK_IDLE_WARNING_SECONDS: '150', LIDO_KIOSK_IDLE_RESET_SECONDS: '180' },
    });
    try {
      const { reference } = await createCustomer(t);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        headers: { host: siteHost.onlineJoining, origin: `http://${siteHost.onlineJoining}` },
        payload: { username: reference, password: demoPassword, kiosk: true },
      });
      const cookie = String(login.headers['set-cookie']).match(/lido_authToken=[^;]+/)![0];
      const kiosk = apiClient(() => t, siteHost.onlineJoining).as(cookie);
      expect((await kiosk.get<SessionTimes>('/api/auth/session')).data.idleTimeoutMs).toBe(195_000);
      now = new Date(now.getTime() + 194_000);
      expect((await kiosk.get('/api/auth/session')).status).toBe(200);
      now = new Date(now.getTime() + 2000);
      expect((await kiosk.get('/api/auth/session')).status).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('the settings behind the timers', () => {
  it('a short idle limit is for end-to-end tests only, never production', () => {
    expect(testConfig({ LIDO_TEST_SESSION_IDLE_SECONDS: '12' }).auth.idleTimeoutMs).toBe(12_000);
    expect(() => testConfig({ NODE_ENV: 'development', LIDO_TEST_SESSION_IDLE_SECONDS: '12' })).toThrow(
      /LIDO_TEST_SESSION_IDLE_SECONDS: is for end-to-end tests only/,
    );
  });

  it('a kiosk reset leaves room for a 20-second warning', () => {
    expect(() =>
      testConfig({ LIDO_KIOSK_IDLE_WARNING_SECONDS: '3', LIDO_KIOSK_IDLE_RESET_SECONDS: '6' }),
    ).toThrow(/LIDO_KIOSK_IDLE_RESET_SECONDS: must be at least 25/);
    expect(
      testConfig({ LIDO_KIOSK_IDLE_WARNING_SECONDS: '3', LIDO_KIOSK_IDLE_RESET_SECONDS: '25' }).kioskIdle,
    ).toMatchObject({ warningMs: 3000, resetMs: 25_000 });
  });
});
