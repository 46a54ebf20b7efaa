import type { Cart } from '@lido/contracts/cart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './support/api.ts';
import {
  basketWith,
  catalogueAt,
  createCustomer,
  monthlyGymMember,
  threeMonthSwimmer,
  type Catalogue,
  type TestCustomer,
} from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

describe('completing a basket with nothing to pay, on 21 Nov 2026', () => {
  let t: TestApp;
  let at: Catalogue;
  const api = apiClient(() => t);
  const complete = (customer: TestCustomer, payload: object) =>
    api.as(customer).post<{ completeOrderId: number }>('/api/checkout/complete', payload);
  /** A member moves her £30 Gym Anytime to the £20 Off-peak Gym: cheaper, so nothing is due now. */
  const changeToCheaper = async () => {
    const { member, gym } = await monthlyGymMember(t);
    const added = await api.as(member).post<Cart>(`/api/memberships/${gym}/change`, {
      membership_type_id: at.type('off-peak-gym').id,
      payment_option_id: at.option('off-peak-gym', 'recurring').id,
      start_date: '2026-12-01',
    });
    expect(added.status).toBe(201);
    return { member, cart: added.data };
  };
  /** Such a change completed: the member and the order it became. */
  const completedChange = async () => {
    const { member, cart } = await changeToCheaper();
    const terms = (await api.as(member).terms(cart.cartId!)).data.data;
    const completed = await complete(member, {
      terms: terms.map((term) => term.id),
      source: 'online-joining',
    });
    expect(completed.status).toBe(200);
    return { member, orderId: completed.data.completeOrderId };
  };
  const rowCount = async (table: string) =>
    Number((await t.database.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
    at = await catalogueAt(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('needs every term accepted, and refuses a basket with something to pay, changing nothing', async () => {
    const { member: priya, cart } = await changeToCheaper();
    expect(cart.totals.total).toBe(0);
    const ordersBefore = await rowCount('orders');

    const noTerms = await complete(priya, { terms: [], source: 'online-joining' });
    expect(noTerms.status).toBe(422);
    expect(noTerms.message).toBe('Please check all required terms and conditions');

    const { member: sam, swim } = await threeMonthSwimmer(t);
    expect((await api.as(sam).post(`/api/memberships/${swim}/renew`)).status).toBe(201);
    const toPay = await complete(sam, { terms: [] });
    expect(toPay.status).toBe(422);
    expect(toPay.message).toBe('Payment is required for this basket.');
    expect(await rowCount('orders')).toBe(ordersBefore);
  });

  it('turns the basket into one order, however many completes race (quality.md R1)', async () => {
    const { member, cart } = await changeToCheaper();
    const priya = api.as(member);
    const terms = (await priya.terms(cart.cartId!)).data.data;
    const ordersBefore = await rowCount('orders');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        complete(member, { terms: terms.map((term) => term.id), source: 'online-joining' }),
      ),
    );
    expect(results.every((result) => result.status === 200)).toBe(true);
    const orderIds = new Set(results.map((result) => result.data.completeOrderId));
    expect(orderIds.size).toBe(1);
    expect(await rowCount('orders')).toBe(ordersBefore + 1);
    const [orderId] = [...orderIds];

    // The order, as the confirmation page reads it.
    const order = await priya.get<{ reference: string }>(`/api/orders/${orderId}`);
    expect(order.status).toBe(200);
    expect(order.data).toMatchObject({
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
    expect((await priya.cart()).data).toMatchObject({ cartId: null, items: [] });
    // The change: the old membership ends the day before, the new one starts with the same billing day.
    const held = (await priya.heldMemberships()).data;
    expect(held.find((m) => m.name === 'Off-peak Gym')).toMatchObject({
      startDate: '2026-12-01',
      billingDay: 15,
    });
    expect(held.find((m) => m.name === 'Gym Anytime')).toMatchObject({ endDate: '2026-11-30' });
    // It is listed under Payments, and its receipt was queued with it: in the outbox, once, as soon
    // as the order is answered (a crash after the commit cannot lose it).
    const payments = (await priya.get<{ id: number }[]>('/api/my-account/payments')).data;
    expect(payments.some((payment) => payment.id === orderId)).toBe(true);
    const receipts = await t.database.query<{ subject: string }>(
      'SELECT subject FROM email_outbox WHERE dedupe_key = $1',
      [`receipt:${orderId}`],
    );
    expect(receipts).toEqual([{ subject: `Your order ${order.data.reference}` }]);
  });

  it('names the order the basket became in the basket answer: to its customer only, until another basket is opened or ten minutes pass (decision 0019)', async () => {
    const { member, orderId } = await completedChange();
    const cartOf = async (customer: TestCustomer) => (await api.as(customer).cart()).data;
    const orderIdIn = async (customer: TestCustomer) => (await cartOf(customer)).completeOrderId;
    // A page still leaving checkout reads an empty basket that says where the customer belongs.
    expect(await cartOf(member)).toMatchObject({ cartId: null, items: [], completeOrderId: orderId });
    // Nobody else's basket answer names it.
    expect(await orderIdIn(await createCustomer(t))).toBeNull();

    // For ten minutes after paying, by the database's clock.
    const ageBasket = (minutes: number) =>
      t.database.query(
        `UPDATE carts SET updated_at = now() - make_interval(mins => $1) WHERE complete_order_id = $2`,
        [minutes, orderId],
      );
    await ageBasket(9);
    expect(await orderIdIn(member)).toBe(orderId);
    await ageBasket(11);
    expect(await orderIdIn(member)).toBeNull();
    await ageBasket(0);
    expect(await orderIdIn(member)).toBe(orderId);

    // A basket opened since is the latest: it has no order, even once emptied again.
    const added = await basketWith(t, member, [{ slug: 'swim-unlimited', paymentType: 'fixed' }], at);
    expect(added.completeOrderId).toBeNull();
    const removed = await api.as(member).removeFromCart([added.items[0]!.id]);
    expect(removed.status).toBe(200);
    expect(await cartOf(member)).toMatchObject({ items: [], completeOrderId: null });
  });

  it("never shows one customer another's order", async () => {
    const { orderId } = await completedChange();
    const alex = api.as(await createCustomer(t));
    expect((await alex.get(`/api/orders/${orderId}`)).status).toBe(404);
    expect((await api.guest.get(`/api/orders/${orderId}`)).status).toBe(401);
  });
});
