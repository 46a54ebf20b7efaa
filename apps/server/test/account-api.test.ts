import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginCookie, type TestApp } from './support/test-app.ts';

const host = 'localhost:3001';

describe('the account calls', () => {
  let t: TestApp;
  const cookieFor = (username: string) => loginCookie(t, username);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers a member's own memberships with status, dates, price and centre", async () => {
    const response = await t.app.inject({
      url: '/api/my-account/memberships',
      headers: { host, cookie: await cookieFor('C100002') },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      expect.objectContaining({
        name: 'Gym Anytime',
        categories: ['Gym'],
        status: 'active',
        statusLabel: 'Active',
        prettyStartDate: '01 Mar 2026',
        endDate: null,
        billingDay: 15,
        paymentType: 'recurring',
        price: { raw: { amount: 3000, currency: 'GBP' }, decimal: '30.00', formatted: '£30.00' },
        homeVenue: { name: 'Castlefield Leisure Centre', slug: 'castlefield-leisure-centre' },
      }),
    ]);
  });

  it('answers an empty list for a customer with none, and never another customer’s (S17)', async () => {
    const alex = await t.app.inject({
      url: '/api/my-account/memberships',
      headers: { host, cookie: await cookieFor('C100001') },
    });
    expect(alex.json().data).toEqual([]);
    // Jordan and Casey share an email; Jordan sees nothing of Casey's membership.
    const jordan = await t.app.inject({
      url: '/api/my-account/memberships',
      headers: { host, cookie: await cookieFor('C100004') },
    });
    expect(jordan.json().data).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/my-account/memberships', headers: { host } })).statusCode).toBe(
      401,
    );
  });

  it('answers packages, upcoming and past bookings and guest passes: the member’s own, or none', async () => {
    const priya = await cookieFor('C100002');
    const packages = (
      await t.app.inject({ url: '/api/my-account/packages', headers: { host, cookie: priya } })
    ).json().data;
    expect(packages).toEqual([
      expect.objectContaining({ name: '10 swim sessions', remainingUses: 6, totalUses: 10, expired: false }),
    ]);
    const bookings = (
      await t.app.inject({ url: '/api/my-account/bookings', headers: { host, cookie: priya } })
    ).json().data;
    expect(bookings.upcoming.map((b: { activityName: string }) => b.activityName)).toEqual(['Spin class']);
    expect(bookings.past.map((b: { activityName: string }) => b.activityName)).toEqual(['Badminton court']);
    expect(bookings.past[0].price.formatted).toBe('£8.50');
    // Priya's Gym Anytime gives 2 guest passes a month, none spent in the demo (decision 0050).
    const passes = (
      await t.app.inject({ url: '/api/my-account/guest-passes', headers: { host, cookie: priya } })
    ).json().data;
    expect(passes.allowances).toEqual([expect.objectContaining({ totalUses: 2, used: 0, left: 2 })]);
    expect(passes.uses).toEqual([]);

    const alex = await cookieFor('C100001');
    expect(
      (await t.app.inject({ url: '/api/my-account/packages', headers: { host, cookie: alex } })).json().data,
    ).toEqual([]);
    expect(
      (await t.app.inject({ url: '/api/my-account/guest-passes', headers: { host, cookie: alex } })).json()
        .data,
    ).toEqual({ allowances: [], uses: [] });
    expect(
      (await t.app.inject({ url: '/api/my-account/bookings', headers: { host, cookie: alex } })).json().data,
    ).toEqual({ upcoming: [], past: [] });
    expect((await t.app.inject({ url: '/api/my-account/bookings', headers: { host } })).statusCode).toBe(401);
  });

  it('lists a member’s payments with their receipts, and never another customer’s (S17)', async () => {
    const priya = await cookieFor('C100002');
    const payments = (
      await t.app.inject({ url: '/api/my-account/payments', headers: { host, cookie: priya } })
    ).json().data;
    expect(payments.map((p: { total: { formatted: string } }) => p.total.formatted)).toEqual([
      '£8.50',
      '£33.81',
    ]);
    expect(payments[1]).toMatchObject({
      reference: expect.stringMatching(/^LD-\d{6}$/),
      prettyDate: '01 Mar 2026',
      cardLastFour: '1111',
      venueName: 'Castlefield Leisure Centre',
    });
    const receipt = await t.app.inject({
      url: `/api/my-account/payments/${payments[1].id}`,
      headers: { host, cookie: priya },
    });
    expect(receipt.json().data.items).toEqual([
      {
        type: 'fee',
        description: 'Gym Anytime joining fee',
        price: expect.objectContaining({ formatted: '£20.00' }),
      },
      {
        type: 'membership',
        description: 'Gym Anytime, pro-rata 1 to 14 March (14 days)',
        price: expect.objectContaining({ formatted: '£13.81' }),
      },
    ]);
    const alex = await cookieFor('C100001');
    expect(
      (await t.app.inject({ url: '/api/my-account/payments', headers: { host, cookie: alex } })).json().data,
    ).toEqual([]);
    expect(
      (
        await t.app.inject({
          url: `/api/my-account/payments/${payments[1].id}`,
          headers: { host, cookie: alex },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: '/api/my-account/payments/abc', headers: { host, cookie: alex } }))
        .statusCode,
    ).toBe(422);
  });
});
