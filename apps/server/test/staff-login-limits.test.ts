import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStaffCommand } from '../src/modules/staff/staff-cli-commands.ts';
import {
  loginLimitActor,
  staffAccountLocked,
  staffInvalidCredentials,
  staffLoginLimits,
  staffTooManyAttempts,
} from '../src/modules/staff/staff-auth.service.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

const host = siteHost.frontOfHouse;
const origin = `http://${host}`;

/** Issue 40 item 6 (decision 0070): guessing stays expensive, and strangers cannot lock staff out. */
describe('staff login limits', () => {
  let t: TestApp;
  let other: TestApp;
  const login = (
    app: TestApp,
    remoteAddress: string,
    who: { username: string; password: string },
    headers: Record<string, string> = {},
  ) =>
    app.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      headers: { host, origin, ...headers },
      remoteAddress,
      payload: who,
    });
  const statuses = (answers: { statusCode: number }[]) =>
    answers.reduce<Record<number, number>>((counts, answer) => {
      counts[answer.statusCode] = (counts[answer.statusCode] ?? 0) + 1;
      return counts;
    }, {});
  const counted = async (key: string) =>
    (
      await t.database.query<{ hits: number }>(
        'SELECT coalesce(sum(hits), 0)::int AS hits FROM rate_limit_hits WHERE key = $1',
        [key],
      )
    )[0]!.hits;
  const staffId = async (username: string) =>
    (await t.database.query<{ id: number }>('SELECT id FROM staff_users WHERE username = $1', [username]))[0]!
      .id;
  const auditOf = (username: string) =>
    t.database.query<{ actor: string; action: string; details: Record<string, unknown> }>(
      `SELECT actor, action, details FROM staff_audit_log
        WHERE details->>'username' = $1 AND action IN ('staff.locked', 'staff.unlocked') ORDER BY id`,
      [username],
    );
  const cli = async (argv: string[], password = '') => {
    const out: string[] = [];
    const err: string[] = [];
    const [operator] = await t.database.query<{ id: number }>('SELECT id FROM operators ORDER BY id LIMIT 1');
    const code = await runStaffCommand(argv, t.services().staffAccounts, operator!.id, {
      out: (text) => out.push(text),
      err: (text) => err.push(text),
      readPassword: async () => password,
    });
    return { code, out: out.join(''), err: err.join('') };
  };
  /** A staff member of the test's own, so no other test's failures count against them. */
  const newStaff = async (username: string) => {
    const password = `Pool-Side-${username}-2026!`;
    const added = await cli(['add', '--username', username, '--name', username, '--role', 'desk'], password);
    expect(added.code).toBe(0);
    return { username, password };
  };
  const wrong = (who: { username: string }, i = 0) => ({ username: who.username, password: `Wrong-${i}-x!` });

  beforeAll(async () => {
    t = await createTestApp();
    // A second server on the same database: the limits are the database's, not a process's.
    other = await createTestApp({ database: t.database, seed: false });
  });
  afterAll(async () => {
    await other?.app.close();
    await t?.close();
  });

  it('stops one address after 20 failures, forged X-Forwarded-For or not, long before the account would lock', async () => {
    const attacker = '198.51.100.10';
    const answers = [];
    for (let i = 0; i < 120; i++)
      answers.push(
        await login(t, attacker, wrong({ username: 'desk' }, i), { 'x-forwarded-for': `203.0.113.${i}` }),
      );
    expect(statuses(answers)).toEqual({ 422: 20, 429: 100 });
    expect(answers[0]!.json().errors).toEqual({ username: [staffInvalidCredentials] });
    expect(answers[20]!.json().message).toBe(staffTooManyAttempts);
    // Even the right password: the attacker's address is told nothing more for now.
    expect((await login(t, attacker, { username: 'desk', password: 'Desk-Staff-2026!' })).statusCode).toBe(
      429,
    );
    // The account counted only the 20 that were checked, and is not locked: the desk logs in from the desk.
    expect(await counted(staffLoginLimits.account(await staffId('desk')).key)).toBe(20);
    expect(
      (await login(t, '192.0.2.20', { username: 'desk', password: 'Desk-Staff-2026!' })).statusCode,
    ).toBe(200);
    expect(await auditOf('desk')).toEqual([]);
  });

  it('holds under 50 concurrent attempts spread over two servers on one database', async () => {
    const ann = await newStaff('ann-concurrent');
    const attacker = '198.51.100.11';
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => login(i % 2 === 0 ? t : other, attacker, wrong(ann, i))),
    );
    expect(statuses(answers)).toEqual({ 422: 20, 429: 30 });
    expect(await counted(staffLoginLimits.client(attacker).key)).toBe(20);
    expect(await counted(staffLoginLimits.account(await staffId(ann.username)).key)).toBe(20);
  });

  it('still limits guessing spread over many addresses, locking the account only where its member has not logged in, until unlocked', async () => {
    const lena = await newStaff('lena');
    const desk = '192.0.2.30';
    expect((await login(t, desk, lena)).statusCode).toBe(200);

    // Five addresses, twenty guesses each, all at once: the account's 100.
    const attackers = ['198.51.100.21', '198.51.100.22', '198.51.100.23', '198.51.100.24', '198.51.100.25'];
    const answers = await Promise.all(
      attackers.flatMap((address, a) =>
        Array.from({ length: 20 }, (_, i) =>
          login(i % 2 === 0 ? t : other, address, wrong(lena, a * 20 + i)),
        ),
      ),
    );
    expect(statuses(answers)).toEqual({ 422: 100 });

    // A sixth address is refused before any password is checked, the right one included.
    const stranger = await login(t, '198.51.100.26', lena);
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toBe(staffAccountLocked);
    expect(statuses(await Promise.all(attackers.map((address) => login(t, address, wrong(lena)))))).toEqual({
      429: 5,
    });
    // Lena at her own desk is not locked out, and neither is her desk limited by the strangers.
    expect((await login(other, desk, lena)).statusCode).toBe(200);
    expect((await login(t, desk, wrong(lena))).statusCode).toBe(422);
    expect((await login(t, desk, lena)).statusCode).toBe(200);
    // A new desk of hers is a stranger until the lock is lifted.
    expect((await login(t, '192.0.2.31', lena)).statusCode).toBe(429);

    // The lock was written once, by the login limit, naming the account.
    expect(await auditOf('lena')).toEqual([
      {
        actor: loginLimitActor,
        action: 'staff.locked',
        details: expect.objectContaining({ username: 'lena', failures: 100 }),
      },
    ]);

    // The way back in: the command line lifts the lock, and says so in the log.
    const unlocked = await cli(['unlock', 'lena']);
    expect(unlocked.err).toBe('');
    expect(unlocked).toMatchObject({ code: 0, out: 'Unlocked lena: 100 failed logins forgotten.\n' });
    expect(
      (await login(t, '192.0.2.31', { username: 'lena', password: 'Pool-Side-lena-2026!' })).statusCode,
    ).toBe(200);
    expect(await auditOf('lena')).toEqual([
      expect.objectContaining({ action: 'staff.locked' }),
      {
        actor: 'command line',
        action: 'staff.unlocked',
        details: expect.objectContaining({ username: 'lena', failuresForgotten: 100 }),
      },
    ]);

    expect(await cli(['unlock', '--username', 'LENA'])).toMatchObject({
      code: 0,
      out: 'Unlocked lena: 0 failed logins forgotten.\n',
    });
    expect(await cli(['unlock', 'nobody-here'])).toMatchObject({
      code: 65,
      err: 'There is no staff member with the username "nobody-here".\n',
    });
    expect((await cli(['unlock'])).code).toBe(65);
    expect((await cli(['unlock', 'lena', 'ann'])).code).toBe(64);
    expect((await cli(['deactivate', 'lena'])).code).toBe(64);
    expect(await auditOf('lena')).toHaveLength(3);
  });
});

describe('staff login limits behind a trusted proxy', () => {
  let t: TestApp;
  const proxy = '10.0.0.2';
  beforeAll(async () => {
    t = await createTestApp({ env: { LIDO_TRUST_PROXY: proxy } });
  });
  afterAll(() => t?.close());
  const login = (remoteAddress: string, forwardedFor: string, i: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      headers: { host, origin, 'x-forwarded-for': forwardedFor },
      remoteAddress,
      payload: { username: 'supervisor', password: `Wrong-${i}-x!` },
    });

  it('counts each client the proxy names, and a forged header from anywhere else as its sender', async () => {
    const first = [];
    for (let i = 0; i < 21; i++) first.push((await login(proxy, '198.51.100.40', i)).statusCode);
    expect(first.filter((status) => status === 422)).toHaveLength(20);
    expect(first[20]).toBe(429);
    // Another client behind the same proxy has an allowance of its own.
    expect((await login(proxy, '198.51.100.41', 0)).statusCode).toBe(422);
    // Not through the proxy: the header is the sender's own invention.
    const direct = [];
    for (let i = 0; i < 21; i++)
      direct.push((await login('198.51.100.42', `198.51.100.${100 + i}`, i)).statusCode);
    expect(direct[20]).toBe(429);
  });
});
