import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '../src/db/seed/demo-customers.ts';
import { createCustomer } from './support/factories.ts';
import { createTestApp, loginCookie, type TestApp } from './support/test-app.ts';

const origin = 'http://localhost:3001';
const host = 'localhost:3001';
const url = '/api/my-account/user/update?onboarding_type=membership_purchase';

describe('updating my details', () => {
  let t: TestApp;
  const update = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url, headers: { origin, host, cookie }, payload });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('changes only the fields sent and re-issues the session', async () => {
    const { id, cookie } = await createCustomer(t, { firstName: 'Priya' });
    const response = await update(cookie, { town: 'Salford', postcode: 'm5 4wt' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({ firstName: 'Priya' });
    const [row] = await t.database.query<{ town: string; postcode: string; first_name: string }>(
      `SELECT town, postcode, first_name FROM customers WHERE id = $1`,
      [id],
    );
    expect(row).toEqual({ town: 'Salford', postcode: 'M5 4WT', first_name: 'Priya' });
    const fresh = String(response.headers['set-cookie']).match(/lido_authToken=[^;]+/)![0];
    expect(fresh).not.toBe(cookie);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { host, cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { host, cookie: fresh } })).statusCode).toBe(
      200,
    );
  });

  it('refuses the identifying fields, privileged fields and bad values, changing nothing (S16)', async () => {
    const { id, cookie } = await createCustomer(t);
    const row = () => t.database.query(`SELECT * FROM customers WHERE id = $1`, [id]);
    const before = await row();
    for (const payload of [
      { email: 'new@example.org' },
      { credit_balance_pence: 99999 },
      { postcode: 'nowhere' },
      { first_name: 'x'.repeat(101) },
    ]) {
      const response = await update(cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(await row()).toEqual(before);
  });

  it('changes the password only with the current one, and logs out other sessions', async () => {
    const { reference, cookie } = await createCustomer(t);
    const other = await loginCookie(t, reference);
    const wrong = await update(cookie, {
      current_password: 'nope',
      password: 'New-Secret-77',
      repeat_new_password: 'New-Secret-77',
    });
    expect(wrong.json().errors).toEqual({ currentPassword: ['Your current password is incorrect.'] });
    const mismatch = await update(cookie, {
      current_password: demoPassword,
      password: 'New-Secret-77',
      repeat_new_password: 'New-Secret-78',
    });
    expect(mismatch.json().errors).toEqual({
      repeatNewPassword: ['The password confirmation does not match.'],
    });
    const ok = await update(cookie, {
      current_password: demoPassword,
      password: 'New-Secret-77',
      repeat_new_password: 'New-Secret-77',
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { host, cookie: other } })).statusCode).toBe(
      401,
    );
    expect(await loginCookie(t, reference, 'New-Secret-77')).toMatch(/lido_authToken=/);
  });

  it('checks the current password at most 10 times an hour, however many tries arrive at once (S3)', async () => {
    const { cookie } = await createCustomer(t);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        update(cookie, {
          current_password: `guess-${i}`,
          password: 'New-Secret-77',
          repeat_new_password: 'New-Secret-77',
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 422)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
  });

  it('needs a session', async () => {
    expect(
      (await t.app.inject({ method: 'PUT', url, headers: { origin, host }, payload: { town: 'X' } }))
        .statusCode,
    ).toBe(401);
  });
});
