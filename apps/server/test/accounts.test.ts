import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '../src/db/seed/demo-customers.ts';
import { createCustomer } from './support/factories.ts';
import { createTestApp, productionEnv, type TestApp } from './support/test-app.ts';

const origin = 'http://localhost:3002';
const host = 'localhost:3002';

const newCustomer = {
  first_name: 'Robin',
  last_name: 'Hughes',
  date_of_birth: '1990-03-27',
  email: 'Robin.Hughes@Example.org',
  phone: '07700 900123',
  address_line_one: '1 Test Street',
  town: 'Leeds',
  postcode: 'ls6 3br',
  password: 'Correct-Horse-9',
  password_confirmation: 'Correct-Horse-9',
  client_id: 1,
  source: 'online-joining',
};

describe('registration, data fields and password reset', () => {
  let t: TestApp;
  let now = new Date('2026-11-21T10:00:00Z');
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { origin, host, ...headers },
      payload: payload as Record<string, unknown>,
    });
  const register = (payload: Record<string, unknown>) =>
    post('/api/auth/customer/register?onboarding_type=customer_account_online', payload);
  const login = (username: string, password: string) =>
    post('/api/auth/customer/login', { username, password });
  const customerCount = async () =>
    (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM customers'))[0]!.n;
  const resetLinks = (html: string) =>
    [...html.matchAll(/href="[^"]*\/reset-password\?token=([^"]+)"/g)].map((match) =>
      decodeURIComponent(match[1]!),
    );

  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
  });
  afterAll(async () => {
    await t.close();
  });

  it('describes the data fields in sections with a checksum, without a password for members', async () => {
    const guest = (
      await t.app.inject({ url: '/api/data-fields?onboarding_type=customer_account_online' })
    ).json().data;
    expect(guest.sections.map((section: { sectionReference: string }) => section.sectionReference)).toEqual([
      'personal',
      'address',
      'password',
    ]);
    expect(guest.checksum).toMatch(/^[0-9a-f]{16}$/);
    const member = (
      await t.app.inject({ url: '/api/data-fields?onboarding_type=membership_purchase' })
    ).json().data;
    expect(member.sections.map((section: { sectionReference: string }) => section.sectionReference)).toEqual([
      'personal',
      'address',
    ]);
    expect((await t.app.inject({ url: '/api/data-fields?onboarding_type=other' })).statusCode).toBe(422);
  });

  it('creates an account, logs it in, and it can log in again by email or customer reference', async () => {
    const response = await register(newCustomer);
    expect(response.statusCode).toBe(201);
    const user = response.json().data.user;
    expect(user).toMatchObject({ firstName: 'Robin', email: 'robin.hughes@example.org' });
    expect(user.reference).toMatch(/^C\d{6}$/);
    expect(String(response.headers['set-cookie'])).toContain('lido_authToken=');
    expect((await login('robin.hughes@example.org', 'Correct-Horse-9')).statusCode).toBe(200);
    expect((await login(user.reference, 'Correct-Horse-9')).statusCode).toBe(200);
    const [row] = await t.database.query<{ postcode: string }>(
      `SELECT postcode FROM customers WHERE reference = $1`,
      [user.reference],
    );
    expect(row?.postcode).toBe('LS6 3BR');
  });

  it('fills the data fields with a logged-in member’s answers, locking the identifying ones', async () => {
    const cookie = String((await login('priya.shah@example.org', demoPassword)).headers['set-cookie']).match(
      /lido_authToken=[^;]+/,
    )![0];
    const data = (
      await t.app.inject({ url: '/api/data-fields?onboarding_type=membership_purchase', headers: { cookie } })
    ).json().data;
    const fields = data.sections.flatMap((section: { sectionFields: unknown[] }) => section.sectionFields);
    expect(fields.find((f: { name: string }) => f.name === 'firstName')).toMatchObject({
      answer: 'Priya',
      isAuthorised: true,
    });
    expect(fields.find((f: { name: string }) => f.name === 'email')).toMatchObject({
      answer: 'priya.shah@example.org',
      isAuthorised: false,
    });
  });

  it('refuses missing, mistyped, over-long and unknown fields with a message each, and creates nothing', async () => {
    const before = await customerCount();
    const response = await register({
      ...newCustomer,
      first_name: '',
      last_name: 42,
      town: 'x'.repeat(101),
      postcode: 'NOT A CODE',
      email: 'not-an-email',
      is_admin: true,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      firstName: ['First name is required.'],
      lastName: ['Last name is required.'],
      town: ['Town or city must be at most 100 characters.'],
      postcode: ['Please enter a valid postcode'],
      email: ['Enter an email address in the correct format, like name@example.com.'],
      request: ['Unrecognized key: "isAdmin"'],
    });
    expect(await customerCount()).toBe(before);
  });

  it('applies the password guidance, and shows a mismatch under the repeat field', async () => {
    const weak = await register({ ...newCustomer, password: 'short', password_confirmation: 'different' });
    expect(weak.json().errors).toEqual({
      password: [
        'The password must be at least 8 characters.',
        'The password must contain at least one uppercase letter.',
        'The password must contain at least one number.',
        'The password must contain at least one special character.',
      ],
      passwordConfirmation: ['The password confirmation does not match.'],
    });
    const common = await register({
      ...newCustomer,
      password: 'Password123!',
      password_confirmation: 'Password123!',
    });
    expect(common.json().errors.password).toEqual([
      'This password is too common: it is one of the passwords people use most, only dressed up with capitals, look-alike characters (such as @ for a or 0 for o) or a few numbers and symbols, so it is easy to guess. Choose something less predictable.',
    ]);
    const future = await register({ ...newCustomer, date_of_birth: '2030-01-01' });
    expect(future.json().errors).toEqual({ dateOfBirth: ['Date of birth must be in the past.'] });
    const unreal = await register({ ...newCustomer, date_of_birth: '1990-02-30' });
    expect(unreal.json().errors).toEqual({
      dateOfBirth: [
        'Date must be valid. Enter date of birth as a day, month and year, for example 27 3 2007.',
      ],
    });
  });

  it('accepts a long Unicode password whole: a 73rd-byte variant is a different password (S2)', async () => {
    const long = `Ünïcødé-Pässwörd-${'ß'.repeat(20)}-9Zz!`.padEnd(64, 'é');
    const response = await register({
      ...newCustomer,
      email: 'long@example.org',
      password: long,
      password_confirmation: long,
    });
    expect(response.statusCode).toBe(201);
    expect((await login('long@example.org', long)).statusCode).toBe(200);
    const bytes = Buffer.from(long);
    expect(bytes.length).toBeGreaterThan(73);
    const variant = Buffer.concat([bytes.subarray(0, 72), Buffer.from('X')]).toString();
    expect((await login('long@example.org', variant)).statusCode).toBe(422);
  });

  it('answers a reset request the same way for no account, one account and a shared email (S4)', async () => {
    const outboxBefore = (await t.services().email.list()).length;
    const answers = await Promise.all(
      ['nobody@example.org', 'sam.carter@example.org', 'lee.family@example.org', 'C999999'].map((value) =>
        post('/api/auth/customer/forgotten-password', { email_or_reference: value }),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe(answers[0]!.body);
      expect(answer.body).not.toMatch(/multiple/i);
    }
    // The emails are sent after the answer; let them land (two: Sam's, and the Lees' shared one).
    await expect.poll(async () => (await t.services().email.list()).length).toBe(outboxBefore + 2);
  });

  it('emails a single-use link that sets a new password and ends every session (S5, S9)', async () => {
    const oldSession = String(
      (await login('sam.carter@example.org', demoPassword)).headers['set-cookie'],
    ).match(/lido_authToken=[^;]+/)![0];
    const outboxBefore = (await t.services().email.list()).length;
    await t
      .services()
      .customers.forgottenPassword(
        'sam.carter@example.org',
        '127.0.0.1',
        'http://localhost:3001/reset-password',
      )
      .then((r) => r.sent);
    const messages = await t.services().email.list();
    expect(messages.length).toBe(outboxBefore + 1);
    const message = messages[0]!;
    expect(message.to).toBe('sam.carter@example.org');
    const [token] = resetLinks(message.html);
    expect(token).toBeDefined();
    expect(Buffer.from(token!, 'base64url').length * 8).toBeGreaterThanOrEqual(128);

    const reset = await post('/api/auth/customer/reset-password', {
      token,
      password: 'New-Pass-2027',
      password_confirmation: 'New-Pass-2027',
    });
    expect(reset.statusCode).toBe(200);
    expect((await login('sam.carter@example.org', 'New-Pass-2027')).statusCode).toBe(200);
    expect((await login('sam.carter@example.org', demoPassword)).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { cookie: oldSession } })).statusCode).toBe(
      401,
    );

    const again = await post('/api/auth/customer/reset-password', {
      token,
      password: 'Other-Pass-2027',
      password_confirmation: 'Other-Pass-2027',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token).toEqual([
      'This reset link has expired or has already been used. Ask for a new one.',
    ]);
  });

  it('refuses an expired link and one replaced by a newer request (S5)', async () => {
    const send = () =>
      t
        .services()
        .customers.forgottenPassword('C100001', '127.0.0.2', 'http://localhost:3001/reset-password')
        .then((r) => r.sent);
    await send();
    const [first] = resetLinks((await t.services().email.list())[0]!.html);
    await send();
    const [second] = resetLinks((await t.services().email.list())[0]!.html);
    const body = (token: string) => ({
      token,
      password: 'Fresh-Pass-2027',
      password_confirmation: 'Fresh-Pass-2027',
    });
    expect((await post('/api/auth/customer/reset-password', body(first!))).statusCode).toBe(422);
    now = new Date(now.getTime() + 61 * 60_000);
    expect((await post('/api/auth/customer/reset-password', body(second!))).statusCode).toBe(422);
  });

  it('sends one email with a link per account when several accounts share the address', async () => {
    await t
      .services()
      .customers.forgottenPassword(
        'lee.family@example.org',
        '127.0.0.3',
        'http://localhost:3001/reset-password',
      )
      .then((r) => r.sent);
    const message = (await t.services().email.list())[0]!;
    expect(message.to).toBe('lee.family@example.org');
    expect(message.text).toContain('Multiple accounts use this email address');
    expect(message.text).toContain('Jordan Lee (customer ID C100004)');
    expect(message.text).toContain('Casey Lee (customer ID C100005)');
    expect(resetLinks(message.html)).toHaveLength(2);
  });

  it('limits reset requests per address before doing anything (S3)', async () => {
    let last = 0;
    for (let i = 0; i < 6; i++)
      last = (
        await post('/api/auth/customer/forgotten-password', { email_or_reference: 'hughes@example.org' })
      ).statusCode;
    expect(last).toBe(429);
  });

  it('lists the outbox on a local page, linking to each message', async () => {
    const customer = await createCustomer(t);
    await t
      .services()
      .customers.forgottenPassword(customer.reference, '127.0.0.4', 'http://localhost:3001/reset-password')
      .then((r) => r.sent);
    const list = await t.app.inject({ url: '/dev/outbox', headers: { host } });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Reset your Brightwater Leisure password');
    const id = /href="\/dev\/outbox\/([^"]+)"/.exec(list.body)![1];
    const message = await t.app.inject({ url: `/dev/outbox/${id}`, headers: { host } });
    expect(message.body).toContain('/reset-password?token=');
    expect((await t.app.inject({ url: '/dev/outbox/..%2F..%2Fetc', headers: { host } })).statusCode).toBe(
      404,
    );
  });
});

describe('the outbox page in production', () => {
  it('does not exist', async () => {
    const t = await createTestApp({
      seed: false,
      env: { ...productionEnv, LIDO_SMTP_URL: '', LIDO_EMAIL_OUTBOX: 'true' },
    });
    try {
      const response = await t.app.inject({ url: '/dev/outbox', headers: { host } });
      expect(response.body).not.toContain('Outbox');
    } finally {
      await t.close();
    }
  });
});

describe('reset links with a forged Host (S-host)', () => {
  const resetLinksIn = async (t: TestApp, headers: Record<string, string>) => {
    const before = (await t.services().email.list()).length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/forgotten-password',
      headers,
      payload: { email_or_reference: 'sam.carter@example.org' },
    });
    expect(response.statusCode).toBe(200);
    await expect.poll(async () => (await t.services().email.list()).length).toBe(before + 1);
    const message = (await t.services().email.list())[0]!;
    expect(`${message.text}${message.html}`).not.toContain('attacker');
    return [...message.text.matchAll(/(\S+)\?token=/g)].map((match) => match[1]);
  };

  it('link to the configured my-account site in production, whatever Host or X-Forwarded-Host say', async () => {
    const t = await createTestApp({
      env: { ...productionEnv, LIDO_SMTP_URL: '', LIDO_EMAIL_OUTBOX: 'true' },
    });
    try {
      const origin = 'https://myaccount.example.org';
      const forged: Record<string, string>[] = [
        { host: 'attacker.example', origin },
        { host: 'myaccount.example.org', 'x-forwarded-host': 'attacker.example', origin },
        {
          host: 'attacker.example',
          'x-forwarded-host': 'attacker.example',
          'x-forwarded-proto': 'http',
          origin,
        },
      ];
      for (const headers of forged)
        expect(await resetLinksIn(t, headers)).toEqual(['https://myaccount.example.org/reset-password']);
    } finally {
      await t.close();
    }
  });

  it('link to the local my-account port in development, not to the Host that asked', async () => {
    const t = await createTestApp();
    try {
      expect(
        await resetLinksIn(t, { host: 'attacker.example:3001', origin: 'http://attacker.example:3001' }),
      ).toEqual(['http://localhost:3001/reset-password']);
    } finally {
      await t.close();
    }
  });
});
