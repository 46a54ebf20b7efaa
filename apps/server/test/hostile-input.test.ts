import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginCookie, siteHost, type TestApp } from './support/test-app.ts';

const host = siteHost.onlineJoining;
const origin = `http://${host}`;
const staffOnly = (url: string) => url.startsWith('/api/staff/') || url === '/api/cart/pay';

/** Every route that takes a body, read from the router itself so a new route is covered too. */
function stateChangingRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const routes: { method: string; url: string }[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? prefixes[depth - 1]! : '') + match[2]!;
    prefixes[depth] = path;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'GET' && method !== 'HEAD') routes.push({ method, url: path.replace(/:\w+/g, '1') });
    }
  }
  return routes;
}

const nestedArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObjects = (depth: number) => '{"a":'.repeat(depth - 1) + '{}' + '}'.repeat(depth - 1);

const newCustomer = {
  first_name: 'Morwenna',
  last_name: 'Trevithick',
  date_of_birth: '1987-06-05',
  email: 'morwenna.trevithick@example.org',
  phone: '07700 900456',
  address_line_one: '12 Lemon Quay',
  address_line_two: 'Flat 3',
  town: 'Truro',
  postcode: 'TR1 2LW',
  password: 'Pasty-Cream-Tea-7',
  password_confirmation: 'Pasty-Cream-Tea-7',
  source: 'online-joining',
};
const registerUrl = '/api/auth/customer/register?onboarding_type=customer_account_online';

/** issue 15, item 8: no input gets a 5xx, and the logs carry no personal data. */
describe('hostile input', () => {
  let t: TestApp;
  let cookie: string;
  let logged = '';
  const post = (url: string, payload: string | object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { host, origin, 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const customerCount = async () =>
    (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM customers'))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp({
      env: { LIDO_LOG_LEVEL: 'info' },
      logStream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logged += chunk.toString();
          done();
        },
      }),
    });
    cookie = await loginCookie(t, 'C100001', undefined, host);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 400 to a 10,000-deep body on every route that takes one', async () => {
    const routes = stateChangingRoutes(t.app);
    expect(routes.length).toBeGreaterThanOrEqual(22);
    for (const route of routes) {
      for (const payload of [nestedArrays(10_000), nestedObjects(10_000)]) {
        // Staff-only calls are refused off the staff site before their body is read (decision
        // 0070): they are sent where they answer, so the depth guard is what refuses them.
        const at = staffOnly(route.url) ? siteHost.frontOfHouse : host;
        const response = await t.app.inject({
          method: route.method as 'POST',
          url: route.url,
          headers: { host: at, origin: `http://${at}`, cookie, 'content-type': 'application/json' },
          payload,
        });
        const label = `${route.method} ${route.url}`;
        expect(response.statusCode, label).toBeLessThan(500);
        // Webhooks keep their raw bytes for the signature check (and are not configured here).
        if (!route.url.includes('webhook')) {
          expect(response.statusCode, label).toBe(400);
          expect(response.json(), label).toEqual({ message: 'The request body is nested too deeply.' });
        }
      }
    }
  });

  it('draws the line at 64 levels', async () => {
    // 64 levels reach the contract (an unknown field), 65 do not.
    const deep = (depth: number) => `{"first_name":"A","extra":${nestedArrays(depth - 1)}}`;
    const at64 = await post(registerUrl, deep(64));
    expect(at64.statusCode).toBe(422);
    const at65 = await post(registerUrl, deep(65));
    expect(at65.statusCode).toBe(400);
    // Brackets inside strings are text, not nesting.
    const inText = await post(registerUrl, {
      ...newCustomer,
      town: '['.repeat(90),
      first_name: '{'.repeat(90),
      password_confirmation: 'not the same',
    });
    expect(inText.statusCode).toBe(422);
    expect(Object.keys(inText.json().errors)).toEqual(['passwordConfirmation']);
  });

  it('refuses a NUL character in any field of the registration with 422 naming the field, creating nothing', async () => {
    const before = await customerCount();
    for (const field of Object.keys(newCustomer)) {
      const value = newCustomer[field as keyof typeof newCustomer];
      const response = await post(registerUrl, {
        ...newCustomer,
        [field]: `${value.slice(0, 3)}\u0000${value.slice(3)}`,
      });
      const camel = field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
      expect(response.statusCode, field).toBe(422);
      expect(response.json(), field).toEqual({
        message: `${camel} must not contain a NUL character (\\u0000).`,
        errors: { [camel]: [`${camel} must not contain a NUL character (\\u0000).`] },
      });
    }
    const inKey = await post(registerUrl, { ...newCustomer, 'town\u0000': 'x' });
    expect(inKey.statusCode).toBe(422);
    const nested = await post('/api/cart/add', { items: [{ id: 1, name: ['ok', 'n\u0000'] }] }, { cookie });
    expect(nested.statusCode).toBe(422);
    expect(nested.json().errors).toEqual({
      'items.0.name.1': ['items.0.name.1 must not contain a NUL character (\\u0000).'],
    });
    expect(await customerCount()).toBe(before);
  });

  it('refuses a NUL character in a query string or a path with 422, never 500', async () => {
    for (const url of [
      '/api/data-fields?onboarding_type=customer%00account',
      '/api/terms?cart_id=1%00',
      '/api/cart?selected_user_id=%00',
      '/api/venues/online-joining/castlefield%00',
      '/api/activities/venues/%00',
      '/api/geocoding/Man%00chester',
      '/api/orders/1%00',
      '/api/memberships/types/1%00/payment-options/1',
      '/api/v1/membership-promotions/validate/SAVE10%00/1',
    ]) {
      const response = await t.app.inject({ url, headers: { host, cookie } });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().message, url).toMatch(/must not contain a NUL character/);
    }
    const login = await post('/api/auth/customer/login', { username: 'C100001\u0000', password: 'x' });
    expect(login.statusCode).toBe(422);
    const forgotten = await post('/api/auth/customer/forgotten-password?x=%00', {
      email_or_reference: 'C100001',
    });
    expect(forgotten.statusCode).toBe(422);
  });

  it('answers huge and odd numbers with 4xx, never 500', async () => {
    const attempts: [string, string, string | undefined][] = [
      ['POST', '/api/cart/add', '{"items":[{"id":3000000000,"pricing_option_id":1e20,"type":"membership"}]}'],
      ['POST', '/api/cart/add', '{"items":[{"id":1e999,"pricing_option_id":-0,"type":"membership"}]}'],
      ['POST', '/api/cart/remove', '{"items":[99999999999999999999999]}'],
      ['PUT', '/api/cart/9999999999', '{}'],
      ['DELETE', '/api/activities/package/remove/9999999999', undefined],
      ['POST', '/api/memberships/9999999999/renew', '{}'],
      ['POST', '/api/checkout/complete', '{"transaction_uuid":"x","payments":[{"amount":1e308}]}'],
      ['GET', '/api/orders/9999999999', undefined],
      ['GET', '/api/terms?cart_id=9999999999', undefined],
      ['GET', '/api/my-account/payments/1e300', undefined],
      ['GET', '/api/memberships/types/2147483648/payment-options/1', undefined],
      ['GET', '/api/v1/membership-promotions/validate/SAVE10/99999999999', undefined],
      ['POST', registerUrl, JSON.stringify({ ...newCustomer, home_venue_id: 99999999999 })],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await t.app.inject({
        method: method as 'POST',
        url,
        headers: { host, origin, cookie, ...(payload ? { 'content-type': 'application/json' } : {}) },
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
    }
  });

  it('refuses prototype keys at any depth with 400', async () => {
    for (const payload of [
      '{"__proto__":{"admin":true}}',
      '{"items":[{"__proto__":{"admin":true}}]}',
      '{"a":{"constructor":{"prototype":{"admin":true}}}}',
    ]) {
      const response = await post('/api/cart/add', payload, { cookie });
      expect(response.statusCode, payload).toBe(400);
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('logs a database failure by its code and constraint, never the customer’s details or the query’s values', async () => {
    await t.database.query(
      `ALTER TABLE customers ADD CONSTRAINT test_town_refused CHECK (town <> 'Nowhere-on-Sea')`,
    );
    try {
      logged = '';
      const response = await post(`${registerUrl}&email=hidden.query%40example.org`, {
        ...newCustomer,
        town: 'Nowhere-on-Sea',
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'Something has gone wrong, please try again.' });
    } finally {
      await t.database.query(`ALTER TABLE customers DROP CONSTRAINT test_town_refused`);
    }
    expect(logged).toContain('"code":"23514"');
    expect(logged).toContain('test_town_refused');
    for (const secret of [
      'morwenna',
      'Morwenna',
      'Trevithick',
      '1987-06-05',
      'Lemon Quay',
      'Nowhere-on-Sea',
      'TR1 2LW',
      '07700',
      '$argon2id',
      'Pasty-Cream',
      'hidden.query',
    ])
      expect(logged, secret).not.toContain(secret);
  });
});
