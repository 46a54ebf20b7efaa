import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '../src/db/seed/demo-customers.ts';
import {
  commonPasswordCount,
  commonPasswordMessage,
  commonPasswordVariantMessage,
} from '../src/modules/customers/common-passwords.ts';
import { passwordProblems } from '../src/modules/customers/password-policy.ts';
import { createCustomer } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const host = 'localhost:3002';
const origin = `http://${host}`;

const newCustomer = {
  first_name: 'Robin',
  last_name: 'Hughes',
  date_of_birth: '1990-03-27',
  phone: '07700 900123',
  address_line_one: '1 Test Street',
  town: 'Leeds',
  postcode: 'ls6 3br',
  client_id: 1,
  source: 'online-joining',
};

/** Issue 40 item 7: each passes the character rules, and each is a common password dressed up. */
const everydayVariants = [
  'Passw0rd!!',
  'P@ssw0rd123',
  'Qwerty123!!',
  'Letmein123!',
  'Welcome2026!',
  'Summer2026!',
  'Iloveyou2!',
  'Dr@gon2026!',
  'Footb@ll99!',
  'Sunsh1ne!!',
  'Michael1987!',
  '!!Liverpool1',
  'Password123456!',
  'Trustno1!',
];

const strongPasswords = [
  'Correct horse battery staple 9!',
  'Xk9$mQ2!pL7#vR4@',
  'Gx7!kR2#pW9@mT4z',
  // A common word with a long random tail is not what a cracking list tries.
  'Monkey!84729461',
  `Ünïcødé-Pässwörd-${'ß'.repeat(20)}-9Zz!`,
];

describe('common passwords are refused (quality.md S2)', () => {
  let t: TestApp;
  const register = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/register?onboarding_type=customer_account_online',
      headers: { origin, host },
      payload: { ...newCustomer, email, password, password_confirmation: password },
    });
  const customerCount = async () =>
    (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM customers'))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('checks against a large dictionary, not a short list', () => {
    expect(commonPasswordCount()).toBeGreaterThan(40_000);
  });

  it('refuses registration with each everyday variant, saying why, and creates no account', async () => {
    const before = await customerCount();
    for (const [index, password] of everydayVariants.entries()) {
      const response = await register(`variant-${index}@example.org`, password);
      expect(response.statusCode, password).toBe(422);
      expect(response.json().errors, password).toEqual({ password: [commonPasswordVariantMessage] });
    }
    expect(await customerCount()).toBe(before);
  });

  it('refuses a dictionary password as it is, whatever its capitals', async () => {
    // From the dictionary itself, already meeting the character rules.
    const response = await register('exact@example.org', 'P@ssW0rd');
    expect(response.json().errors).toEqual({ password: [commonPasswordMessage] });
  });

  it('accepts strong passwords and passphrases', async () => {
    for (const [index, password] of strongPasswords.entries()) {
      const response = await register(`strong-${index}@example.org`, password);
      expect(response.statusCode, `${password}: ${response.body}`).toBe(201);
    }
  });

  it('refuses them on a password change and a reset too', async () => {
    const { cookie } = await createCustomer(t);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/my-account/user/update?onboarding_type=membership_purchase',
      headers: { origin: 'http://localhost:3001', host: 'localhost:3001', cookie },
      payload: {
        current_password: demoPassword,
        password: 'Welcome2026!',
        repeat_new_password: 'Welcome2026!',
      },
    });
    expect(change.statusCode).toBe(422);
    expect(change.json().errors.password).toEqual([commonPasswordVariantMessage]);
    // The password is checked before the token is looked at, so no link is needed to see the rule.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/reset-password',
      headers: { origin, host },
      payload: { token: 'a'.repeat(43), password: 'Qwerty123!!', password_confirmation: 'Qwerty123!!' },
    });
    expect(reset.statusCode).toBe(422);
    expect(reset.json().errors).toEqual({ password: [commonPasswordVariantMessage] });
  });

  it('applies to staff passwords through the same rule', () => {
    expect(passwordProblems('Letmein123!')).toEqual([commonPasswordVariantMessage]);
    expect(passwordProblems('Till-Roll-2026!')).toEqual([]);
  });
});
