import type { Cart } from '@lido/contracts/cart';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/client.ts';
import type { KindLines, LineKind } from '../src/modules/line-kinds/index.ts';
import { apiClient } from './support/api.ts';
import { startTestSandbox, type TestSandbox } from './support/card-sandbox.ts';
import { authoriseByCard } from './support/checkout-calls.ts';
import { createCustomer, type TestCustomer } from './support/factories.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

/**
 * Issue 32 item 1 (decision 0077): a kind of line checkout has never heard of, registered the way
 * docs/adding-a-line-kind.md says, is bought through the ordinary basket, card payment and
 * completion: checkout loops over the kinds and names none of them.
 */

interface LockerLines extends KindLines {
  rows: { id: number; pence: number; createdAt: Date }[];
}

const changedMessage = 'The locker was taken meanwhile, so the payment was cancelled.';

/** Locker hire: lines in its own table, a locker made for each in the order's transaction. */
const lockerHire: LineKind<LockerLines> = {
  name: 'test-locker-hire',
  async linesOf(db: Executor, cartId: number) {
    const result = (await db.execute(
      sql`SELECT id, pence, created_at AS "createdAt" FROM test_locker_lines WHERE cart_id = ${cartId} ORDER BY id`,
    )) as unknown as { rows: { id: number; pence: number; createdAt: string }[] };
    const rows = result.rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt) }));
    return {
      rows,
      count: rows.length,
      totalPence: rows.reduce((sum, row) => sum + row.pence, 0),
      venueId: null,
    };
  },
  // The contract's basket lines are a closed union: a real kind adds its own item shape there.
  async view(_db, { rows }, { format, customerId }) {
    return {
      items: rows.map((row) => ({
        id: row.id,
        type: 'package' as const,
        objectId: 0,
        purchasedForUserId: customerId,
        name: 'Locker hire',
        description: 'A locker for the day',
        venue: { id: 0, name: '' },
        categories: [],
        options: { venueId: 0 },
        uses: 1,
        validMonths: 1,
        price: format.money(row.pence),
        sortBy: 0,
        enablePrintReceipt: true,
        created: row.createdAt,
      })),
    };
  },
  async toBuy(tx, lines, context) {
    const gone = (await tx.execute(
      sql`SELECT count(*)::int AS n FROM test_locker_lines WHERE cart_id = ${context.cartId} AND pence < 0`,
    )) as unknown as { rows: { n: number }[] };
    if (gone.rows[0]!.n > 0) throw context.changed(changedMessage);
    return lines;
  },
  async fulfil(tx, { rows }, { order, customerId }) {
    for (const row of rows) {
      await tx.execute(
        sql`INSERT INTO test_lockers (order_id, customer_id, pence) VALUES (${order.id}, ${customerId}, ${row.pence})`,
      );
      await tx.execute(sql`DELETE FROM test_locker_lines WHERE id = ${row.id}`);
    }
    return rows.map((row) => ({
      itemType: 'fee' as const,
      description: 'Locker hire',
      amountPence: row.pence,
      details: null,
    }));
  },
};

describe('a throwaway line kind bought through the ordinary checkout', () => {
  let t: TestApp;
  let sandbox: TestSandbox;
  const api = apiClient(() => t);
  const rows = <R extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
    t.database.query<R>(text, params);

  /** A basket holding one locker line of `pence`. */
  const basketWithLocker = async (customer: TestCustomer, pence: number) => {
    const [cart] = await rows<{ id: number }>(
      `INSERT INTO carts (customer_id, source) VALUES ($1, 'bookings') RETURNING id`,
      [customer.id],
    );
    await rows('INSERT INTO test_locker_lines (cart_id, pence) VALUES ($1, $2)', [cart!.id, pence]);
    return cart!.id;
  };
  const payByCard = (customer: TestCustomer) => authoriseByCard(api.as(customer), sandbox, 'ALEX NEWMAN');
  const complete = (customer: TestCustomer, transactionUuid: string) =>
    api.as(customer).post<{ orderId: number }>('/api/checkout/complete', {
      source: 'bookings',
      terms: [],
      transaction_uuid: transactionUuid,
    });

  beforeAll(async () => {
    sandbox = await startTestSandbox({ appOrigins: [`http://${siteHost.bookings}`] });
    t = await createTestApp({ cardProvider: sandbox.provider, moreLineKinds: [lockerHire] });
    await rows(`CREATE TABLE test_locker_lines (
      id serial PRIMARY KEY,
      cart_id integer NOT NULL REFERENCES carts (id),
      pence integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await rows(`CREATE TABLE test_lockers (
      id serial PRIMARY KEY,
      order_id integer NOT NULL UNIQUE REFERENCES orders (id),
      customer_id integer NOT NULL,
      pence integer NOT NULL)`);
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('shows the line in the basket, charges its price by card and makes its order once', async () => {
    const customer = await createCustomer(t);
    await basketWithLocker(customer, 350);
    const basket = await api.as(customer).get<Cart>('/api/cart');
    expect(basket.data.items.map((item) => [item.name, item.price.formatted])).toEqual([
      ['Locker hire', '£3.50'],
    ]);
    expect(basket.data.totals.total).toBe(350);

    const paid = await payByCard(customer);
    expect(paid.status).toBe(200);
    expect(paid.data.transactionStatus).toBe('authorised');
    const [attempt] = await rows<{ amount_pence: number }>(
      'SELECT amount_pence FROM payment_attempts WHERE uuid = $1',
      [paid.data.transactionUuid],
    );
    expect(attempt!.amount_pence).toBe(350);

    // A repeated complete (a double click) answers the same order and hires no second locker.
    const [first, second] = await Promise.all([
      complete(customer, paid.data.transactionUuid),
      complete(customer, paid.data.transactionUuid),
    ]);
    expect(first.status).toBe(200);
    expect(second.data.orderId).toBe(first.data.orderId);
    const orderId = first.data.orderId;
    expect(
      await rows('SELECT source, total_pence, payment_method FROM orders WHERE id = $1', [orderId]),
    ).toEqual([{ source: 'bookings', total_pence: 350, payment_method: 'card' }]);
    expect(
      await rows(
        'SELECT position, item_type, description, amount_pence FROM order_items WHERE order_id = $1',
        [orderId],
      ),
    ).toEqual([{ position: 1, item_type: 'fee', description: 'Locker hire', amount_pence: 350 }]);
    expect(await rows('SELECT customer_id, pence FROM test_lockers WHERE order_id = $1', [orderId])).toEqual([
      { customer_id: customer.id, pence: 350 },
    ]);
    expect(
      await rows('SELECT status FROM payment_attempts WHERE uuid = $1', [paid.data.transactionUuid]),
    ).toEqual([{ status: 'completed' }]);
  });

  it("refuses with the kind's own words when its check fails inside completion, and gives the card payment back", async () => {
    const customer = await createCustomer(t);
    const cartId = await basketWithLocker(customer, 400);
    const paid = await payByCard(customer);
    expect(paid.data.transactionStatus).toBe('authorised');
    // The kind's check inside completion now fails (a second, refused line of its own).
    await rows('INSERT INTO test_locker_lines (cart_id, pence) VALUES ($1, -1)', [cartId]);

    const refused = await complete(customer, paid.data.transactionUuid);
    expect(refused.status).toBe(409);
    expect(refused.message).toBe(changedMessage);
    expect(await rows('SELECT count(*)::int AS n FROM orders WHERE customer_id = $1', [customer.id])).toEqual(
      [{ n: 0 }],
    );
    expect(
      await rows('SELECT count(*)::int AS n FROM test_lockers WHERE customer_id = $1', [customer.id]),
    ).toEqual([{ n: 0 }]);
    const [attempt] = await rows<{ status: string }>('SELECT status FROM payment_attempts WHERE uuid = $1', [
      paid.data.transactionUuid,
    ]);
    // An authorised payment not yet settled is voided at the provider: the customer is not charged.
    expect(attempt!.status).toBe('voided');
  });
});
