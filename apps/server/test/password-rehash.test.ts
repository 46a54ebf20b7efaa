import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '../src/db/seed/demo-customers.ts';
import { needsRehash } from '../src/modules/auth/passwords.ts';
import { createCustomer } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

describe('a login upgrades a weaker stored password hash', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const storedHash = async (customerId: number) => {
    const [row] = await t.database.query<{ password_hash: string }>(
      'SELECT password_hash FROM customers WHERE id = $1',
      [customerId],
    );
    return row!.password_hash;
  };

  it("stores a hash with today's parameters through the customers module, and the password still works", async () => {
    const customer = await createCustomer(t);
    // An argon2id hash made with less memory than today's minimum, as an older release stored it.
    const weak = await hash(demoPassword, { algorithm: 2, memoryCost: 8192, timeCost: 1, parallelism: 1 });
    await t.database.query('UPDATE customers SET password_hash = $1 WHERE id = $2', [weak, customer.id]);
    expect(needsRehash(weak)).toBe(true);

    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        headers: { origin: 'http://localhost:3001', host: 'localhost:3001' },
        payload: { username: customer.reference, password: demoPassword },
      });
    expect((await login()).statusCode).toBe(200);
    const upgraded = await storedHash(customer.id);
    expect(upgraded).not.toBe(weak);
    expect(needsRehash(upgraded)).toBe(false);
    expect((await login()).statusCode).toBe(200);
  });
});
