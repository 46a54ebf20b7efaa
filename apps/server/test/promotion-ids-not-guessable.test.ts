import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from './support/factories.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

const host = siteHost.onlineJoining;
const origin = `http://${host}`;

/**
 * Issue 15 item 4: a promotion is applied by its id only when the same customer or browser typed
 * and checked its code in the last hour, so sequential ids cannot be probed; every probe counts
 * toward the S18 limit of 10 unrecognised codes an hour.
 */
describe('promotions by id cannot be guessed, on 21 Nov 2026', () => {
  let t: TestApp;
  let venueId: number;
  let gym: { id: number; monthly: number; annual: number };
  let welcome: number;

  /** A call from one client address, with the cookies given. */
  const call = async (
    address: string,
    cookies: string[],
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ) => {
    const response = await t.app.inject({
      method,
      url,
      remoteAddress: address,
      headers: { host, origin, ...(cookies.length > 0 ? { cookie: cookies.join('; ') } : {}) },
      ...(payload ? { payload } : {}),
    });
    const setCookie = response.headers['set-cookie'];
    return {
      status: response.statusCode,
      body: response.json(),
      promotionCookie: String(setCookie ?? '').match(/lido_promotions=[^;]+/)?.[0],
    };
  };
  const costsUrl = (promotionId: number) =>
    `/api/memberships/types/${gym.id}/payment-options/${gym.monthly}?venue_id=${venueId}&start_date=2026-11-21&billing_day=1&promotion_code_id=${promotionId}`;
  const annualLine = (promotionId: number) => ({
    items: [
      {
        id: gym.id,
        type: 'membership',
        pricing_option_id: gym.annual,
        options: { venue_id: venueId, start_date: '2026-11-21', promotion_code_id: promotionId },
      },
    ],
  });
  /** What WELCOME20 applies to: as the catalogue imports it (monthly fees), or an annual price. */
  const welcomeAppliesTo = async (appliesTo: '{joining_fee,pro_rata}' | '{fixed_price}') => {
    await t.database.query(`UPDATE promotions SET applies_to = $2 WHERE id = $1`, [welcome, appliesTo]);
  };
  const welcomeAnnual = () => welcomeAppliesTo('{fixed_price}');

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-21T12:00:00Z' });
    venueId = (await call('10.0.0.1', [], 'GET', '/api/activities/venues/castlefield-leisure-centre')).body
      .data.id;
    const types = (await call('10.0.0.1', [], 'GET', `/api/memberships/types?venue_id=${venueId}`)).body
      .data as { id: number; slug: string; paymentOptions: { id: number; paymentType: string }[] }[];
    const found = types.find((type) => type.slug === 'gym-anytime')!;
    const optionOf = (paymentType: string) =>
      found.paymentOptions.find((option) => option.paymentType === paymentType)!.id;
    gym = { id: found.id, monthly: optionOf('recurring'), annual: optionOf('fixed') };
    const [row] = await t.database.query<{ id: number }>(
      `SELECT id FROM promotions WHERE code = 'WELCOME20'`,
    );
    welcome = row!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('30 probes of the costs call by id find no promotion: 10 are unrecognised, then the address is limited', async () => {
    const answers = [];
    for (let id = 1; id <= 30; id += 1) answers.push(await call('10.0.0.2', [], 'GET', costsUrl(id)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(0);
    expect(answers.slice(0, 10).every((answer) => answer.status === 422)).toBe(true);
    expect(answers[0]!.body.errors).toEqual({ promotionCodeId: ['Code not recognised'] });
    expect(answers.slice(10).every((answer) => answer.status === 429)).toBe(true);
  });

  it('50 probes at once reveal nothing', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => call('10.0.0.3', [], 'GET', costsUrl((index % 6) + 1))),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(0);
    expect(answers.every((answer) => answer.status === 422 || answer.status === 429)).toBe(true);
    // Counted atomically: concurrent guesses cannot all pass one check (S18's 10 an hour).
    expect(answers.filter((answer) => answer.status === 422)).toHaveLength(10);
  });

  it('applies a code this browser checked, as a guest and then logged in, for an hour', async () => {
    await welcomeAppliesTo('{joining_fee,pro_rata}');
    const validated = await call(
      '10.0.0.4',
      [],
      'GET',
      `/api/v1/membership-promotions/validate/WELCOME20/${gym.monthly}`,
    );
    expect(validated.status).toBe(200);
    const browser = validated.promotionCookie!;
    expect(browser).toBeDefined();
    const priced = await call('10.0.0.4', [browser], 'GET', costsUrl(validated.body.data.id));
    expect(priced.status).toBe(200);
    expect(priced.body.data.fees.discount.raw.amount).toBeGreaterThan(0);
    // Another browser may not use the id.
    expect((await call('10.0.0.5', [], 'GET', costsUrl(validated.body.data.id))).status).toBe(422);

    // The guest logs in on the same browser and puts the membership in the basket with the code.
    await welcomeAnnual();
    const { cookie: alex } = await createCustomer(t);
    const added = await call('10.0.0.4', [alex, browser], 'POST', '/api/cart/add', annualLine(welcome));
    expect(added.status).toBe(200);
    expect(added.body.data.items[0].options.promotionCodeId).toBe(welcome);
    await call('10.0.0.4', [alex], 'POST', '/api/cart/remove', {
      cart_item_ids: [added.body.data.items[0].id],
    });

    // An hour later the check no longer counts.
    await t.database.query(`UPDATE promotion_validations SET validated_at = now() - interval '61 minutes'`);
    expect((await call('10.0.0.4', [browser], 'GET', costsUrl(validated.body.data.id))).status).toBe(422);
  });

  it('never lets a customer apply a code another customer checked, and counts each try', async () => {
    await welcomeAnnual();
    const { cookie: priya } = await createCustomer(t);
    const { cookie: sam } = await createCustomer(t);
    const checked = await call(
      '10.0.0.6',
      [priya],
      'GET',
      `/api/v1/membership-promotions/validate/WELCOME20/${gym.annual}`,
    );
    expect(checked.status).toBe(200);
    const tries = [];
    for (let n = 0; n < 12; n += 1)
      tries.push(await call(`10.0.1.${n}`, [sam], 'POST', '/api/cart/add', annualLine(welcome)));
    // Each try came from another address: the customer's own count stops them after 10.
    expect(tries.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(422));
    expect(tries.slice(10).map((answer) => answer.status)).toEqual([429, 429]);
    expect((await call('10.0.1.99', [sam], 'GET', '/api/cart')).body.data.items).toEqual([]);
  });
});
