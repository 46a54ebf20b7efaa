import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGoCardless, type TestGoCardless } from './support/gocardless-sandbox.ts';
import { createTestApp, loginCookie, siteHost, type TestApp } from './support/test-app.ts';

const host = siteHost.onlineJoining;
const origin = `http://${host}`;
const cartUrl = '/api/cart';

type Option = { id: number; paymentType: 'recurring' | 'fixed'; fixedDuration: number | null };
type Listed = { id: number; slug: string; paymentOptions: Option[] };

describe('the basket on the checkout service, on 21 Nov 2026', () => {
  let t: TestApp;
  let gc: TestGoCardless;
  let castlefield: number;
  let types: Listed[];

  const call = async (
    cookie: string | undefined,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { host, origin, ...(cookie ? { cookie } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.json() };
  };
  const typeBySlug = (slug: string) => types.find((type) => type.slug === slug)!;
  const option = (slug: string, paymentType: 'recurring' | 'fixed') =>
    typeBySlug(slug).paymentOptions.find((candidate) => candidate.paymentType === paymentType)!;
  const membershipItem = (slug: string, options: Record<string, unknown>) => ({
    id: typeBySlug(slug).id,
    type: 'membership',
    pricing_option_id: option(slug, 'recurring').id,
    options: { venue_id: castlefield, start_date: '2026-11-21', billing_day: 1, ...options },
  });
  const costsOf = async (slug: string, query: string, cookie?: string) =>
    (
      await call(
        cookie,
        'GET',
        `/api/memberships/types/${typeBySlug(slug).id}/payment-options/${option(slug, 'recurring').id}?venue_id=${castlefield}&${query}`,
      )
    ).body.data;
  const heldMemberships = async (cookie: string) =>
    (await call(cookie, 'GET', '/api/my-account/memberships')).body.data as { id: number; name?: string }[];

  beforeAll(async () => {
    // The joining page's monthly memberships hold their bank account at the Direct Debit provider.
    gc = await startTestGoCardless();
    t = await createTestApp({
      now: '2026-11-21T12:00:00Z',
      directDebitProvider: { name: 'sandbox', client: gc.client },
    });
    // These basket tests add monthly lines directly, as a member who pays by Direct Debit may.
    await t.database.query(
      `UPDATE customers SET has_direct_debit_instruction = true WHERE reference = 'C100001'`,
    );
    castlefield = (await call(undefined, 'GET', '/api/activities/venues/castlefield-leisure-centre')).body
      .data.id;
    types = (await call(undefined, 'GET', `/api/memberships/types?venue_id=${castlefield}`)).body.data;
  });
  afterAll(async () => {
    await t.close();
    await gc.close();
  });

  it('is only for a logged-in customer', async () => {
    expect((await call(undefined, 'GET', cartUrl)).status).toBe(401);
    expect((await call(undefined, 'POST', `${cartUrl}/add`, { items: [] })).status).toBe(401);
  });

  it('starts empty without creating a basket, then holds a membership priced as the costs call prices it', async () => {
    const alex = await loginCookie(t, 'C100001');
    const empty = await call(alex, 'GET', cartUrl);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({
      cartId: null,
      items: [],
      totals: { total: 0, itemCount: 0, formattedTotal: '£0.00', formattedBalance: '£0.00' },
    });

    const added = await call(alex, 'POST', `${cartUrl}/add`, {
      items: [membershipItem('gym-anytime', {})],
    });
    expect(added.status).toBe(200);
    const costs = await costsOf('gym-anytime', 'start_date=2026-11-21&billing_day=1');
    const cart = added.body.data;
    expect(cart.cartId).toEqual(expect.any(Number));
    expect(cart.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      type: 'membership',
      name: 'Gym Anytime',
      description: 'Gym Anytime, Monthly',
      venue: { id: castlefield, name: 'Castlefield Leisure Centre' },
      options: { startDate: '2026-11-21', billingDay: 1, venueId: castlefield, promotionCodeId: null },
      price: costs.totalToPayNow,
      costs,
      sortBy: 1,
    });
    expect(cart.totals).toMatchObject({
      total: costs.totalToPayNow.raw.amount,
      subTotal: costs.totalToPayNow.raw.amount,
      balance: costs.totalToPayNow.raw.amount,
      itemCount: 1,
      formattedTotal: costs.totalToPayNow.formatted,
    });
    expect((await call(alex, 'GET', cartUrl)).body.data).toEqual(cart);
  });

  it('refuses a second line of the same membership, a client-sent price and an ineligible membership, changing nothing', async () => {
    const alex = await loginCookie(t, 'C100001');
    const before = (await call(alex, 'GET', cartUrl)).body.data;

    const twice = await call(alex, 'POST', `${cartUrl}/add`, { items: [membershipItem('gym-anytime', {})] });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ membership: ['This membership is already in your basket.'] });

    const priced = await call(alex, 'POST', `${cartUrl}/add`, {
      items: [{ ...membershipItem('swim-unlimited', {}), price: 1 }],
    });
    expect(priced.status).toBe(422);
    expect(Object.keys(priced.body.errors)).toEqual(['items.0']);

    const junior = await call(alex, 'POST', `${cartUrl}/add`, {
      items: [membershipItem('junior-active', {})],
    });
    expect(junior.status).toBe(422);
    expect(junior.body.message).toBe('You are ineligible for the membership you selected.');

    const badDate = await call(alex, 'POST', `${cartUrl}/add`, {
      items: [membershipItem('swim-unlimited', { start_date: '2027-06-01' })],
    });
    expect(badDate.status).toBe(422);
    expect(badDate.body.errors.startDate[0]).toMatch(/^The start date must be between/);

    expect((await call(alex, 'GET', cartUrl)).body.data).toEqual(before);
  });

  it('prices a line again when its billing day or promotion changes', async () => {
    const alex = await loginCookie(t, 'C100001');
    const [line] = (await call(alex, 'GET', cartUrl)).body.data.items;
    const promo = (
      await call(alex, 'GET', `/api/v1/membership-promotions/validate/WELCOME20/${line.pricingOptionId}`)
    ).body.data;
    const updated = await call(alex, 'PUT', `${cartUrl}/${line.id}`, {
      options: { billing_day: 15, promotion_code_id: promo.id },
    });
    expect(updated.status).toBe(200);
    const costs = await costsOf(
      'gym-anytime',
      `start_date=2026-11-21&billing_day=15&promotion_code_id=${promo.id}`,
      alex,
    );
    expect(updated.body.data.items[0]).toMatchObject({ price: costs.totalToPayNow, costs });
    expect(costs.fees.discount.raw.amount).toBeGreaterThan(0);
    expect(updated.body.data.totals.total).toBe(costs.totalToPayNow.raw.amount);
  });

  it('keeps a Direct Debit member on their own billing day', async () => {
    const priya = await loginCookie(t, 'C100002');
    const added = await call(priya, 'POST', `${cartUrl}/add`, {
      items: [membershipItem('swim-unlimited', { billing_day: 1 })],
    });
    expect(added.status).toBe(200);
    expect(added.body.data.items[0].options.billingDay).toBe(15);
    expect(added.body.data.credits.general).toEqual({
      type: 'general',
      totalAvailable: 1250,
      maxApplicable: 1250,
    });
  });

  it("never lets one customer see or change another's basket", async () => {
    const alex = await loginCookie(t, 'C100001');
    const priya = await loginCookie(t, 'C100002');
    const alexCart = (await call(alex, 'GET', cartUrl)).body.data;
    const alexItem = alexCart.items[0].id;

    expect((await call(priya, 'POST', `${cartUrl}/remove`, { cart_item_ids: [alexItem] })).status).toBe(422);
    expect((await call(priya, 'PUT', `${cartUrl}/${alexItem}`, { options: { billing_day: 1 } })).status).toBe(
      404,
    );
    expect((await call(priya, 'GET', `/api/terms?cart_id=${alexCart.cartId}`)).status).toBe(404);
    expect((await call(priya, 'GET', `${cartUrl}?selected_user_id=${alexCart.selectedUserId}`)).status).toBe(
      404,
    );
    expect((await call(alex, 'GET', cartUrl)).body.data).toEqual(alexCart);
  });

  it('answers benefit and package removal for a line that carries neither, and refuses others’ lines', async () => {
    const alex = await loginCookie(t, 'C100001');
    const priya = await loginCookie(t, 'C100002');
    const before = (await call(alex, 'GET', cartUrl)).body.data;
    const item = before.items[0].id;
    const benefit = await call(alex, 'DELETE', `/api/activities/benefit/remove/${item}?source=bookings`);
    expect(benefit).toMatchObject({
      status: 422,
      body: { errors: { cartItemId: ['This item has no benefit applied.'] } },
    });
    const usage = await call(alex, 'DELETE', `/api/activities/package/remove/${item}`);
    expect(usage.body.errors).toEqual({ cartItemId: ['This item has no package usage applied.'] });
    expect((await call(priya, 'DELETE', `/api/activities/benefit/remove/${item}`)).status).toBe(404);
    expect((await call(alex, 'DELETE', '/api/activities/package/remove/abc')).status).toBe(422);
    expect((await call(undefined, 'DELETE', `/api/activities/benefit/remove/${item}`)).status).toBe(401);
    expect((await call(alex, 'GET', cartUrl)).body.data).toEqual(before);
  });

  it('answers the terms to accept for what is in the basket', async () => {
    const alex = await loginCookie(t, 'C100001');
    const cart = (await call(alex, 'GET', cartUrl)).body.data;
    const terms = await call(alex, 'GET', `/api/terms?cart_id=${cart.cartId}`);
    expect(terms.status).toBe(200);
    const list = terms.body.data.data as { id: number; type: string; title: string; html: string }[];
    expect(list.map((term) => term.type)).toEqual(['health_commitment', 'membership']);
    const health = (
      await call(undefined, 'GET', `/api/terms/membership/${typeBySlug('gym-anytime').id}/health-commitment`)
    ).body.data;
    expect(list[0]).toMatchObject({ id: health.id, title: health.title, isRequired: true });
    expect((await call(alex, 'GET', '/api/terms?cart_id=abc')).status).toBe(422);
  });

  it('removes lines, refusing ones that are not there', async () => {
    const alex = await loginCookie(t, 'C100001');
    const cart = (await call(alex, 'GET', cartUrl)).body.data;
    const missing = await call(alex, 'POST', `${cartUrl}/remove`, { cart_item_ids: [999999] });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ cartItemIds: ['That item is no longer in your basket.'] });
    const removed = await call(alex, 'POST', `${cartUrl}/remove`, { cart_item_ids: [cart.items[0].id] });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ cartId: cart.cartId, items: [], totals: { total: 0 } });
  });

  it('ends with one line however many identical adds race each other (quality.md R8)', async () => {
    const alex = await loginCookie(t, 'C100001');
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(alex, 'POST', `${cartUrl}/add`, { items: [membershipItem('off-peak-gym', {})] }),
      ),
    );
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    expect(results.filter((result) => result.status === 422)).toHaveLength(9);
    expect((await call(alex, 'GET', cartUrl)).body.data.items).toHaveLength(1);
  });

  it('discards the basket', async () => {
    const alex = await loginCookie(t, 'C100001');
    const discarded = await call(alex, 'DELETE', cartUrl);
    expect(discarded.status).toBe(200);
    expect(discarded.body.data).toMatchObject({ cartId: null, items: [], totals: { itemCount: 0 } });
    expect((await call(alex, 'GET', cartUrl)).body.data.cartId).toBeNull();
  });

  describe('renewing a single payment membership', () => {
    it('adds the next term from the day after the current one ends, at today’s price with no joining fee', async () => {
      const sam = await loginCookie(t, 'C100003');
      const [swim] = await heldMemberships(sam);
      const renewed = await call(sam, 'POST', `/api/memberships/${swim!.id}/renew`);
      expect(renewed.status).toBe(201);
      const [line] = renewed.body.data.items;
      expect(line).toMatchObject({
        type: 'membership_renewal',
        renewsMembershipId: swim!.id,
        name: 'Swim Unlimited',
        description: 'Swim Unlimited, 3 months (renewal)',
        options: { startDate: '2027-01-01', billingDay: null },
        costs: {
          startDate: '2027-01-01',
          endDate: '2027-03-31',
          fees: { joiningFee: { raw: { amount: 0 } } },
          totalToPayNow: { raw: { amount: 6000 }, formatted: '£60.00' },
        },
      });
      expect(renewed.body.data.totals.formattedTotal).toBe('£60.00');

      const again = await call(sam, 'POST', `/api/memberships/${swim!.id}/renew`);
      expect(again.status).toBe(422);
      expect(again.body.message).toBe('This membership is already in your basket.');
      expect((await call(sam, 'PUT', `${cartUrl}/${line.id}`, { options: { billing_day: 1 } })).status).toBe(
        422,
      );
    });

    it('refuses a monthly membership, and anyone else’s membership', async () => {
      const priya = await loginCookie(t, 'C100002');
      const sam = await loginCookie(t, 'C100003');
      const [gym] = await heldMemberships(priya);
      const monthly = await call(priya, 'POST', `/api/memberships/${gym!.id}/renew`);
      expect(monthly.status).toBe(422);
      expect(monthly.body.message).toBe(
        'Monthly memberships carry on by Direct Debit, so they are not renewed.',
      );
      expect((await call(sam, 'POST', `/api/memberships/${gym!.id}/renew`)).status).toBe(404);
      expect((await call(undefined, 'POST', `/api/memberships/${gym!.id}/renew`)).status).toBe(401);
    });
  });

  describe("the joining page's membership", () => {
    // Alex joins as a new customer again: a monthly membership asks for his bank details.
    beforeAll(async () => {
      await t.database.query(
        `UPDATE customers SET has_direct_debit_instruction = false WHERE reference = 'C100001'`,
      );
    });
    const store = (cookie: string, payload: Record<string, unknown>) =>
      call(cookie, 'POST', '/api/memberships/online-joining/store', payload);
    const joining = (
      slug: string,
      paymentType: 'recurring' | 'fixed',
      extra: Record<string, unknown> = {},
    ) => ({
      home_venue_id: castlefield,
      membership_type_id: typeBySlug(slug).id,
      payment_option_id: option(slug, paymentType).id,
      start_date: '2026-11-22',
      ...(paymentType === 'recurring' ? { billing_day: 1 } : {}),
      ...extra,
    });
    const bank = {
      account_holder: 'Alex Newman',
      account_details: { sort_code: '20-00-00', account_number: '55779911' },
      dd_terms_accepted: true,
    };

    it('refuses a monthly membership without valid bank details, naming each field', async () => {
      const alex = await loginCookie(t, 'C100001');
      const refused = await store(alex, {
        ...joining('gym-anytime', 'recurring'),
        account_holder: 'A',
        account_details: { sort_code: '2000', account_number: '123' },
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({
        accountHolder: ['Enter the account holder’s name, at least 2 characters'],
        'accountDetails.sortCode': ['Enter a sort code of 6 digits, numbers only'],
        'accountDetails.accountNumber': ['Enter an account number of at least 8 digits, numbers only'],
        ddTermsAccepted: ['Please confirm that you accept the Direct Debit terms'],
      });
      expect((await call(alex, 'GET', cartUrl)).body.data.items).toEqual([]);
    });

    it('puts the membership in the basket, replacing an earlier choice, and never echoes bank details', async () => {
      const alex = await loginCookie(t, 'C100001');
      const first = await store(alex, { ...joining('gym-anytime', 'recurring'), ...bank });
      expect(first.status).toBe(201);
      expect(JSON.stringify(first.body)).not.toContain('55779911');
      const second = await store(alex, { ...joining('swim-unlimited', 'fixed') });
      expect(second.status).toBe(201);
      expect(second.body.data.items.map((item: { name: string }) => item.name)).toEqual(['Swim Unlimited']);
      const line = (await call(alex, 'GET', '/api/memberships/online-joining')).body.data;
      expect(line).toMatchObject({
        type: 'membership',
        name: 'Swim Unlimited',
        options: { startDate: '2026-11-22' },
      });
    });

    it('needs no bank details from a member who already pays by Direct Debit', async () => {
      const priya = await loginCookie(t, 'C100002');
      await call(priya, 'DELETE', cartUrl);
      const stored = await store(priya, joining('gym-flex', 'recurring'));
      expect(stored.status).toBe(201);
      expect(stored.body.data.items[0].options.billingDay).toBe(15);
    });

    it('clears only the joining membership, keeping a renewal', async () => {
      const sam = await loginCookie(t, 'C100003');
      await store(sam, joining('off-peak-gym', 'recurring', bank));
      const before = (await call(sam, 'GET', cartUrl)).body.data.items.map(
        (item: { type: string }) => item.type,
      );
      expect(before.sort()).toEqual(['membership', 'membership_renewal']);
      const cleared = await call(sam, 'DELETE', '/api/cart/clear', { source: 'online-joining' });
      expect(cleared.status).toBe(200);
      expect(cleared.body.data.items.map((item: { type: string }) => item.type)).toEqual([
        'membership_renewal',
      ]);
      expect((await call(sam, 'DELETE', '/api/cart/clear', { source: 'elsewhere' })).status).toBe(422);
      expect((await call(sam, 'GET', '/api/memberships/online-joining')).body.data).toBeNull();
    });
  });

  describe('changing a monthly membership', () => {
    it('puts what is due now in the basket, as the change costs call quotes it, replacing an earlier choice', async () => {
      const priya = await loginCookie(t, 'C100002');
      const [gym] = await heldMemberships(priya);
      const national = typeBySlug('national-all-access');
      const optionId = option('national-all-access', 'recurring').id;
      const quote = (
        await call(priya, 'GET', `/api/memberships/${gym!.id}/change/${optionId}?starts_at=2026-11-22`)
      ).body.data;
      const changed = await call(priya, 'POST', `/api/memberships/${gym!.id}/change`, {
        membership_type_id: national.id,
        payment_option_id: optionId,
        start_date: '2026-11-22',
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(201);
      const line = changed.body.data.items.find(
        (item: { type: string }) => item.type === 'membership_change',
      );
      expect(line).toMatchObject({
        changesMembershipId: gym!.id,
        name: 'National All Access',
        price: { raw: { amount: quote.totalDueNow.raw.amount } },
        change: { differenceToOldMembership: quote.differenceToOldMembership },
        options: { startDate: '2026-11-22', billingDay: 15 },
        costs: { firstBillingDate: '2026-12-15', proRataDays: 23 },
      });
      expect(quote.differenceToOldMembership).toBe('£15.99 more per month');
      // (45.99 − 30.00) × 12 × 23 / 365, rounded to the penny (pricing.md).
      expect(line.price.formatted).toBe('£12.09');

      const again = await call(priya, 'POST', `/api/memberships/${gym!.id}/change`, {
        membership_type_id: typeBySlug('off-peak-gym').id,
        payment_option_id: option('off-peak-gym', 'recurring').id,
        start_date: '2026-11-25',
      });
      expect(again.status).toBe(201);
      const changes = (await call(priya, 'GET', cartUrl)).body.data.items.filter(
        (item: { type: string }) => item.type === 'membership_change',
      );
      expect(changes.map((item: { name: string }) => item.name)).toEqual(['Off-peak Gym']);
    });

    it('refuses a date outside the change window and a mismatched option, changing nothing', async () => {
      const priya = await loginCookie(t, 'C100002');
      const [gym] = await heldMemberships(priya);
      const before = (await call(priya, 'GET', cartUrl)).body.data;
      const late = await call(priya, 'POST', `/api/memberships/${gym!.id}/change`, {
        membership_type_id: typeBySlug('national-all-access').id,
        payment_option_id: option('national-all-access', 'recurring').id,
        start_date: '2027-06-01',
      });
      expect(late.status).toBe(422);
      expect(late.body.errors.startsAt[0]).toMatch(/^The change date must be between/);
      const mismatched = await call(priya, 'POST', `/api/memberships/${gym!.id}/change`, {
        membership_type_id: typeBySlug('swim-unlimited').id,
        payment_option_id: option('national-all-access', 'recurring').id,
        start_date: '2026-11-22',
      });
      expect(mismatched.status).toBe(422);
      expect((await call(priya, 'GET', cartUrl)).body.data).toEqual(before);
    });
  });
});

describe('a Direct Debit provider that needs a billing address', () => {
  let t: TestApp;
  let gc: TestGoCardless;
  beforeAll(async () => {
    gc = await startTestGoCardless();
    t = await createTestApp({
      now: '2026-11-21T12:00:00Z',
      env: { LIDO_DIRECT_DEBIT_BILLING_ADDRESS: 'required' },
      directDebitProvider: { name: 'sandbox', client: gc.client },
    });
  });
  afterAll(async () => {
    await t.close();
    await gc.close();
  });

  it('is asked for on the joining page and checked with the spec’s postcode message', async () => {
    const settings = (await t.app.inject({ url: '/api/client', headers: { host } })).json().data;
    expect(settings.collectDirectDebitBillingAddress).toBe(true);
    const venue = (await t.app.inject({ url: '/api/activities/venues/castlefield-leisure-centre' })).json()
      .data;
    const types = (
      await t.app.inject({ url: `/api/memberships/types?venue_id=${venue.id}`, headers: { host } })
    ).json().data as Listed[];
    const offPeak = types.find((type) => type.slug === 'off-peak-gym')!;
    const alex = await loginCookie(t, 'C100001');
    const body = {
      home_venue_id: venue.id,
      membership_type_id: offPeak.id,
      payment_option_id: offPeak.paymentOptions.find((o) => o.paymentType === 'recurring')!.id,
      start_date: '2026-11-22',
      billing_day: 1,
      account_holder: 'Alex Newman',
      account_details: { sort_code: '200000', account_number: '55779911' },
      dd_terms_accepted: true,
    };
    const store = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/memberships/online-joining/store',
        headers: { host, origin, cookie: alex },
        payload,
      });
    const refused = await store({
      ...body,
      billing_address: { line_one: '9', city: 'Y', postcode: 'NOT A CODE' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'billingAddress.lineOne': ['Enter the first line of the billing address, at least 2 characters'],
      'billingAddress.city': ['Enter the town or city of the billing address, at least 2 characters'],
      'billingAddress.postcode': ['Please enter a valid postcode'],
    });
    const stored = await store({
      ...body,
      billing_address: { line_one: '9 River View', city: 'York', postcode: 'yo1 7hh' },
    });
    expect(stored.statusCode).toBe(201);
  });
});
