import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSiteOnly } from '../src/http/callers.ts';
import { isStaffOnlyRoute } from '../src/modules/staff/staff-site-only.ts';
import { createCustomer } from './support/factories.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

const customerSites = [siteHost.bookings, siteHost.myAccount, siteHost.onlineJoining];
const staffSite = siteHost.frontOfHouse;

/** Issue 40 item 5 (decision 0070): staff calls answer only on the staff site. */
describe('staff calls only on the staff site', () => {
  let t: TestApp;
  let staffCookie = '';
  /** Every staff-only route the app registered, as the router knows it. */
  const staffRoutes: { method: string; url: string }[] = [];

  const call = (site: string, method: string, url: string, cookie: string, origin = `http://${site}`) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { host: site, origin, cookie },
      ...(method === 'GET' ? {} : { payload: {} }),
    });
  /** A registered path with each parameter filled in. */
  const concrete = (url: string) => url.replace(/:[A-Za-z0-9_]+/g, '1');

  beforeAll(async () => {
    t = await createTestApp({
      onRoute: (route) => {
        if (!isStaffOnlyRoute(route.url, route.config)) return;
        for (const method of [route.method].flat())
          if (method !== 'HEAD') staffRoutes.push({ method, url: route.url });
      },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      headers: { host: staffSite, origin: `http://${staffSite}` },
      payload: { username: 'supervisor', password: 'Supervisor-2026!' },
    });
    staffCookie = String(login.headers['set-cookie']).match(/lido_staffToken=[^;]+/)![0];
  });
  afterAll(() => t?.close());

  it('finds the staff routes in the route table, the desk’s till payment among them', () => {
    const names = staffRoutes.map((route) => `${route.method} ${route.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/staff/login',
        'GET /api/staff/me',
        'GET /api/staff/customers',
        'GET /api/staff/customers/:customerId',
        'POST /api/staff/customers',
        'POST /api/cart/pay',
      ]),
    );
    // The calls the desk shares with customers stay theirs.
    expect(names).not.toContain('GET /api/cart');
    expect(names).not.toContain('POST /api/cart/add');
  });

  it('refuses every staff route on every customer site, with that site’s Origin and a live staff cookie', async () => {
    // The staff cookie is a real one: it works on the staff site, so only the site refuses it below.
    expect((await call(staffSite, 'GET', '/api/staff/me', staffCookie)).statusCode).toBe(200);
    for (const site of customerSites) {
      for (const route of staffRoutes) {
        const refused = await call(site, route.method, concrete(route.url), staffCookie);
        expect(refused.statusCode, `${route.method} ${route.url} on ${site}`).toBe(403);
        expect(refused.json().message, `${route.method} ${route.url} on ${site}`).toBe(staffSiteOnly);
      }
      // Another spelling of the path reaches the same route, and the same refusal.
      const spelled = await call(site, 'GET', '/%61pi/staff/me', staffCookie);
      expect(spelled.json().message).toBe(staffSiteOnly);
    }
    // Nothing was done: no customer was made off the staff site.
    const [made] = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM staff_audit_log WHERE action = 'customer.create'",
    );
    expect(made!.n).toBe(0);
    expect((await call(staffSite, 'GET', '/api/staff/me', staffCookie)).statusCode).toBe(200);
  });

  it('answers the same routes on the staff site, where the site is not what refuses them', async () => {
    for (const route of staffRoutes) {
      if (route.url === '/api/staff/logout') continue;
      const answer = await call(staffSite, route.method, concrete(route.url), staffCookie);
      expect(answer.json().message, `${route.method} ${route.url}`).not.toBe(staffSiteOnly);
    }
  });

  it('leaves the calls shared with customers alone: their own on a customer site, the desk’s on the staff site', async () => {
    const alex = await createCustomer(t);
    const own = await t.app.inject({
      url: '/api/cart',
      headers: { host: siteHost.bookings, cookie: alex.cookie },
    });
    expect(own.statusCode).toBe(200);
    const desk = await call(staffSite, 'GET', `/api/cart?selected_user_id=${alex.id}`, staffCookie);
    expect(desk.statusCode).toBe(200);
    expect(desk.json().data).toMatchObject({ selectedUserId: alex.id });
  });
});
