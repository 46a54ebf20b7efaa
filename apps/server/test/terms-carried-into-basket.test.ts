import type { Cart } from '@lido/contracts/cart';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './support/api.ts';
import { startTestSandbox, type TestSandbox } from './support/card-sandbox.ts';
import { browserFacts, cardBilling, checkoutCalls } from './support/checkout-calls.ts';
import {
  basketWith,
  catalogueAt,
  createCustomer,
  monthlyGymMember,
  type Catalogue,
} from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 21 item 5 (WCAG 3.3.7): terms accepted in "Review & select dates" travel with the joining
 * page's basket line, so checkout asks only for terms not yet accepted, and the server still
 * refuses an order whose terms were accepted nowhere.
 */
describe('terms accepted on the joining page are carried into the basket, on 21 Nov 2026', () => {
  let sandbox: TestSandbox;
  let t: TestApp;
  let at: Catalogue;
  const api = apiClient(() => t);
  const { call } = checkoutCalls(() => t);
  /** the annual Gym Anytime's own health commitment and membership terms */
  const gymTerms = async () => {
    const typeId = at.type('gym-anytime').id;
    const health = await api.guest.get<{ id: number }>(`/api/terms/membership/${typeId}/health-commitment`);
    const membership = await api.guest.get<{ id: number }>(`/api/terms/membership/${typeId}`);
    return [health.data.id, membership.data.id];
  };
  const store = (cookie: string, acceptedTerms?: unknown) =>
    api.as(cookie).post<Cart>('/api/memberships/online-joining/store', {
      home_venue_id: at.venue.id,
      membership_type_id: at.type('gym-anytime').id,
      payment_option_id: at.option('gym-anytime', 'fixed').id,
      start_date: '2026-11-22',
      ...(acceptedTerms === undefined ? {} : { accepted_terms: acceptedTerms }),
    });
  const basketTerms = async (cookie: string) => {
    const cart = (await api.as(cookie).cart()).data;
    return (await api.as(cookie).terms(cart.cartId!)).data.data;
  };
  /** a new card through the sandbox, authorised with these ticked terms, then completed */
  const payWithTicked = async (cookie: string, terms: number[]) => {
    const prepared = (await call(cookie, 'GET', '/api/checkout/prepare')).body.data;
    const token = await sandbox.tokenise(prepared.sessionKey, {});
    const authorised = await call(cookie, 'POST', '/api/checkout/authorise', {
      ...cardBilling,
      ...browserFacts,
      session_key: prepared.sessionKey,
      card_identifier: token.body.cardIdentifier,
      card_holder_name: 'ALEX NEWMAN',
      terms,
      source: 'online-joining',
    });
    if (authorised.status !== 200) return authorised;
    return call(cookie, 'POST', '/api/checkout/complete', {
      transaction_uuid: authorised.body.data.transactionUuid,
      terms,
      source: 'online-joining',
    });
  };

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await createTestApp({ now: '2026-11-21T12:00:00Z', cardProvider: sandbox.provider });
    at = await catalogueAt(t);
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('marks the terms accepted on the joining page, and only this membership’s own', async () => {
    const { cookie } = await createCustomer(t);
    const [health, membership] = await gymTerms();
    // An id that is not this membership's terms is not recorded as accepted.
    expect((await store(cookie, [health, 987654])).status).toBe(201);
    expect((await basketTerms(cookie)).map(({ id, accepted }) => ({ id, accepted }))).toEqual([
      { id: health, accepted: true },
      { id: membership, accepted: false },
    ]);
    expect((await store(cookie, [health, membership])).status).toBe(201);
    expect((await basketTerms(cookie)).every((terms) => terms.accepted)).toBe(true);
  });

  it('completes an order without asking again for the terms carried in', async () => {
    const { cookie } = await createCustomer(t);
    expect((await store(cookie, await gymTerms())).status).toBe(201);
    const done = await payWithTicked(cookie, []);
    expect(done.status).toBe(200);
    expect(done.body.data.completeOrderId).toBeGreaterThan(0);
  });

  it('still asks for terms accepted nowhere: a joining line without them, or a line added to the basket', async () => {
    const { cookie } = await createCustomer(t);
    const [health, membership] = await gymTerms();
    expect((await store(cookie, [membership])).status).toBe(201);
    const missingOne = await payWithTicked(cookie, []);
    expect(missingOne.status).toBe(422);
    expect(missingOne.body.message).toBe('Please check all required terms and conditions');
    // Ticking the one not carried in is enough.
    expect((await payWithTicked(cookie, [health!])).status).toBe(200);

    const other = await createCustomer(t);
    await basketWith(t, other, [{ slug: 'gym-anytime', paymentType: 'fixed' }], at);
    expect((await basketTerms(other.cookie)).some((terms) => terms.accepted)).toBe(false);
    expect((await payWithTicked(other.cookie, [])).body.message).toBe(
      'Please check all required terms and conditions',
    );
  });

  it('carries the terms accepted when changing a membership on the joining page', async () => {
    const { member, gym } = await monthlyGymMember(t);
    const typeId = at.type('off-peak-gym').id;
    const accepted = [
      (await api.guest.get<{ id: number }>(`/api/terms/membership/${typeId}/health-commitment`)).data.id,
      (await api.guest.get<{ id: number }>(`/api/terms/membership/${typeId}`)).data.id,
    ];
    const changed = await api.as(member).post<Cart>(`/api/memberships/${gym}/change`, {
      membership_type_id: typeId,
      payment_option_id: at.option('off-peak-gym', 'recurring').id,
      start_date: '2026-12-01',
      accepted_terms: accepted,
    });
    expect(changed.status).toBe(201);
    expect((await basketTerms(member.cookie)).map((terms) => terms.accepted)).toEqual([true, true]);
    // Nothing to pay: the order completes with no terms ticked at checkout.
    const done = await call(member.cookie, 'POST', '/api/checkout/complete', {
      terms: [],
      source: 'online-joining',
    });
    expect(done.status).toBe(200);
  });

  it('refuses accepted terms that are not ids, changing nothing', async () => {
    const { cookie } = await createCustomer(t);
    const refused = await store(cookie, ['all']);
    expect(refused.status).toBe(422);
    expect((await api.as(cookie).cart()).data.items).toHaveLength(0);
  });
});
