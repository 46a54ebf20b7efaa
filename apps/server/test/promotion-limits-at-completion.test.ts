import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotionUnavailable } from '../src/modules/memberships/membership-line-kind.ts';
import { startTestSandbox, type TestSandbox } from './support/card-sandbox.ts';
import { browserFacts, cardBilling, checkoutCalls } from './support/checkout-calls.ts';
import { createCustomer, type TestCustomer } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Issue 15 item 2: a promotion's limit holds when orders complete, not only when they are priced.
 * Baskets priced with a code limited to 5 and completed at once give at most 5 discounted orders;
 * every other completion fails as a changed basket: no order, the card payment voided at the
 * provider, the basket priced again without the code and a message saying so.
 */
describe('promotion limits at completion, on 21 Nov 2026', () => {
  let sandbox: TestSandbox;
  let t: TestApp;
  const { call } = checkoutCalls(() => t);
  let venueId: number;
  let gym: { id: number; annual: number };
  let fullPrice: number;

  const billing = cardBilling;
  const browser = browserFacts;

  /** New customers, each logged in, with this much account credit. */
  const customers = async (count: number, creditPence = 0) => {
    const made: TestCustomer[] = [];
    for (let n = 1; n <= count; n += 1)
      made.push(await createCustomer(t, { creditBalancePence: creditPence }));
    return made;
  };
  const cookiesOf = (list: TestCustomer[]) => list.map((customer) => customer.cookie);
  const idsOf = (list: TestCustomer[]) => list.map((customer) => customer.id);

  /** The code typed and checked, then the annual gym membership priced with it into the basket. */
  const basketWithCode = async (cookie: string, code: string) => {
    const validated = await call(
      cookie,
      'GET',
      `/api/v1/membership-promotions/validate/${code}/${gym.annual}`,
    );
    expect(validated.status).toBe(200);
    const added = await call(cookie, 'POST', '/api/cart/add', {
      items: [
        {
          id: gym.id,
          type: 'membership',
          pricing_option_id: gym.annual,
          options: { venue_id: venueId, start_date: '2026-11-21', promotion_code_id: validated.body.data.id },
        },
      ],
    });
    expect(added.status).toBe(200);
    const terms = (await call(cookie, 'GET', `/api/terms?cart_id=${added.body.data.cartId}`)).body.data
      .data as {
      id: number;
    }[];
    return { total: added.body.data.totals.total as number, terms: terms.map((term) => term.id) };
  };

  const setPromotion = (code: string, value: number, limit: number) =>
    t.database.query(
      `UPDATE promotions SET kind = 'percent', value = $2, applies_to = '{fixed_price}', max_redemptions = $3,
              once_per_customer = true, redemption_count = 0, membership_type_ids = NULL
       WHERE code = $1`,
      [code, value, limit],
    );

  const ordersOf = async (list: TestCustomer[]) =>
    t.database.query<{ total_pence: number }>(
      `SELECT total_pence FROM orders WHERE customer_id = ANY($1::int[])`,
      [idsOf(list)],
    );

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await createTestApp({ now: '2026-11-21T12:00:00Z', cardProvider: sandbox.provider });
    venueId = (await call(undefined, 'GET', '/api/activities/venues/castlefield-leisure-centre')).body.data
      .id;
    const types = (await call(undefined, 'GET', `/api/memberships/types?venue_id=${venueId}`)).body.data as {
      id: number;
      slug: string;
      paymentOptions: { id: number; paymentType: string; globalBasePrice: { raw: { amount: number } } }[];
    }[];
    const found = types.find((type) => type.slug === 'gym-anytime')!;
    const annual = found.paymentOptions.find((option) => option.paymentType === 'fixed')!;
    gym = { id: found.id, annual: annual.id };
    fullPrice = annual.globalBasePrice.raw.amount;
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  // Twenty customers each pay by card first: about 10 s alone, past the suite's 30 s on a busy machine.
  it(
    '20 concurrent card completions for 20 customers with a limit of 5 give 5 discounted orders; the rest are voided and repriced',
    { timeout: 90_000 },
    async () => {
      // FIRST5: 50% off, the first 5 orders, once per customer (made to apply to the annual price here).
      await setPromotion('FIRST5', 50, 5);
      const buyers = await customers(20);
      const cookies = cookiesOf(buyers);
      const authorised: { cookie: string; uuid: string; total: number }[] = [];
      for (const cookie of cookies) {
        const { total, terms } = await basketWithCode(cookie, 'FIRST5');
        expect(total).toBe(fullPrice / 2);
        const prepared = (await call(cookie, 'GET', '/api/checkout/prepare')).body.data;
        const token = await sandbox.tokenise(prepared.sessionKey);
        const paid = await call(cookie, 'POST', '/api/checkout/authorise', {
          ...billing,
          ...browser,
          session_key: prepared.sessionKey,
          card_identifier: token.body.cardIdentifier,
          terms,
        });
        expect(paid.body.data.transactionStatus).toBe('authorised');
        authorised.push({ cookie, uuid: paid.body.data.transactionUuid, total });
      }

      const answers = await Promise.all(
        authorised.map(({ cookie, uuid }) =>
          call(cookie, 'POST', '/api/checkout/complete', { transaction_uuid: uuid }),
        ),
      );
      const completed = answers.filter((answer) => answer.status === 200);
      const refused = answers.filter((answer) => answer.status === 409);
      expect(completed).toHaveLength(5);
      expect(refused).toHaveLength(15);
      for (const answer of refused) expect(answer.body.message).toBe(promotionUnavailable);

      const orders = await ordersOf(buyers);
      expect(orders).toHaveLength(5);
      expect(orders.every((order) => order.total_pence === fullPrice / 2)).toBe(true);
      const [promotion] = await t.database.query<{ redemption_count: number }>(
        `SELECT redemption_count FROM promotions WHERE code = 'FIRST5'`,
      );
      expect(promotion?.redemption_count).toBe(5);

      // Every refused payment was given back at the provider, and its basket now costs the full price.
      for (const [index, answer] of answers.entries()) {
        if (answer.status !== 409) continue;
        const { uuid, cookie } = authorised[index]!;
        const [attempt] = await t.database.query<{
          status: string;
          vendor_tx_code: string;
          order_id: number | null;
        }>('SELECT status, vendor_tx_code, order_id FROM payment_attempts WHERE uuid = $1', [uuid]);
        expect(attempt).toMatchObject({ status: 'voided', order_id: null });
        const at = (await sandbox.control(`/transactions?vendorTxCode=${attempt!.vendor_tx_code}`))
          .transactions as { instructions: { instructionType: string }[] }[];
        expect(at[0]?.instructions.map((instruction) => instruction.instructionType)).toEqual(['void']);
        const cart = (await call(cookie, 'GET', '/api/cart')).body.data;
        expect(cart.totals.total).toBe(fullPrice);
        expect(cart.items[0].options.promotionCodeId).toBeNull();
      }
    },
  );

  it('a free basket (100% off) beyond the limit completes nothing and is repriced', async () => {
    await setPromotion('SAVE10', 100, 1);
    const buyers = await customers(4);
    const cookies = cookiesOf(buyers);
    const baskets: { total: number; terms: number[] }[] = [];
    for (const cookie of cookies) baskets.push(await basketWithCode(cookie, 'SAVE10'));
    expect(baskets.every((basket) => basket.total === 0)).toBe(true);
    const answers = await Promise.all(
      cookies.map((cookie, index) =>
        call(cookie, 'POST', '/api/checkout/complete', { terms: baskets[index]!.terms }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await ordersOf(buyers)).toHaveLength(1);
    for (const [index, answer] of answers.entries()) {
      if (answer.status !== 409) continue;
      expect(answer.body.message).toBe(promotionUnavailable);
      expect((await call(cookies[index]!, 'GET', '/api/cart')).body.data.totals.total).toBe(fullPrice);
    }
  });

  it('a basket paid with account credit beyond the limit spends no credit and is repriced', async () => {
    await setPromotion('WELCOME20', 50, 2);
    const buyers = await customers(5, fullPrice);
    const cookies = cookiesOf(buyers);
    const baskets: { total: number; terms: number[] }[] = [];
    for (const cookie of cookies) baskets.push(await basketWithCode(cookie, 'WELCOME20'));
    const answers = await Promise.all(
      cookies.map((cookie, index) =>
        call(cookie, 'POST', '/api/checkout/complete', {
          terms: baskets[index]!.terms,
          payments: [{ tender_type: 'credit', amount: fullPrice / 2 }],
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(3);
    expect(await ordersOf(buyers)).toHaveLength(2);
    const balances = await t.database.query<{ credit_balance_pence: number }>(
      `SELECT coalesce(b.balance_pence, 0) AS credit_balance_pence FROM customers c LEFT JOIN account_credit_balances b ON b.customer_id = c.id WHERE c.id = ANY($1::int[]) ORDER BY 1`,
      [idsOf(buyers)],
    );
    expect(balances.map((row) => row.credit_balance_pence)).toEqual([
      fullPrice / 2,
      fullPrice / 2,
      fullPrice,
      fullPrice,
      fullPrice,
    ]);
  });
});
