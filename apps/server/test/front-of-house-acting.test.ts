import type { Cart } from '@lido/contracts/cart';
import type { FamilyChanged } from '@lido/contracts/family';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chooseCustomerMessage,
  customerOnlyMessage,
  logInAsStaffMessage,
  selectedTwiceMessage,
  staffSiteCustomerLoginMessage,
} from '../src/http/callers.ts';
import { auditedCalls } from '../src/modules/staff/acting-audit.ts';
import { staffSiteOnly } from '../src/http/callers.ts';
import { staffLoginLimits, staffTooManyAttempts } from '../src/modules/staff/staff-auth.service.ts';
import { outsideAllowListMessage, staffOnlyMessage } from '../src/http/callers.ts';
import { createActivity, createSession, tomorrowAt } from './support/activity-factories.ts';
import { apiClient } from './support/api.ts';
import { catalogueAt, createCustomer } from './support/factories.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

const desk = { username: 'desk', password: 'Desk-Staff-2026!' };
const staffSite = siteHost.frontOfHouse;
const staffOrigin = `http://${staffSite}`;

/** Issue 19 items 2, 3 and 6: staff act for the selected customer on the staff site (decision 0055). */
describe('acting for a customer on the staff site', () => {
  let t: TestApp;
  let staffCookie = '';
  const account = apiClient(() => t, siteHost.myAccount);
  const bookingsSite = apiClient(() => t, siteHost.bookings);
  /** A call on the staff site, with whatever cookies and headers the test names. */
  const onStaffSite = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: {
      cookie?: string;
      payload?: object;
      headers?: Record<string, string>;
      remoteAddress?: string;
    } = {},
  ) => {
    const response = await t.app.inject({
      method,
      url,
      headers: {
        host: staffSite,
        origin: staffOrigin,
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...options.headers,
      },
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
      ...(options.payload ? { payload: options.payload } : {}),
    });
    return { status: response.statusCode, body: response.json() as { data?: unknown; message?: string } };
  };
  const asDesk = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    onStaffSite(method, url, { cookie: staffCookie, ...(payload ? { payload } : {}) });
  const cartOf = (body: { data?: unknown }) => body.data as Cart;

  let swimSession = { id: 0 };
  let adultPrice = { id: 0 };
  const booking = (quantity = 1) => ({
    id: swimSession.id,
    type: 'booking',
    pricing_option_id: adultPrice.id,
    options: { quantity },
  });
  const auditRows = (customerId: number, action: string) =>
    t.database.query<{ staff_user_id: number; actor: string; details: { call: string } }>(
      'SELECT staff_user_id, actor, details FROM staff_audit_log WHERE customer_id = $1 AND action = $2 ORDER BY id',
      [customerId, action],
    );

  beforeAll(async () => {
    t = await createTestApp();
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      headers: { host: staffSite, origin: staffOrigin },
      payload: desk,
    });
    staffCookie = String(raw.headers['set-cookie']).match(/lido_staffToken=[^;]+/)![0];
    const swim = await createActivity(t, { name: 'Desk swim' });
    const session = await createSession(t, swim, { startsAt: tomorrowAt(10), capacity: 30 });
    swimSession = session;
    adultPrice = swim.price('adult');
  });
  afterAll(() => t?.close());

  it('loads and fills the selected customer’s own basket, never the staff member’s or another’s', async () => {
    const alex = await createCustomer(t, { firstName: 'Alex' });
    const other = await createCustomer(t, { firstName: 'Olive' });
    await bookingsSite.as(other).post('/api/cart/add', { items: [booking(2)] });

    const empty = await asDesk('GET', `/api/cart?selected_user_id=${alex.id}`);
    expect(empty.status).toBe(200);
    expect(cartOf(empty.body)).toMatchObject({ cartId: null, items: [], selectedUserId: alex.id });

    const added = await asDesk('POST', '/api/cart/add', { items: [booking()], selected_user_id: alex.id });
    expect(added.status).toBe(200);
    const cart = cartOf(added.body);
    expect(cart.items).toHaveLength(1);

    // Alex, on his own site, sees the line the desk added; Olive's basket is untouched.
    const his = await bookingsSite.as(alex).get<Cart>('/api/cart');
    expect(his.data.cartId).toBe(cart.cartId);
    expect(his.data.items.map((item) => item.id)).toEqual(cart.items.map((item) => item.id));
    const hers = await bookingsSite.as(other).get<Cart>('/api/cart');
    expect(hers.data.cartId).not.toBe(cart.cartId);
    expect(hers.data.items).toHaveLength(1);

    // The desk's change is in the audit log, with who did it and for whom.
    const [row] = await auditRows(alex.id, 'basket.add');
    expect(row).toMatchObject({ actor: 'staff: desk', details: { call: 'POST /api/cart/add' } });

    const removed = await asDesk('POST', `/api/cart/remove?selected_user_id=${alex.id}`, {
      cart_item_ids: [cart.items[0]!.id],
    });
    expect(removed.status).toBe(200);
    expect(cartOf(removed.body).items).toEqual([]);
    expect(await auditRows(alex.id, 'basket.remove')).toHaveLength(1);
  });

  it('acts for a dependant through their payer’s basket, the dependant staying selected', async () => {
    const parent = await createCustomer(t, { firstName: 'Pat' });
    const added = await account.as(parent).post<FamilyChanged>('/api/my-account/family', {
      first_name: 'Lily',
      last_name: 'Tester',
      date_of_birth: '2015-05-05',
      relationship: 'child',
    });
    const lily = added.data.family.find((member) => member.firstName === 'Lily')!;

    const filled = await asDesk('POST', '/api/cart/add', {
      items: [{ ...booking(), purchased_for_user_id: lily.id }],
      selected_user_id: lily.id,
    });
    expect(filled.status).toBe(200);
    // The basket is the payer's (its answer names them, as it does for the payer at home).
    expect(cartOf(filled.body).selectedUserId).toBe(parent.id);
    const payers = await bookingsSite.as(parent).get<Cart>('/api/cart');
    expect(payers.data.cartId).toBe(cartOf(filled.body).cartId);
    expect(payers.data.items[0]).toMatchObject({ purchasedForUserId: lily.id });
    // The audit row names the payer, whose basket it is.
    expect(await auditRows(parent.id, 'basket.add')).toHaveLength(1);
  });

  it('joins a membership for the customer (the selected id in the query when the body has none) and audits it', async () => {
    const alex = await createCustomer(t);
    const at = await catalogueAt(t);
    const types = await asDesk(
      'GET',
      `/api/memberships/types?venue_id=${at.venue.id}&selected_user_id=${alex.id}`,
    );
    expect(types.status).toBe(200);
    const stored = await asDesk('POST', `/api/memberships/online-joining/store?selected_user_id=${alex.id}`, {
      home_venue_id: at.venue.id,
      membership_type_id: at.type('swim-unlimited').id,
      payment_option_id: at.option('swim-unlimited', 'fixed').id,
      start_date: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(stored, JSON.stringify(stored.body)).toMatchObject({ status: 201 });
    expect((await bookingsSite.as(alex).get<Cart>('/api/cart')).data.items).toHaveLength(1);
    expect(await auditRows(alex.id, 'membership.join')).toHaveLength(1);

    const cleared = await asDesk('DELETE', `/api/cart/clear?selected_user_id=${alex.id}`, {
      source: 'front-of-house',
    });
    expect(cleared.status).toBe(200);
    expect((await bookingsSite.as(alex).get<Cart>('/api/cart')).data.items).toEqual([]);
    expect(await auditRows(alex.id, 'basket.remove')).toHaveLength(1);
  });

  it('audits calls that exist: every audited method and path is a route', () => {
    for (const call of Object.keys(auditedCalls)) {
      const [method, url] = call.split(' ') as ['POST' | 'DELETE', string];
      expect(t.app.hasRoute({ method, url }), call).toBe(true);
    }
  });

  it('refuses the desk without a chosen customer, with an unknown one, or with two different ones', async () => {
    const alex = await createCustomer(t);
    expect(await asDesk('GET', '/api/cart')).toMatchObject({
      status: 400,
      body: { message: chooseCustomerMessage },
    });
    expect((await asDesk('GET', '/api/cart?selected_user_id=99999999')).status).toBe(404);
    const twice = await asDesk('POST', `/api/cart/add?selected_user_id=${alex.id}`, {
      items: [booking()],
      selected_user_id: alex.id + 1,
    });
    expect(twice).toMatchObject({ status: 400, body: { message: selectedTwiceMessage } });
    const rows = await t.database.query('SELECT 1 FROM carts WHERE customer_id = $1', [alex.id]);
    expect(rows).toEqual([]);
  });

  it('never lets the selected customer reach another customer’s basket line (IDOR)', async () => {
    const alex = await createCustomer(t);
    const bella = await createCustomer(t);
    const hers = await bookingsSite.as(bella).post<Cart>('/api/cart/add', { items: [booking()] });
    const lineId = hers.data.items[0]!.id;
    const removed = await asDesk('POST', `/api/cart/remove?selected_user_id=${alex.id}`, {
      cart_item_ids: [lineId],
    });
    expect(removed.status).toBe(404);
    expect((await bookingsSite.as(bella).get<Cart>('/api/cart')).data.items).toHaveLength(1);
    expect(await auditRows(alex.id, 'basket.remove')).toEqual([]);
  });

  it('never accepts a customer’s session on the staff site, and refuses customers’ own business there', async () => {
    const alex = await createCustomer(t);
    const asCustomer = await onStaffSite('GET', `/api/cart?selected_user_id=${alex.id}`, {
      cookie: alex.cookie,
    });
    expect(asCustomer).toMatchObject({ status: 401, body: { message: logInAsStaffMessage } });
    expect((await onStaffSite('GET', '/api/auth/user', { cookie: alex.cookie })).status).toBe(401);
    // Nor a bearer token where development allows them: it works on My account, not here.
    const withBearer = await createTestApp({
      env: { LIDO_ALLOW_BEARER: 'true' },
      database: t.database,
      seed: false,
    });
    try {
      const bearer = `Bearer ${alex.cookie.slice(alex.cookie.indexOf('=') + 1)}`;
      const userOn = (host: string) =>
        withBearer.app.inject({
          method: 'GET',
          url: '/api/auth/user',
          headers: { host, authorization: bearer },
        });
      expect((await userOn(siteHost.myAccount)).statusCode).toBe(200);
      expect((await userOn(staffSite)).statusCode).toBe(401);
    } finally {
      await withBearer.app.close();
    }

    for (const [url, payload] of [
      ['/api/auth/customer/login', { username: alex.reference, password: 'Swim-Gym-2026!' }],
      ['/api/auth/customer/forgotten-password', { email_or_reference: alex.reference }],
      ['/api/auth/logout', {}],
    ] as const) {
      const refused = await onStaffSite('POST', url, { cookie: alex.cookie, payload });
      expect(refused, url).toMatchObject({ status: 403, body: { message: staffSiteCustomerLoginMessage } });
    }
    // Alex's own session still works on his site: the staff site logged nobody out.
    expect((await account.as(alex).get('/api/auth/user')).status).toBe(200);

    // With the desk's session, what only the customer may do is refused, with nothing changed.
    const both = `${staffCookie}; ${alex.cookie}`;
    const update = await onStaffSite(
      'PUT',
      `/api/my-account/user/update?onboarding_type=customer_account_online&selected_user_id=${alex.id}`,
      {
        cookie: both,
        payload: { first_name: 'Changed' },
      },
    );
    expect(update).toMatchObject({ status: 403, body: { message: customerOnlyMessage } });
    const family = await onStaffSite('POST', `/api/my-account/family?selected_user_id=${alex.id}`, {
      cookie: both,
      payload: { first_name: 'Kid', last_name: 'X', date_of_birth: '2015-01-01', relationship: 'child' },
    });
    expect(family.status).toBe(403);
    const [row] = await t.database.query<{ first_name: string }>(
      'SELECT first_name FROM customers WHERE id = $1',
      [alex.id],
    );
    expect(row!.first_name).toBe('Tess');
  });

  it('ignores the staff cookie on the customer sites, and refuses a customer on staff calls', async () => {
    const alex = await createCustomer(t);
    const staffOnly = await account.as(staffCookie).get(`/api/cart?selected_user_id=${alex.id}`);
    expect(staffOnly.status).toBe(401);
    const customerOnStaffCall = await account.as(alex).get('/api/staff/customers?q=Tess');
    expect(customerOnStaffCall).toMatchObject({ status: 403, message: staffSiteOnly });
    const customerOnStaffSite = await onStaffSite('GET', '/api/staff/customers?q=Tess', {
      cookie: alex.cookie,
    });
    expect(customerOnStaffSite).toMatchObject({ status: 403, body: { message: staffOnlyMessage } });
  });

  it('takes state changes on the staff site only from its own pages, and never theirs on a customer site', async () => {
    const alex = await createCustomer(t);
    const fromShop = await onStaffSite('POST', '/api/cart/add', {
      cookie: staffCookie,
      headers: { origin: `http://${siteHost.bookings}` },
      payload: { items: [booking()], selected_user_id: alex.id },
    });
    expect(fromShop).toMatchObject({
      status: 403,
      body: { message: 'Cross-site requests are not allowed.' },
    });
    const fromDesk = await t.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: { host: siteHost.bookings, origin: staffOrigin, cookie: alex.cookie },
      payload: { items: [booking()] },
    });
    expect(fromDesk.statusCode).toBe(403);
    expect((await bookingsSite.as(alex).get<Cart>('/api/cart')).data.items).toEqual([]);
  });

  it('limits staff logins from one address on the staff site, as customers’ are limited', async () => {
    const address = '198.51.100.77';
    const key = staffLoginLimits.client(address).key;
    await t.database.query(
      `INSERT INTO rate_limit_hits (key, window_start, hits) VALUES ($1, $2, 300)
       ON CONFLICT (key, window_start) DO UPDATE SET hits = excluded.hits`,
      [key, new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000)],
    );
    const login = await onStaffSite('POST', '/api/staff/login', { payload: desk, remoteAddress: address });
    expect(login).toMatchObject({ status: 429, body: { message: staffTooManyAttempts } });
    const elsewhere = await onStaffSite('POST', '/api/staff/login', {
      payload: desk,
      remoteAddress: '198.51.100.78',
    });
    expect(elsewhere.status).toBe(200);
  });

  it('keeps the allow-list whatever the path’s spelling, Host or X-Forwarded-For', async () => {
    const closed = await createTestApp({
      env: { LIDO_FRONT_OF_HOUSE_ALLOW: '10.1.0.0/16' },
      database: t.database,
      seed: false,
    });
    try {
      const outside = '203.0.113.9';
      const call = (url: string, headers: Record<string, string> = {}) =>
        closed.app.inject({
          method: 'GET',
          url,
          remoteAddress: outside,
          headers: { host: staffSite, cookie: staffCookie, ...headers },
        });
      for (const url of [
        '/api/staff/customers?q=Tess',
        '/%61pi/staff/customers?q=Tess',
        '/api/cart?selected_user_id=1',
      ]) {
        const refused = await call(url, { 'x-forwarded-for': '10.1.2.3' });
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().message).toBe(outsideAllowListMessage);
      }
      const forgedHost = await call('/api/staff/customers?q=Tess', { host: 'localhost:3000' });
      expect(forgedHost.statusCode).toBe(403);
      const inside = await closed.app.inject({
        method: 'GET',
        url: '/api/staff/customers?q=Tess',
        remoteAddress: '10.1.2.3',
        headers: { host: staffSite, cookie: staffCookie },
      });
      expect(inside.statusCode).toBe(200);
    } finally {
      await closed.app.close();
    }
  });
});
