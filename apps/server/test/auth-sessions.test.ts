import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { demoPassword } from '../src/db/seed/demo-customers.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { createCustomersRepository } from '../src/modules/customers/customers.repository.ts';
import { createCustomer } from './support/factories.ts';
import { createTestApp, productionEnv, type TestApp } from './support/test-app.ts';

const origin = 'http://localhost:3001';
const host = 'localhost:3001';

function cookiesFrom(
  setCookie: string | string[] | undefined,
): Record<string, { value: string; attributes: string }> {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return Object.fromEntries(
    list.map((line) => {
      const [pair, ...attributes] = line.split('; ');
      const index = pair!.indexOf('=');
      return [
        pair!.slice(0, index),
        { value: decodeURIComponent(pair!.slice(index + 1)), attributes: attributes.join('; ') },
      ];
    }),
  );
}

describe('logging in, sessions and logging out', () => {
  let t: TestApp;
  let now = new Date('2026-11-21T10:00:00Z');
  const login = (username: string, password: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      headers: { origin, host, ...headers },
      payload: { username, password },
    });
  const user = (token: string | undefined, headers: Record<string, string> = {}) =>
    t.app.inject({
      url: '/api/auth/user',
      headers: { host, ...(token ? { cookie: `lido_authToken=${token}` } : {}), ...headers },
    });
  const tokenOf = (response: Awaited<ReturnType<typeof login>>) =>
    cookiesFrom(response.headers['set-cookie']).lido_authToken!.value;

  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores passwords as argon2id at OWASP minimum parameters (S1)', async () => {
    const rows = await t.database.query<{ password_hash: string }>('SELECT password_hash FROM customers');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('logs in with the email or the customer reference, setting an HttpOnly cookie the page cannot read (S6)', async () => {
    const priya = await createCustomer(t, {
      firstName: 'Priya',
      homeVenueSlug: 'castlefield-leisure-centre',
      hasDirectDebitInstruction: true,
      billingDay: 15,
      creditBalancePence: 1250,
    });
    const names = [priya.email, priya.email.toUpperCase(), priya.reference, priya.reference.toLowerCase()];
    for (const username of names) {
      const response = await login(username, demoPassword);
      expect(response.statusCode).toBe(200);
      const cookies = cookiesFrom(response.headers['set-cookie']);
      expect(cookies.lido_authToken?.attributes).toContain('HttpOnly');
      expect(cookies.lido_authToken?.attributes).toContain('SameSite=Lax');
      expect(cookies.lido_authState?.attributes).not.toContain('HttpOnly');
      expect(cookies.lido_authState?.value).toMatch(/^in\.[\w-]{16}$/);
      // What the page is given is the state value, never the session token.
      expect(response.json().data.token).toBe(cookies.lido_authState?.value);
      expect(response.json().data.token).not.toBe(cookies.lido_authToken?.value);
      const me = await user(cookies.lido_authToken!.value);
      expect(me.statusCode).toBe(200);
      expect(me.json().data).toMatchObject({
        reference: priya.reference,
        firstName: 'Priya',
        homeVenueSlug: 'castlefield-leisure-centre',
        hasInstruction: true,
        hasBillingDate: true,
        credit: { balance: 1250 },
      });
    }
  });

  it('answers a wrong password and an unknown account identically', async () => {
    const wrong = await login((await createCustomer(t)).email, 'not-the-password');
    const unknown = await login('nobody@example.org', 'not-the-password');
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json().message).toBe('Your email address, customer ID or password is incorrect.');
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('refuses bad input with field messages', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      headers: { origin, host },
      payload: { username: '', password: 123, remember_me: true },
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['password', 'request', 'username'].sort());
  });

  it('ends the session the browser had before logging in (S7)', async () => {
    const { email } = await createCustomer(t);
    const first = tokenOf(await login(email, demoPassword));
    const second = await login(email, demoPassword, {
      cookie: `lido_authToken=${first}`,
    });
    expect(tokenOf(second)).not.toBe(first);
    expect((await user(first)).statusCode).toBe(401);
    expect((await user(tokenOf(second))).statusCode).toBe(200);
  });

  it('expires a session after 30 idle minutes and after 12 hours in all (S8)', async () => {
    const { email } = await createCustomer(t);
    const idle = tokenOf(await login(email, demoPassword));
    now = new Date(now.getTime() + 30 * 60_000 + 1000);
    expect((await user(idle)).statusCode).toBe(401);

    const busy = tokenOf(await login(email, demoPassword));
    for (let i = 0; i < 24; i++) {
      now = new Date(now.getTime() + 29 * 60_000);
      expect((await user(busy)).statusCode, `after ${(i + 1) * 29} minutes`).toBe(200);
    }
    now = new Date(now.getTime() + 29 * 60_000); // 12 h 6 min after login, never idle for 30 minutes
    expect((await user(busy)).statusCode).toBe(401);
  });

  it('ends a kiosk session 10 minutes after login, or after 2 idle minutes (S8)', async () => {
    const { reference } = await createCustomer(t);
    const kioskLogin = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        headers: { origin, host },
        payload: { username: reference, password: demoPassword, kiosk: true },
      });
    const busy = tokenOf(await kioskLogin());
    for (let i = 0; i < 5; i++) {
      now = new Date(now.getTime() + 110_000);
      expect((await user(busy)).statusCode, `after ${(i + 1) * 110} s`).toBe(200);
    }
    now = new Date(now.getTime() + 51_000); // 10 min 1 s after login, never idle for 2 minutes
    expect((await user(busy)).statusCode).toBe(401);

    const idle = tokenOf(await kioskLogin());
    now = new Date(now.getTime() + 2 * 60_000 + 1000);
    expect((await user(idle)).statusCode).toBe(401);
  });

  it('revokes the session on logout: replaying the cookie gets 401, and the server clears it (S9)', async () => {
    const token = tokenOf(await login((await createCustomer(t)).email, demoPassword));
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin, host, cookie: `lido_authToken=${token}` },
    });
    expect(logout.statusCode).toBe(200);
    const cleared = cookiesFrom(logout.headers['set-cookie']);
    expect(cleared.lido_authToken).toMatchObject({ value: '' });
    expect(cleared.lido_authToken?.attributes).toContain('Max-Age=0');
    expect(cleared.lido_authState?.value).toMatch(/^out\.[\w-]{16}$/); // moved on, so other tabs notice
    const replay = await user(token);
    expect(replay.statusCode).toBe(401);
    expect(cookiesFrom(replay.headers['set-cookie']).lido_authToken?.value).toBe('');
  });

  it('refuses state-changing calls from other sites (S11) and never echoes CORS headers (S12)', async () => {
    const attempts = [
      { origin: 'https://evil.example' },
      {},
      { origin, 'sec-fetch-site': 'cross-site' },
      { origin: 'http://localhost:3999' },
    ];
    for (const headers of attempts) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        headers: { host, ...headers },
        payload: { username: 'C100002', password: demoPassword },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      headers: { host, origin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=C100002&password=x',
    });
    expect(form.statusCode).toBe(415);
    const withOrigin = await user(undefined, { origin: 'https://evil.example' });
    expect(withOrigin.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('checks the limits before any password is hashed, and a spoofed X-Forwarded-For does not help (S3)', async () => {
    const windowStart = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
    const sam = await createCustomer(t);
    const lee = await createCustomer(t);
    await t.database.query(
      `INSERT INTO rate_limit_hits (key, window_start, hits) VALUES ($1, $2, 100)
       ON CONFLICT (key, window_start) DO UPDATE SET hits = excluded.hits`,
      [`login:customer:${sam.id}`, windowStart],
    );
    // The right password is refused too: the limit is checked before the password is looked at.
    const limited = await login(sam.reference, demoPassword);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^This account is locked for now after too many wrong passwords/);

    await t.database.query(
      `INSERT INTO rate_limit_hits (key, window_start, hits) VALUES ($1, $2, 300)
       ON CONFLICT (key, window_start) DO UPDATE SET hits = excluded.hits`,
      ['login:client:127.0.0.1', windowStart],
    );
    const spoofed = await login(lee.reference, demoPassword, { 'x-forwarded-for': '203.0.113.9' });
    expect(spoofed.statusCode).toBe(429);
    expect(spoofed.json().message).toBe('Too many attempts. Please wait a while and try again.');
    await t.database.query(`DELETE FROM rate_limit_hits`);
  });

  it('counts failures: the 101st bad login for an account in an hour is refused', async () => {
    const target = `nobody.${Date.now()}@example.org`;
    await t.database.query(`INSERT INTO rate_limit_hits (key, window_start, hits) VALUES ($1, $2, 99)`, [
      `login:name:${target}`,
      new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000),
    ]);
    expect((await login(target, 'wrong')).statusCode).toBe(422); // the 100th failure
    expect((await login(target, 'wrong')).statusCode).toBe(429); // the 101st attempt
    await t.database.query(`DELETE FROM rate_limit_hits`);
  });

  it('re-hashes a weaker stored hash at the next login (S1)', async () => {
    const weak = await (
      await import('@node-rs/argon2')
    ).hash(demoPassword, { algorithm: 2, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    const alex = await createCustomer(t);
    await createCustomersRepository(t.database.db).update(alex.id, { passwordHash: weak });
    expect((await login(alex.reference, demoPassword)).statusCode).toBe(200);
    const [row] = await t.database.query<{ password_hash: string }>(
      `SELECT password_hash FROM customers WHERE id = $1`,
      [alex.id],
    );
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashPassword('x')).not.toBe(await hashPassword('x')); // salted
  });
});

describe('the development bearer path (S10)', () => {
  it('is refused by the production configuration', () => {
    expect(() => loadConfig({ ...productionEnv, LIDO_ALLOW_BEARER: 'true' })).toThrow(
      /LIDO_ALLOW_BEARER: bearer tokens are for development only/,
    );
    expect(loadConfig(productionEnv).auth.allowBearer).toBe(false);
  });

  it('is ignored unless allowed, and works when development allows it', async () => {
    for (const [allow, expected] of [
      ['false', 401],
      ['true', 200],
    ] as const) {
      const t = await createTestApp({
        env: { NODE_ENV: 'development', LIDO_ALLOW_BEARER: allow },
      });
      try {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/customer/login',
          headers: { origin, host },
          payload: { username: 'C100001', password: demoPassword },
        });
        const token = cookiesFrom(response.headers['set-cookie']).lido_authToken!.value;
        const me = await t.app.inject({
          url: '/api/auth/user',
          headers: { host, authorization: `Bearer ${token}` },
        });
        expect(me.statusCode).toBe(expected);
      } finally {
        await t.close();
      }
    }
  });
});
