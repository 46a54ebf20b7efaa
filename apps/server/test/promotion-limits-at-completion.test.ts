import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotionUnavailable } from '../src/modules/checkout/order-completion.ts';
import { startTestSandbox, type TestSandbox } from './support/card-sandbox.ts';
import { browserFacts, cardBilling, checkoutCalls } from './support/checkout-calls.ts';
import { createTestApp, loginCookie, type TestApp } from './support/test-app.ts';

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

  /** New customers (copies of Alex, so they share the demo password), each logged in. */
  const customers = async (prefix: string, count: number, creditPence = 0) => {
    await t.database.query(
      `INSERT INTO customers (operator_id, reference, email, password_hash, first_name, last_name,
                              date_of_birth, credit_balance_pence)
       SELECT operator_id, $1 || lpad(n::text, 3, '0'), lower($1) || n || '@example.org', password_hash, first_name, last_name,
              date_of_birth, $3
       FROM customers, generate_series(1, $2::int) AS n WHERE reference = 'C100001'`,
      [prefix, count, creditPence],
    );
    const cookies: string[] = [];
    for (let n = 1; n <= count; n += 1)
      cookies.push(await loginCookie(t, `${prefix}${String(n).padStart(3, '0')}`));
    return cookies;
  };

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

  const ordersOf = async (prefix: string) =>
    t.database.query<{ reference: string; total_pence: number }>(
      `SELECT c.reference, o.total_pence FROM orders o JOIN customers c ON c.id = o.customer_id
       WHERE c.reference LIKE $1 || '%'`,
      [prefix],
    );

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    t = await createTestApp({ now: '2026-11-21T12:00:00Z', cardProvider: sandbox.provider });
    const alex = await loginCookie(t, 'C100001');
    venueId = (await call(alex, 'GET', '/api/activities/venues/castlefield-leisure-centre')).body.data.id;
    const types = (await call(alex, 'GET', `/api/memberships/types?venue_id=${venueId}`)).body.data as {
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

  it('20 concurrent card completions for 20 customers with a limit of 5 give 5 discounted orders; the rest are voided and repriced', async () => {
    // FIRST5: 50% off, the first 5 orders, once per customer (made to apply to the annual price here).
    await setPromotion('FIRST5', 50, 5);
    const cookies = await customers('C2100', 20);
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

    const orders = await ordersOf('C2100');
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
  });

  it('a free basket (100% off) beyond the limit completes nothing and is repriced', async () => {
    await setPromotion('SAVE10', 100, 1);
    const cookies = await customers('C2200', 4);
    const baskets: { total: number; terms: number[] }[] = [];
    for (const cookie of cookies) baskets.push(await basketWithCode(cookie, 'SAVE10'));
    expect(baskets.every((basket) => basket.total === 0)).toBe(true);
    const answers = await Promise.all(
      cookies.map((cookie, index) =>
        call(cookie, 'POST', '/api/checkout/complete', { terms: baskets[index]!.terms }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await ordersOf('C2200')).toHaveLength(1);
    for (const [index, answer] of answers.entries()) {
      if (answer.status !== 409) continue;
      expect(answer.body.message).toBe(promotionUnavailable);
      expect((await call(cookies[index]!, 'GET', '/api/cart')).body.data.totals.total).toBe(fullPrice);
    }
  });

  it('a basket paid with account credit beyond the limit spends no credit and is repriced', async () => {
    await setPromotion('WELCOME20', 50, 2);
    const cookies = await customers('C2300', 5, fullPrice);
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
    expect(await ordersOf('C2300')).toHaveLength(2);
    const balances = await t.database.query<{ credit_balance_pence: number }>(
      `SELECT credit_balance_pence FROM customers WHERE reference LIKE 'C2300%' ORDER BY credit_balance_pence`,
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
