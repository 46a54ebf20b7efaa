import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartMembershipItem } from '@lido/contracts/cart';
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
import { startTestGoCardless, type TestGoCardless } from './support/gocardless-sandbox.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const cartUrl = '/api/cart';

describe('the basket on the checkout service, on 21 Nov 2026', () => {
  let t: TestApp;
  let gc: TestGoCardless;
  let at: Catalogue;
  const api = apiClient(() => t);
  const typeBySlug = (slug: string) => at.type(slug);
  const option = (slug: string, paymentType: 'recurring' | 'fixed') => at.option(slug, paymentType);
  const membershipItem = (slug: string, options: Record<string, unknown> = {}) => at.item({ slug, options });
  const costsOf = async (slug: string, query: string, customer?: TestCustomer) =>
    (
      await api
        .as(customer)
        .costs(typeBySlug(slug).id, option(slug, 'recurring').id, `venue_id=${at.venue.id}&${query}`)
    ).data;

  /** A customer who pays by Direct Debit, so may add monthly lines directly. */
  const directDebitPayer = () => createCustomer(t, { hasDirectDebitInstruction: true });
  /** Such a customer with a Gym Anytime in the basket. */
  const withGymBasket = async () => {
    const customer = await directDebitPayer();
    const cart = await basketWith(t, customer, [{ slug: 'gym-anytime' }], at);
    return { customer, cart };
  };
  const monthlyMember = () => monthlyGymMember(t);
  const swimmer = () => threeMonthSwimmer(t);

  beforeAll(async () => {
    // The joining page's monthly memberships hold their bank account at the Direct Debit provider.
    gc = await startTestGoCardless();
    t = await createTestApp({
      now: '2026-11-21T12:00:00Z',
      directDebitProvider: { name: 'sandbox', client: gc.client },
    });
    at = await catalogueAt(t);
  });
  afterAll(async () => {
    await t.close();
    await gc.close();
  });

  it('is only for a logged-in customer', async () => {
    expect((await api.guest.cart()).status).toBe(401);
    expect((await api.guest.addToCart([])).status).toBe(401);
  });

  it('starts empty without creating a basket, then holds a membership priced as the costs call prices it', async () => {
    const alex = api.as(await directDebitPayer());
    const empty = await alex.cart();
    expect(empty.status).toBe(200);
    expect(empty.data).toMatchObject({
      cartId: null,
      items: [],
      totals: { total: 0, itemCount: 0, formattedTotal: '£0.00', formattedBalance: '£0.00' },
    });

    const added = await alex.addToCart([membershipItem('gym-anytime')]);
    expect(added.status).toBe(200);
    const costs = await costsOf('gym-anytime', 'start_date=2026-11-21&billing_day=1');
    const cart = added.data;
    expect(cart.cartId).toEqual(expect.any(Number));
    expect(cart.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      type: 'membership',
      name: 'Gym Anytime',
      description: 'Gym Anytime, Monthly',
      venue: { id: at.venue.id, name: 'Castlefield Leisure Centre' },
      options: { startDate: '2026-11-21', billingDay: 1, venueId: at.venue.id, promotionCodeId: null },
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
    expect((await alex.cart()).data).toEqual(cart);
  });

  it('refuses a second line of the same membership, a client-sent price and an ineligible membership, changing nothing', async () => {
    const { customer, cart: before } = await withGymBasket();
    const alex = api.as(customer);

    const twice = await alex.addToCart([membershipItem('gym-anytime')]);
    expect(twice.status).toBe(422);
    expect(twice.errors).toEqual({ membership: ['This membership is already in your basket.'] });

    const priced = await alex.addToCart([{ ...membershipItem('swim-unlimited'), price: 1 }]);
    expect(priced.status).toBe(422);
    expect(Object.keys(priced.errors ?? {})).toEqual(['items.0']);

    const junior = await alex.addToCart([membershipItem('junior-active')]);
    expect(junior.status).toBe(422);
    expect(junior.message).toBe('You are ineligible for the membership you selected.');

    const badDate = await alex.addToCart([membershipItem('swim-unlimited', { start_date: '2027-06-01' })]);
    expect(badDate.status).toBe(422);
    expect(badDate.errors?.startDate?.[0]).toMatch(/^The start date must be between/);

    expect((await alex.cart()).data).toEqual(before);
  });

  it('prices a line again when its billing day or promotion changes', async () => {
    const { customer, cart } = await withGymBasket();
    const alex = api.as(customer);
    const line = cart.items[0] as CartMembershipItem;
    const promo = (
      await alex.get<{ id: number }>(
        `/api/v1/membership-promotions/validate/WELCOME20/${line.pricingOptionId}`,
      )
    ).data;
    const updated = await alex.put<typeof cart>(`${cartUrl}/${line.id}`, {
      options: { billing_day: 15, promotion_code_id: promo.id },
    });
    expect(updated.status).toBe(200);
    const costs = await costsOf(
      'gym-anytime',
      `start_date=2026-11-21&billing_day=15&promotion_code_id=${promo.id}`,
      customer,
    );
    expect(updated.data.items[0]).toMatchObject({ price: costs.totalToPayNow, costs });
    expect(costs.fees.discount.raw.amount).toBeGreaterThan(0);
    expect(updated.data.totals.total).toBe(costs.totalToPayNow.raw.amount);
  });

  it('keeps a Direct Debit member on their own billing day', async () => {
    const { member } = await monthlyMember();
    const added = await api.as(member).addToCart([membershipItem('swim-unlimited', { billing_day: 1 })]);
    expect(added.status).toBe(200);
    expect(added.data.items[0]).toMatchObject({ options: { billingDay: 15 } });
    expect(added.data.credits.general).toEqual({
      type: 'general',
      totalAvailable: 1250,
      maxApplicable: 1250,
    });
  });

  it("never lets one customer see or change another's basket", async () => {
    const { customer, cart: alexCart } = await withGymBasket();
    const alex = api.as(customer);
    // Priya has a basket of her own: a line of Alex's is not in it.
    const { member } = await monthlyMember();
    await basketWith(t, member, [{ slug: 'swim-unlimited' }], at);
    const priya = api.as(member);
    const alexItem = alexCart.items[0]!.id;

    expect((await priya.removeFromCart([alexItem])).status).toBe(422);
    expect((await priya.put(`${cartUrl}/${alexItem}`, { options: { billing_day: 1 } })).status).toBe(404);
    expect((await priya.terms(alexCart.cartId!)).status).toBe(404);
    expect((await priya.get(`${cartUrl}?selected_user_id=${alexCart.selectedUserId}`)).status).toBe(404);
    expect((await alex.cart()).data).toEqual(alexCart);
  });

  it('answers benefit and package removal for a line that carries neither, and refuses others’ lines', async () => {
    const { customer, cart: before } = await withGymBasket();
    const alex = api.as(customer);
    const priya = api.as(await directDebitPayer());
    const item = before.items[0]!.id;
    const benefit = await alex.delete(`/api/activities/benefit/remove/${item}?source=bookings`);
    expect(benefit).toMatchObject({
      status: 422,
      errors: { cartItemId: ['This item has no benefit applied.'] },
    });
    const usage = await alex.delete(`/api/activities/package/remove/${item}`);
    expect(usage.errors).toEqual({ cartItemId: ['This item has no package usage applied.'] });
    expect((await priya.delete(`/api/activities/benefit/remove/${item}`)).status).toBe(404);
    expect((await alex.delete('/api/activities/package/remove/abc')).status).toBe(422);
    expect((await api.guest.delete(`/api/activities/benefit/remove/${item}`)).status).toBe(401);
    expect((await alex.cart()).data).toEqual(before);
  });

  it('answers the terms to accept for what is in the basket', async () => {
    const { customer, cart } = await withGymBasket();
    const alex = api.as(customer);
    const terms = await alex.terms(cart.cartId!);
    expect(terms.status).toBe(200);
    const list = terms.data.data;
    expect(list.map((term) => term.type)).toEqual(['health_commitment', 'membership']);
    const health = (
      await api.guest.get<{ id: number; title: string }>(
        `/api/terms/membership/${typeBySlug('gym-anytime').id}/health-commitment`,
      )
    ).data;
    expect(list[0]).toMatchObject({ id: health.id, title: health.title, isRequired: true });
    expect((await alex.get('/api/terms?cart_id=abc')).status).toBe(422);
  });

  it('removes lines, refusing ones that are not there', async () => {
    const { customer, cart } = await withGymBasket();
    const alex = api.as(customer);
    const missing = await alex.removeFromCart([999999]);
    expect(missing.status).toBe(422);
    expect(missing.errors).toEqual({ cartItemIds: ['That item is no longer in your basket.'] });
    const removed = await alex.removeFromCart([cart.items[0]!.id]);
    expect(removed.status).toBe(200);
    expect(removed.data).toMatchObject({ cartId: cart.cartId, items: [], totals: { total: 0 } });
  });

  it('ends with one line however many identical adds race each other (quality.md R8)', async () => {
    const alex = api.as(await directDebitPayer());
    const results = await Promise.all(
      Array.from({ length: 10 }, () => alex.addToCart([membershipItem('off-peak-gym')])),
    );
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    expect(results.filter((result) => result.status === 422)).toHaveLength(9);
    expect((await alex.cart()).data.items).toHaveLength(1);
  });

  it('discards the basket', async () => {
    const { customer } = await withGymBasket();
    const alex = api.as(customer);
    const discarded = await alex.discardCart();
    expect(discarded.status).toBe(200);
    expect(discarded.data).toMatchObject({ cartId: null, items: [], totals: { itemCount: 0 } });
    expect((await alex.cart()).data.cartId).toBeNull();
  });

  describe('renewing a single payment membership', () => {
    it('adds the next term from the day after the current one ends, at today’s price with no joining fee', async () => {
      const { member, swim } = await swimmer();
      const sam = api.as(member);
      const [held] = (await sam.heldMemberships()).data;
      expect(held?.id).toBe(swim);
      const renewed = await sam.post<{ items: { id: number }[]; totals: { formattedTotal: string } }>(
        `/api/memberships/${swim}/renew`,
      );
      expect(renewed.status).toBe(201);
      const [line] = renewed.data.items;
      expect(line).toMatchObject({
        type: 'membership_renewal',
        renewsMembershipId: swim,
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
      expect(renewed.data.totals.formattedTotal).toBe('£60.00');

      const again = await sam.post(`/api/memberships/${swim}/renew`);
      expect(again.status).toBe(422);
      expect(again.message).toBe('This membership is already in your basket.');
      expect((await sam.put(`${cartUrl}/${line!.id}`, { options: { billing_day: 1 } })).status).toBe(422);
    });

    it('refuses a monthly membership, and anyone else’s membership', async () => {
      const { member, gym } = await monthlyMember();
      const sam = api.as((await swimmer()).member);
      const monthly = await api.as(member).post(`/api/memberships/${gym}/renew`);
      expect(monthly.status).toBe(422);
      expect(monthly.message).toBe('Monthly memberships carry on by Direct Debit, so they are not renewed.');
      expect((await sam.post(`/api/memberships/${gym}/renew`)).status).toBe(404);
      expect((await api.guest.post(`/api/memberships/${gym}/renew`)).status).toBe(401);
    });
  });

  describe("the joining page's membership", () => {
    // A new customer without a Direct Debit: a monthly membership asks for bank details.
    const store = (customer: TestCustomer, payload: Record<string, unknown>) =>
      api
        .as(customer)
        .post<{ items: { name: string; type: string; options: { billingDay: number | null } }[] }>(
          '/api/memberships/online-joining/store',
          payload,
        );
    const joining = (
      slug: string,
      paymentType: 'recurring' | 'fixed',
      extra: Record<string, unknown> = {},
    ) => ({
      home_venue_id: at.venue.id,
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
      const alex = await createCustomer(t);
      const refused = await store(alex, {
        ...joining('gym-anytime', 'recurring'),
        account_holder: 'A',
        account_details: { sort_code: '2000', account_number: '123' },
      });
      expect(refused.status).toBe(422);
      expect(refused.errors).toEqual({
        accountHolder: ['Enter the account holder’s name, at least 2 characters'],
        'accountDetails.sortCode': ['Enter a sort code of 6 digits, numbers only'],
        'accountDetails.accountNumber': ['Enter an account number of at least 8 digits, numbers only'],
        ddTermsAccepted: ['Please confirm that you accept the Direct Debit terms'],
      });
      expect((await api.as(alex).cart()).data.items).toEqual([]);
    });

    it('puts the membership in the basket, replacing an earlier choice, and never echoes bank details', async () => {
      const alex = await createCustomer(t);
      const first = await store(alex, { ...joining('gym-anytime', 'recurring'), ...bank });
      expect(first.status).toBe(201);
      expect(JSON.stringify(first.body)).not.toContain('55779911');
      const second = await store(alex, { ...joining('swim-unlimited', 'fixed') });
      expect(second.status).toBe(201);
      expect(second.data.items.map((item) => item.name)).toEqual(['Swim Unlimited']);
      const line = (await api.as(alex).get('/api/memberships/online-joining')).data;
      expect(line).toMatchObject({
        type: 'membership',
        name: 'Swim Unlimited',
        options: { startDate: '2026-11-22' },
      });
    });

    it('needs no bank details from a member who already pays by Direct Debit', async () => {
      const { member } = await monthlyMember();
      const stored = await store(member, joining('gym-flex', 'recurring'));
      expect(stored.status).toBe(201);
      expect(stored.data.items[0]!.options.billingDay).toBe(15);
    });

    it('clears only the joining membership, keeping a renewal', async () => {
      const { member, swim } = await swimmer();
      const sam = api.as(member);
      expect((await sam.post(`/api/memberships/${swim}/renew`)).status).toBe(201);
      expect((await store(member, joining('off-peak-gym', 'recurring', bank))).status).toBe(201);
      const before = (await sam.cart()).data.items.map((item) => item.type);
      expect(before.sort()).toEqual(['membership', 'membership_renewal']);
      const cleared = await sam.delete<{ items: { type: string }[] }>('/api/cart/clear', {
        source: 'online-joining',
      });
      expect(cleared.status).toBe(200);
      expect(cleared.data.items.map((item) => item.type)).toEqual(['membership_renewal']);
      expect((await sam.delete('/api/cart/clear', { source: 'elsewhere' })).status).toBe(422);
      expect((await sam.get('/api/memberships/online-joining')).data).toBeNull();
    });
  });

  describe('changing a monthly membership', () => {
    it('puts what is due now in the basket, as the change costs call quotes it, replacing an earlier choice', async () => {
      const { member, gym } = await monthlyMember();
      const priya = api.as(member);
      const national = typeBySlug('national-all-access');
      const optionId = option('national-all-access', 'recurring').id;
      const quote = (
        await priya.get<{ differenceToOldMembership: string; totalDueNow: { raw: { amount: number } } }>(
          `/api/memberships/${gym}/change/${optionId}?starts_at=2026-11-22`,
        )
      ).data;
      const changed = await priya.post<{ items: { type: string; price: { formatted: string } }[] }>(
        `/api/memberships/${gym}/change`,
        { membership_type_id: national.id, payment_option_id: optionId, start_date: '2026-11-22' },
      );
      expect(changed.status, JSON.stringify(changed.body)).toBe(201);
      const line = changed.data.items.find((item) => item.type === 'membership_change');
      expect(line).toMatchObject({
        changesMembershipId: gym,
        name: 'National All Access',
        price: { raw: { amount: quote.totalDueNow.raw.amount } },
        change: { differenceToOldMembership: quote.differenceToOldMembership },
        options: { startDate: '2026-11-22', billingDay: 15 },
        costs: { firstBillingDate: '2026-12-15', proRataDays: 23 },
      });
      expect(quote.differenceToOldMembership).toBe('£15.99 more per month');
      // (45.99 − 30.00) × 12 × 23 / 365, rounded to the penny (pricing.md).
      expect(line!.price.formatted).toBe('£12.09');

      const again = await priya.post(`/api/memberships/${gym}/change`, {
        membership_type_id: typeBySlug('off-peak-gym').id,
        payment_option_id: option('off-peak-gym', 'recurring').id,
        start_date: '2026-11-25',
      });
      expect(again.status).toBe(201);
      const changes = (await priya.cart()).data.items.filter((item) => item.type === 'membership_change');
      expect(changes.map((item) => item.name)).toEqual(['Off-peak Gym']);
    });

    it('refuses a date outside the change window and a mismatched option, changing nothing', async () => {
      const { member, gym } = await monthlyMember();
      const priya = api.as(member);
      await priya.post(`/api/memberships/${gym}/change`, {
        membership_type_id: typeBySlug('off-peak-gym').id,
        payment_option_id: option('off-peak-gym', 'recurring').id,
        start_date: '2026-11-25',
      });
      const before = (await priya.cart()).data;
      expect(before.items).toHaveLength(1);
      const late = await priya.post(`/api/memberships/${gym}/change`, {
        membership_type_id: typeBySlug('national-all-access').id,
        payment_option_id: option('national-all-access', 'recurring').id,
        start_date: '2027-06-01',
      });
      expect(late.status).toBe(422);
      expect(late.errors?.startsAt?.[0]).toMatch(/^The change date must be between/);
      const mismatched = await priya.post(`/api/memberships/${gym}/change`, {
        membership_type_id: typeBySlug('swim-unlimited').id,
        payment_option_id: option('national-all-access', 'recurring').id,
        start_date: '2026-11-22',
      });
      expect(mismatched.status).toBe(422);
      expect((await priya.cart()).data).toEqual(before);
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
    const api = apiClient(t);
    const settings = (await api.guest.get<{ collectDirectDebitBillingAddress: boolean }>('/api/client')).data;
    expect(settings.collectDirectDebitBillingAddress).toBe(true);
    const at = await catalogueAt(t);
    const alex = api.as(await createCustomer(t));
    const body = {
      home_venue_id: at.venue.id,
      membership_type_id: at.type('off-peak-gym').id,
      payment_option_id: at.option('off-peak-gym', 'recurring').id,
      start_date: '2026-11-22',
      billing_day: 1,
      account_holder: 'Alex Newman',
      account_details: { sort_code: '200000', account_number: '55779911' },
      dd_terms_accepted: true,
    };
    const store = (payload: object) => alex.post('/api/memberships/online-joining/store', payload);
    const refused = await store({
      ...body,
      billing_address: { line_one: '9', city: 'Y', postcode: 'NOT A CODE' },
    });
    expect(refused.status).toBe(422);
    expect(refused.errors).toEqual({
      'billingAddress.lineOne': ['Enter the first line of the billing address, at least 2 characters'],
      'billingAddress.city': ['Enter the town or city of the billing address, at least 2 characters'],
      'billingAddress.postcode': ['Please enter a valid postcode'],
    });
    const stored = await store({
      ...body,
      billing_address: { line_one: '9 River View', city: 'York', postcode: 'yo1 7hh' },
    });
    expect(stored.status).toBe(201);
  });
});
