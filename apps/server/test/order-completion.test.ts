import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginCookie, siteHost, type TestApp } from './support/test-app.ts';

const host = siteHost.onlineJoining;
const origin = `http://${host}`;

type Listed = { id: number; slug: string; paymentOptions: { id: number; paymentType: string }[] };

describe('completing a basket with nothing to pay, on 21 Nov 2026', () => {
  let t: TestApp;
  let types: Listed[];
  const call = async (cookie: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { host, origin, ...(cookie ? { cookie } : {}) },
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };
  const monthly = (slug: string) => {
    const type = types.find((candidate) => candidate.slug === slug)!;
    return { typeId: type.id, optionId: type.paymentOptions.find((o) => o.paymentType === 'recurring')!.id };
  };
  /** Priya moves her £30 Gym Anytime to the £20 Off-peak Gym: cheaper, so nothing is due now. */
  const changeToCheaper = async (cookie: string, membershipId: number) => {
    const { typeId, optionId } = monthly('off-peak-gym');
    const added = await call(cookie, 'POST', `/api/memberships/${membershipId}/change`, {
      membership_type_id: typeId,
      payment_option_id: optionId,
      start_date: '2026-12-01',
    });
    expect(added.status).toBe(201);
    return added.body.data;
  };
  const rowCount = async (table: string) =>
    Number((await t.database.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
    const venue = (await call(undefined, 'GET', '/api/activities/venues/castlefield-leisure-centre')).body
      .data;
    types = (await call(undefined, 'GET', `/api/memberships/types?venue_id=${venue.id}`)).body.data;
  });
  afterAll(async () => {
    await t.close();
  });

  it('needs every term accepted, and refuses a basket with something to pay, changing nothing', async () => {
    const priya = await loginCookie(t, 'C100002');
    const [gym] = (await call(priya, 'GET', '/api/my-account/memberships')).body.data;
    const cart = await changeToCheaper(priya, gym.id);
    expect(cart.totals.total).toBe(0);
    const ordersBefore = await rowCount('orders');

    const noTerms = await call(priya, 'POST', '/api/checkout/complete', {
      terms: [],
      source: 'online-joining',
    });
    expect(noTerms.status).toBe(422);
    expect(noTerms.body.message).toBe('Please check all required terms and conditions');

    const sam = await loginCookie(t, 'C100003');
    const [swim] = (await call(sam, 'GET', '/api/my-account/memberships')).body.data;
    await call(sam, 'POST', `/api/memberships/${swim.id}/renew`);
    const toPay = await call(sam, 'POST', '/api/checkout/complete', { terms: [] });
    expect(toPay.status).toBe(422);
    expect(toPay.body.message).toBe('Payment is required for this basket.');
    expect(await rowCount('orders')).toBe(ordersBefore);
  });

  it('turns the basket into one order, however many completes race (quality.md R1)', async () => {
    const priya = await loginCookie(t, 'C100002');
    const cart = (await call(priya, 'GET', '/api/cart')).body.data;
    const terms = (await call(priya, 'GET', `/api/terms?cart_id=${cart.cartId}`)).body.data.data as {
      id: number;
    }[];
    const ordersBefore = await rowCount('orders');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(priya, 'POST', '/api/checkout/complete', {
          terms: terms.map((term) => term.id),
          source: 'online-joining',
        }),
      ),
    );
    expect(results.every((result) => result.status === 200)).toBe(true);
    const orderIds = new Set(results.map((result) => result.body.data.completeOrderId));
    expect(orderIds.size).toBe(1);
    expect(await rowCount('orders')).toBe(ordersBefore + 1);
    const [orderId] = [...orderIds];

    // The order, as the confirmation page reads it.
    const order = await call(priya, 'GET', `/api/orders/${orderId}`);
    expect(order.status).toBe(200);
    expect(order.body.data).toMatchObject({
      reference: expect.stringMatching(/^LD-\d{6,}$/),
      total: { formatted: '£0.00' },
      items: [
        {
          kind: 'membership_change',
          name: 'Off-peak Gym',
          homeVenue: { name: 'Castlefield Leisure Centre' },
          startDate: '2026-12-01',
          change: { differenceToOldMembership: '£10.00 less per month' },
        },
      ],
    });
    // The basket is done: the next one starts empty.
    expect((await call(priya, 'GET', '/api/cart')).body.data).toMatchObject({ cartId: null, items: [] });
    // The change: the old membership ends the day before, the new one starts with the same billing day.
    const held = (await call(priya, 'GET', '/api/my-account/memberships')).body.data as {
      name: string;
      startDate: string;
      endDate: string | null;
      billingDay: number | null;
    }[];
    expect(held.find((m) => m.name === 'Off-peak Gym')).toMatchObject({
      startDate: '2026-12-01',
      billingDay: 15,
    });
    expect(held.find((m) => m.name === 'Gym Anytime')).toMatchObject({ endDate: '2026-11-30' });
    // It is listed under Payments, and its receipt was queued with it: in the outbox, once, as soon
    // as the order is answered (a crash after the commit cannot lose it).
    const payments = (await call(priya, 'GET', '/api/my-account/payments')).body.data as { id: number }[];
    expect(payments.some((payment) => payment.id === orderId)).toBe(true);
    const receipts = await t.database.query<{ subject: string }>(
      'SELECT subject FROM email_outbox WHERE dedupe_key = $1',
      [`receipt:${orderId}`],
    );
    expect(receipts).toEqual([{ subject: `Your order ${order.body.data.reference}` }]);
  });

  it('names the order the basket became in the basket answer: to its customer only, until another basket is opened or ten minutes pass (decision 0019)', async () => {
    const priya = await loginCookie(t, 'C100002');
    const [latest] = (await call(priya, 'GET', '/api/my-account/payments')).body.data as { id: number }[];
    const cartOf = async (cookie: string) => (await call(cookie, 'GET', '/api/cart')).body.data;
    const orderIdIn = async (cookie: string) => (await cartOf(cookie)).completeOrderId as number | null;
    // A page still leaving checkout reads an empty basket that says where the customer belongs.
    expect(await cartOf(priya)).toMatchObject({ cartId: null, items: [], completeOrderId: latest!.id });
    // Nobody else's basket answer names it.
    expect(await orderIdIn(await loginCookie(t, 'C100001'))).toBeNull();

    // For ten minutes after paying, by the database's clock.
    const ageBasket = (minutes: number) =>
      t.database.query(
        `UPDATE carts SET updated_at = now() - make_interval(mins => $1) WHERE complete_order_id = $2`,
        [minutes, latest!.id],
      );
    await ageBasket(9);
    expect(await orderIdIn(priya)).toBe(latest!.id);
    await ageBasket(11);
    expect(await orderIdIn(priya)).toBeNull();
    await ageBasket(0);
    expect(await orderIdIn(priya)).toBe(latest!.id);

    // A basket opened since is the latest: it has no order, even once emptied again.
    const swim = types.find((type) => type.slug === 'swim-unlimited')!;
    const venue = (await call(undefined, 'GET', '/api/activities/venues/castlefield-leisure-centre')).body
      .data;
    const added = await call(priya, 'POST', '/api/cart/add', {
      items: [
        {
          id: swim.id,
          type: 'membership',
          pricing_option_id: swim.paymentOptions.find((o) => o.paymentType === 'fixed')!.id,
          options: { venue_id: venue.id, start_date: '2026-11-21' },
        },
      ],
    });
    expect(added.status).toBe(200);
    expect(added.body.data.completeOrderId).toBeNull();
    const removed = await call(priya, 'POST', '/api/cart/remove', {
      cart_item_ids: [added.body.data.items[0].id],
    });
    expect(removed.status).toBe(200);
    expect(await cartOf(priya)).toMatchObject({ items: [], completeOrderId: null });
  });

  it("never shows one customer another's order", async () => {
    const priya = await loginCookie(t, 'C100002');
    const [latest] = (await call(priya, 'GET', '/api/my-account/payments')).body.data as { id: number }[];
    const alex = await loginCookie(t, 'C100001');
    expect((await call(alex, 'GET', `/api/orders/${latest!.id}`)).status).toBe(404);
    expect((await call(undefined, 'GET', `/api/orders/${latest!.id}`)).status).toBe(401);
  });
});
