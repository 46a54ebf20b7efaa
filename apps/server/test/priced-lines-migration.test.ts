import type { PricedChange, PricedLine } from '@lido/pricing/priced-line';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { readMigrations } from '../src/db/migrate.ts';
import { seedDemoIfEmpty } from '../src/db/seed/seed-demo.ts';
import { changeAnswer, costsAnswer, inJsonbKeyOrder } from '../src/modules/memberships/costs-answer.ts';
import { moneyFormat } from '@lido/pricing/money';
import { createTestDatabase } from './support/test-database.ts';

/**
 * Migration 0021 turns basket and order lines stored as the costs call's answer into priced lines
 * of pence and dates. Rows are written here in the old shape (what the code before it stored), the
 * migration is run over them, and the answers formatted from the new rows must be the old ones.
 */
const monthly: PricedLine = {
  paymentType: 'recurring',
  fixedDuration: null,
  fixedPeriod: null,
  promotionEnabled: true,
  basePrice: 3250,
  fees: { joiningFee: 1500, proRataFee: 1176, monthInHandFee: 3250, discount: 500 },
  proRataDays: 11,
  startDate: '2026-11-21',
  endDate: null,
  firstBillingDate: '2027-01-01',
  totalToPayNow: 5426,
};
const annual: PricedLine = {
  paymentType: 'fixed',
  fixedDuration: 12,
  fixedPeriod: 'month',
  promotionEnabled: false,
  basePrice: 39900,
  fees: { joiningFee: 0, proRataFee: 0, monthInHandFee: 0, discount: 0 },
  proRataDays: 0,
  startDate: '2026-11-21',
  endDate: '2027-11-20',
  firstBillingDate: null,
  totalToPayNow: 39900,
};
const change: PricedLine = {
  paymentType: 'recurring',
  fixedDuration: null,
  fixedPeriod: null,
  promotionEnabled: false,
  basePrice: 4250,
  fees: { joiningFee: 0, proRataFee: 345, monthInHandFee: 0, discount: 0 },
  proRataDays: 10,
  startDate: '2026-11-22',
  endDate: null,
  firstBillingDate: '2026-12-01',
  totalToPayNow: 345,
};
const format = moneyFormat('GBP');
const oldCosts = (line: PricedLine) => costsAnswer(line, format);

describe('migration 0021: stored lines keep facts', () => {
  let database: DatabaseHandle;
  let orderNumber = 2100;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoIfEmpty(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  /**
   * A basket and an order written in the old shape, as the code before 0021 stored them; each test
   * writes its own, so the tests stand alone in any order.
   */
  async function writeOldRows() {
    const ids = { cart: 0, order: 0 };
    // A customer of its own each time: a customer has one open basket.
    const [customer] = await database.query<{ id: number }>(
      `INSERT INTO customers (operator_id, reference, email, password_hash, first_name, last_name)
       SELECT operator_id, 'C9' || lpad($1::text, 6, '0'), 'migration-' || $1 || '@example.com', password_hash, 'Old', 'Rows'
       FROM customers LIMIT 1
       RETURNING id`,
      [orderNumber],
    );
    const options = await database.query<{ id: number; typeId: number; venueId: number }>(
      `SELECT o.id, o.membership_type_id AS "typeId", v.venue_id AS "venueId"
       FROM payment_options o JOIN membership_type_venues v ON v.membership_type_id = o.membership_type_id
       ORDER BY o.membership_type_id, o.id`,
    );
    const byType = [...new Map(options.map((option) => [option.typeId, option])).values()];
    const [first, second, third] = byType;
    if (!customer || !first || !second || !third) throw new Error('The demo catalogue has too few types.');
    const [held] = await database.query<{ id: number }>(
      `INSERT INTO customer_memberships
         (customer_id, membership_type_id, payment_option_id, home_venue_id, status, start_date, billing_day, price_pence)
       VALUES ($1, $2, $3, $4, 'active', '2026-01-01', 1, 5250) RETURNING id`,
      [customer.id, third.typeId, third.id, third.venueId],
    );
    const [cart] = await database.query<{ id: number }>(
      'INSERT INTO carts (customer_id) VALUES ($1) RETURNING id',
      [customer.id],
    );
    ids.cart = cart!.id;
    // Old shape, as the code before 0021 wrote it: the costs answer, and a change's words.
    const lines: [string, typeof first, PricedLine, number | null, unknown][] = [
      ['membership', first, monthly, null, undefined],
      ['membership', second, annual, null, undefined],
      [
        'membership_change',
        third,
        change,
        held!.id,
        { differenceToOldMembership: '£10.00 less per month', newMembershipPrice: format.money(4250) },
      ],
    ];
    for (const [itemType, option, line, changes, changeWords] of lines) {
      await database.query(
        `INSERT INTO cart_items (cart_id, item_type, membership_type_id, payment_option_id, venue_id,
           purchased_for_customer_id, changes_membership_id, start_date, description, amount_pence, costs)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'A line', $9, $10)`,
        [
          cart!.id,
          itemType,
          option.typeId,
          option.id,
          option.venueId,
          customer.id,
          changes,
          line.startDate,
          line.totalToPayNow,
          JSON.stringify({ ...oldCosts(line), ...(changeWords ? { change: changeWords } : {}) }),
        ],
      );
    }
    const [order] = await database.query<{ id: number }>(
      `INSERT INTO orders (reference, customer_id, source, status, total_pence)
       VALUES ($2, $1, 'online-joining', 'completed', 1) RETURNING id`,
      [customer.id, `LD-00${orderNumber++}`],
    );
    ids.order = order!.id;
    const details = (line: PricedLine, kind: string, changeWords: unknown) => ({
      kind,
      name: 'A membership',
      categories: ['Gym'],
      venueName: 'A centre',
      membershipTypeId: first.typeId,
      requiresEligibility: false,
      costs: oldCosts(line),
      change: changeWords,
    });
    const orderLines = [
      details(monthly, 'membership', null),
      details(change, 'membership_change', {
        differenceToOldMembership: '£12.34 more per month',
        newMembershipPrice: format.money(4250),
      }),
      details(annual, 'membership_renewal', null),
      null,
    ];
    for (const [index, line] of orderLines.entries()) {
      await database.query(
        `INSERT INTO order_items (order_id, position, item_type, description, amount_pence, details)
         VALUES ($1, $2, 'membership', 'A line', 1, $3)`,
        [order!.id, index + 1, line === null ? null : JSON.stringify(line)],
      );
    }
    return ids;
  }

  const cartRows = (ids: { cart: number }) =>
    database.query<{ costs: PricedLine & { change?: PricedChange } }>(
      'SELECT costs FROM cart_items WHERE cart_id = $1 ORDER BY id',
      [ids.cart],
    );
  const orderRows = (ids: { order: number }) =>
    database.query<{ details: { costs: PricedLine; change: PricedChange | null } | null }>(
      'SELECT details FROM order_items WHERE order_id = $1 ORDER BY position',
      [ids.order],
    );
  const migration = () => readMigrations().find((candidate) => candidate.id === '0021_priced_lines')!.script;

  it('converts old-shaped rows into pence and dates, and the answers read from them stay byte for byte', async () => {
    const ids = await writeOldRows();
    const before = await cartRows(ids);
    const ordersBefore = await orderRows(ids);
    await database.runScript(migration());

    const after = await cartRows(ids);
    expect(after.map((row) => row.costs)).toEqual([
      monthly,
      annual,
      { ...change, change: { newMembershipPrice: 4250, monthlyDifference: -1000 } },
    ]);
    // What the basket answers from a converted row is what it answered from the old one.
    after.forEach(({ costs: { change: changed, ...line } }, index) => {
      const old = before[index]!.costs as unknown as Record<string, unknown>;
      const { change: oldChange, ...oldRest } = old;
      expect(JSON.stringify(inJsonbKeyOrder(costsAnswer(line, format)))).toBe(JSON.stringify(oldRest));
      if (changed)
        expect(JSON.stringify(inJsonbKeyOrder(changeAnswer(changed, format)))).toBe(
          JSON.stringify(oldChange),
        );
    });

    const ordersAfter = await orderRows(ids);
    expect(ordersAfter.map((row) => row.details?.costs ?? null)).toEqual([monthly, change, annual, null]);
    expect(ordersAfter.map((row) => row.details?.change ?? null)).toEqual([
      null,
      { newMembershipPrice: 4250, monthlyDifference: 1234 },
      null,
      null,
    ]);
    expect(ordersAfter[0]?.details).toMatchObject({ kind: 'membership', name: 'A membership' });
    expect(JSON.stringify(inJsonbKeyOrder(changeAnswer(ordersAfter[1]!.details!.change!, format)))).toBe(
      JSON.stringify(ordersBefore[1]!.details!.change),
    );
  });

  it('leaves rows already converted alone when run again', async () => {
    const ids = await writeOldRows();
    await database.runScript(migration());
    const converted = { cart: await cartRows(ids), order: await orderRows(ids) };
    await database.runScript(migration());
    expect({ cart: await cartRows(ids), order: await orderRows(ids) }).toEqual(converted);
  });

  it('stops rather than guess at a difference it cannot read', async () => {
    const ids = await writeOldRows();
    await database.query(
      `UPDATE order_items SET details = jsonb_set(details, '{costs}', $2::jsonb)
         || jsonb_build_object('change', jsonb_build_object('differenceToOldMembership', 'about a tenner more',
              'newMembershipPrice', $3::jsonb))
       WHERE order_id = $1 AND position = 2`,
      [ids.order, JSON.stringify(oldCosts(change)), JSON.stringify(format.money(4250))],
    );
    try {
      await expect(database.runScript(migration())).rejects.toThrow(/cannot read the change difference/);
    } finally {
      // The unreadable row would stop every later run of the migration in this database.
      await database.query('DELETE FROM order_items WHERE order_id = $1', [ids.order]);
    }
  });
});
