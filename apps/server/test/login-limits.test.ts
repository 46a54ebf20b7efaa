import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoPassword } from '../src/db/seed/demo-customers.ts';
import type * as Passwords from '../src/modules/auth/passwords.ts';
import { createCustomer } from './support/factories.ts';
import { siteHost, type TestApp } from './support/test-app.ts';

// Every password check in the app goes through this counter: "before any hash is computed" is then
// something the test can see.
const hashes = vi.hoisted(() => ({ verified: 0 }));
vi.mock('../src/modules/auth/passwords.ts', async (importOriginal) => {
  const original = await importOriginal<typeof Passwords>();
  return {
    ...original,
    verifyPassword: (hash: string, password: string) => {
      hashes.verified += 1;
      return original.verifyPassword(hash, password);
    },
  };
});

const host = siteHost.myAccount;
const origin = `http://${host}`;
const hour = 3_600_000;
const lockedMessage =
  'This account is locked for now after too many wrong passwords. To log in straight away, choose "I have forgotten my password" and set a new one; otherwise try again later.';

/** quality.md S3 and S4; issue 15, item 6. */
describe('login limits per account', () => {
  let t: TestApp;
  let now = new Date('2026-11-21T10:30:00Z');
  let address = 0;
  /** Each test comes from its own address, so only the account limits are in play. */
  let client = '';
  const login = (username: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      headers: { host, origin },
      remoteAddress: client,
      payload: { username, password },
    });
  /** An account of the test's own, so no other test's failures count against it. */
  const account = (email?: string) => createCustomer(t, email ? { email } : {});
  const windowStart = (at: Date, back = 0) => new Date((Math.floor(at.getTime() / hour) - back) * hour);
  const setFailures = async (key: string, hits: number, back = 0) =>
    t.database.query(
      `INSERT INTO rate_limit_hits (key, window_start, hits) VALUES ($1, $2, $3)
       ON CONFLICT (key, window_start) DO UPDATE SET hits = excluded.hits`,
      [key, windowStart(now, back), hits],
    );
  const failures = async (key: string) =>
    (
      await t.database.query<{ hits: number }>(
        'SELECT coalesce(sum(hits), 0)::int AS hits FROM rate_limit_hits WHERE key = $1',
        [key],
      )
    )[0]!.hits;

  beforeAll(async () => {
    // Test files share a worker's modules: a fresh load makes the app pick up the counted passwords.
    vi.resetModules();
    const { createTestApp } = await import('./support/test-app.ts');
    t = await createTestApp({ now: () => now });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    now = new Date('2026-11-21T10:30:00Z');
    client = `198.51.100.${++address}`;
  });

  it('counts 100 failures by email and the next by customer ID against one account', async () => {
    const priya = await account();
    for (let i = 0; i < 100; i++) expect((await login(priya.email, `wrong-${i}`)).statusCode).toBe(422);
    const byReference = await login(priya.reference, 'wrong-again');
    expect(byReference.statusCode).toBe(429);
    expect(byReference.json()).toEqual({ message: lockedMessage });
    // The right password too: the limit is checked before any password is.
    expect((await login(priya.reference.toLowerCase(), demoPassword)).statusCode).toBe(429);
    expect(await failures(`login:customer:${priya.id}`)).toBe(100);
  });

  it('counts failures by customer ID against logins by email the same way', async () => {
    const sam = await account();
    await setFailures(`login:customer:${sam.id}`, 99);
    expect((await login(sam.reference, 'wrong')).statusCode).toBe(422);
    expect((await login(sam.email.toUpperCase(), demoPassword)).statusCode).toBe(429);
  });

  it('checks the password at most 100 times for 400 concurrent bad logins', async () => {
    const alex = await account();
    hashes.verified = 0;
    const answers = await Promise.all(
      Array.from({ length: 400 }, (_, i) => login(i % 2 ? alex.reference : alex.email, `guess-${i}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 422)).toHaveLength(100);
    expect(statuses.filter((status) => status === 429)).toHaveLength(300);
    expect(hashes.verified).toBe(100);
    expect(await failures(`login:customer:${alex.id}`)).toBe(100);
  });

  it('holds 100 in any hour, across the edge of a counting window', async () => {
    const priya = await account();
    const key = `login:customer:${priya.id}`;
    now = new Date('2026-11-21T10:59:00Z');
    await setFailures(key, 100);
    now = new Date('2026-11-21T11:01:00Z');
    expect((await login(priya.reference, 'wrong')).statusCode).toBe(429);
    now = new Date('2026-11-21T12:01:00Z');
    expect((await login(priya.reference, demoPassword)).statusCode).toBe(200);
  });

  it('does not count a right password as a failure', async () => {
    const sam = await account();
    const key = `login:customer:${sam.id}`;
    await setFailures(key, 99);
    for (let i = 0; i < 5; i++) expect((await login(sam.reference, demoPassword)).statusCode).toBe(200);
    expect(await failures(key)).toBe(99);
    expect((await login(sam.reference, 'wrong')).statusCode).toBe(422);
    expect((await login(sam.reference, demoPassword)).statusCode).toBe(429);
  });

  it('answers an unknown name exactly as a known account, before and after it locks (S4)', async () => {
    const alex = await account();
    const nobody = `nobody.${alex.id}@example.org`;
    await setFailures(`login:customer:${alex.id}`, 99);
    await setFailures(`login:name:${nobody}`, 99);
    const known = await login(alex.email, 'wrong');
    const unknown = await login(nobody.toUpperCase(), 'wrong');
    expect([known.statusCode, known.json()]).toEqual([unknown.statusCode, unknown.json()]);
    const knownLocked = await login(alex.email, 'wrong');
    const unknownLocked = await login(nobody, 'wrong');
    expect(knownLocked.statusCode).toBe(429);
    expect([knownLocked.statusCode, knownLocked.json()]).toEqual([
      unknownLocked.statusCode,
      unknownLocked.json(),
    ]);
  });

  it('locks a shared email while any of its accounts is locked; the other account still logs in by its ID', async () => {
    const shared = `family.${address}.${Date.now()}@example.org`;
    const jordan = await account(shared);
    const casey = await account(shared);
    await setFailures(`login:customer:${jordan.id}`, 100);
    // Casey's right password, typed with the shared email: the lock on Jordan's account holds.
    expect((await login(shared, demoPassword)).statusCode).toBe(429);
    expect((await login(casey.reference, demoPassword)).statusCode).toBe(200);
  });

  it('tells a locked-out owner the way back in: the reset email works, and the new password logs in', async () => {
    const shared = `family.${address}.${Date.now()}@example.org`;
    const jordan = await account(shared);
    const casey = await account(shared);
    const lee = [jordan.id, casey.id];
    for (const id of lee) await setFailures(`login:customer:${id}`, 100);
    const locked = await login(shared, demoPassword);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toContain('I have forgotten my password');

    const mailBefore = (await t.services().email.list()).length;
    const forgotten = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/forgotten-password',
      headers: { host, origin },
      remoteAddress: client,
      payload: { email_or_reference: shared },
    });
    expect(forgotten.statusCode).toBe(200);
    // The email is written after the answer (the same timing whether an account exists).
    await vi.waitFor(async () => expect((await t.services().email.list()).length).toBe(mailBefore + 1));
    const [message] = await t.services().email.list();
    const token = decodeURIComponent(/reset-password\?token=([^"&]+)/.exec(message!.html)![1]!);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/reset-password',
      headers: { host, origin },
      payload: { token, password: 'Lifted-Lock-2027', password_confirmation: 'Lifted-Lock-2027' },
    });
    expect(reset.statusCode).toBe(200);
    // Both accounts of the mailbox are free again, by email and by ID.
    expect((await login(shared, 'Lifted-Lock-2027')).statusCode).toBe(200);
    expect((await login(casey.reference, demoPassword)).statusCode).toBe(200);
    for (const id of lee) expect(await failures(`login:customer:${id}`)).toBe(0);
  });
});
