import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

const host = siteHost.myAccount;
const origin = `http://${host}`;
const hour = 3_600_000;

function problemsOf(value: string): string[] {
  try {
    loadConfig({ LIDO_TRUST_PROXY: value });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('the LIDO_TRUST_PROXY setting', () => {
  it('trusts no proxy unless told', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ LIDO_TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ LIDO_TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('takes a hop count, or addresses and CIDR ranges separated by commas or spaces', () => {
    expect(loadConfig({ LIDO_TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(
      loadConfig({ LIDO_TRUST_PROXY: ' 10.0.0.0/8, 192.0.2.10  2001:db8::/32,loopback ' }).trustProxy,
    ).toEqual(['10.0.0.0/8', '192.0.2.10', '2001:db8::/32', 'loopback']);
  });

  it('refuses what it does not understand, saying what it wants and what was wrong', () => {
    const help =
      'LIDO_TRUST_PROXY: must be the number of proxies in front of Lido (such as 1), or their addresses or CIDR ranges separated by commas or spaces (such as 10.0.0.0/8, 192.0.2.10, loopback)';
    expect(problemsOf('10.0.0.0/33, proxy.internal, 10.0.0.1')).toEqual([
      `${help}; not understood: 10.0.0.0/33, proxy.internal (got "10.0.0.0/33, proxy.internal, 10.0.0.1")`,
    ]);
    expect(problemsOf('true')[0]).toContain(
      '"true" would trust every address, so any client could choose its own',
    );
    expect(problemsOf('0.0.0.0/0')[0]).toContain('not understood: 0.0.0.0/0');
    expect(problemsOf('-1')[0]).toContain('not understood: -1');
    expect(problemsOf('99')[0]).toContain('more than 20 hops');
  });
});

/** issue 15, item 7: behind a load balancer, per-address limits follow the real client. */
describe('client addresses behind a proxy', () => {
  const apps: TestApp[] = [];
  const now = new Date('2026-11-21T10:30:00Z');
  const start = async (trust: string | undefined) => {
    const t = await createTestApp({
      now: () => now,
      ...(trust ? { env: { LIDO_TRUST_PROXY: trust } } : {}),
      beforeReady(app) {
        app.get('/api/test/client', async (request) => ({ ip: request.ip }));
      },
    });
    apps.push(t);
    return t;
  };
  const clientOf = async (t: TestApp, remoteAddress: string, forwardedFor?: string) =>
    (
      await t.app.inject({
        url: '/api/test/client',
        remoteAddress,
        headers: { host, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      })
    ).json().ip;
  const spent = (t: TestApp, key: string, hits: number) =>
    t.database.query(`INSERT INTO rate_limit_hits (key, window_start, hits) VALUES ($1, $2, $3)`, [
      key,
      new Date(Math.floor(now.getTime() / hour) * hour),
      hits,
    ]);
  const post = (t: TestApp, url: string, remoteAddress: string, forwardedFor: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { host, origin, 'x-forwarded-for': forwardedFor },
      payload,
    });

  let direct: TestApp;
  let oneHop: TestApp;
  let listed: TestApp;
  beforeAll(async () => {
    direct = await start(undefined);
    oneHop = await start('1');
    listed = await start('10.0.0.0/8, 192.0.2.10');
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    expect(await clientOf(direct, '203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
  });

  it('takes the client from the trusted proxies, never from further along the header', async () => {
    // One hop: the load balancer's own entry is the client; what the client wrote before it is not.
    expect(await clientOf(oneHop, '10.0.0.2', 'spoofed-by-client, 198.51.100.7')).toBe('198.51.100.7');
    // A list: trusted proxies are skipped from the right; the first untrusted address is the client.
    expect(await clientOf(listed, '10.1.2.3', '1.1.1.1, 198.51.100.7, 10.9.9.9')).toBe('198.51.100.7');
    expect(await clientOf(listed, '192.0.2.10', '198.51.100.8')).toBe('198.51.100.8');
    // A connection from anywhere else is its own client, whatever it claims.
    expect(await clientOf(listed, '203.0.113.50', '198.51.100.9')).toBe('203.0.113.50');
  });

  it('limits logins per real client: strangers behind the same proxy do not lock each other out', async () => {
    await spent(oneHop, 'login:client:198.51.100.20', 300);
    const stranger = await post(oneHop, '/api/auth/customer/login', '10.0.0.2', '198.51.100.20', {
      username: 'C100002',
      password: 'wrong',
    });
    expect(stranger.statusCode).toBe(429);
    const customer = await post(oneHop, '/api/auth/customer/login', '10.0.0.2', '198.51.100.21', {
      username: 'C100002',
      password: 'Swim-Gym-2026!',
    });
    expect(customer.statusCode).toBe(200);
    // With no proxy trusted, the header changes nothing: the connection's address is limited.
    await spent(direct, 'login:client:10.0.0.2', 300);
    const spoofing = await post(direct, '/api/auth/customer/login', '10.0.0.2', '198.51.100.21', {
      username: 'C100002',
      password: 'Swim-Gym-2026!',
    });
    expect(spoofing.statusCode).toBe(429);
  });

  it('counts an IPv6 client by its /64, so rotating addresses within it gains nothing', async () => {
    await spent(oneHop, 'login:client:2001:db8:1:2::/64', 300);
    for (const client of ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:fffe']) {
      const response = await post(oneHop, '/api/auth/customer/login', '10.0.0.2', client, {
        username: 'C100002',
        password: 'wrong',
      });
      expect(response.statusCode, client).toBe(429);
    }
  });

  it('limits registrations and reset requests per real client', async () => {
    await spent(oneHop, 'register:client:198.51.100.30', 20);
    await spent(oneHop, 'reset:client:198.51.100.30', 20);
    const register = (forwardedFor: string, email: string) =>
      post(
        oneHop,
        '/api/auth/customer/register?onboarding_type=customer_account_online',
        '10.0.0.2',
        forwardedFor,
        {
          first_name: 'Ffion',
          last_name: 'Pryce',
          date_of_birth: '1992-02-29',
          email,
          address_line_one: '3 Quay Street',
          town: 'Cardiff',
          postcode: 'CF10 1EA',
          password: 'Bara-Brith-2026!',
          password_confirmation: 'Bara-Brith-2026!',
        },
      );
    expect((await register('198.51.100.30', 'ffion.one@example.org')).statusCode).toBe(429);
    expect((await register('198.51.100.31', 'ffion.two@example.org')).statusCode).toBe(201);
    const reset = (forwardedFor: string) =>
      post(oneHop, '/api/auth/customer/forgotten-password', '10.0.0.2', forwardedFor, {
        email_or_reference: 'C100002',
      });
    expect((await reset('198.51.100.30')).statusCode).toBe(429);
    expect((await reset('198.51.100.31')).statusCode).toBe(200);
  });
});
