import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCredit, creditBalanceOf, spendCredit } from '../src/modules/account-credit/index.ts';
import { createCustomer } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Account credit in its own table (migration 0055, decision 0082), and, for the one release the
 * old column stays, the previous release's reads and writes of customers.credit_balance_pence
 * kept in step with it both ways (a rolling deploy runs both releases at once).
 */
describe('account credit balances', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const oldColumn = async (customerId: number) =>
    (
      await t.database.query<{ pence: number }>(
        'SELECT credit_balance_pence AS pence FROM customers WHERE id = $1',
        [customerId],
      )
    )[0]!.pence;

  it('adds, spends only what is there, and shows the previous release the same balance', async () => {
    const customer = await createCustomer(t);
    expect(await creditBalanceOf(t.database.db, customer.id)).toBe(0);
    expect(await spendCredit(t.database.db, customer.id, 1)).toBe(false);
    await addCredit(t.database.db, customer.id, 1250);
    await addCredit(t.database.db, customer.id, 250);
    expect(await creditBalanceOf(t.database.db, customer.id)).toBe(1500);
    expect(await oldColumn(customer.id)).toBe(1500);
    expect(await spendCredit(t.database.db, customer.id, 1600)).toBe(false);
    expect(await spendCredit(t.database.db, customer.id, 1500)).toBe(true);
    expect(await creditBalanceOf(t.database.db, customer.id)).toBe(0);
    expect(await oldColumn(customer.id)).toBe(0);
  });

  it("takes the previous release's writes of the old column into the new table", async () => {
    const customer = await createCustomer(t);
    await t.database.query(
      'UPDATE customers SET credit_balance_pence = credit_balance_pence + 700 WHERE id = $1',
      [customer.id],
    );
    expect(await creditBalanceOf(t.database.db, customer.id)).toBe(700);
    await t.database.query(
      'UPDATE customers SET credit_balance_pence = credit_balance_pence - 200 WHERE id = $1 AND credit_balance_pence >= 200',
      [customer.id],
    );
    expect(await creditBalanceOf(t.database.db, customer.id)).toBe(500);
    expect(await oldColumn(customer.id)).toBe(500);
  });

  it('never lets 20 concurrent spends take more than the balance', async () => {
    const customer = await createCustomer(t, { creditBalancePence: 1000 });
    const spends = await Promise.all(
      Array.from({ length: 20 }, () => t.database.db.transaction((tx) => spendCredit(tx, customer.id, 300))),
    );
    expect(spends.filter(Boolean)).toHaveLength(3);
    expect(await creditBalanceOf(t.database.db, customer.id)).toBe(100);
    expect(await oldColumn(customer.id)).toBe(100);
  });
});
