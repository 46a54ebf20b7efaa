import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runStaffCommand } from '../src/modules/staff/staff-cli-commands.ts';
import {
  staffAccountLocked,
  staffInvalidCredentials,
  staffLoginLimits,
} from '../src/modules/staff/staff-auth.service.ts';
import { outsideAllowListMessage, staffOnlyMessage } from '../src/http/callers.ts';
import { createTestApp, loginCookie, siteHost, type TestApp } from './support/test-app.ts';

/** The demo catalogue's staff (their passwords are in the README). */
const desk = { username: 'desk', password: 'Desk-Staff-2026!' };
const supervisor = { username: 'supervisor', password: 'Supervisor-2026!' };
const host = siteHost.frontOfHouse;
const origin = `http://${host}`;

describe('staff accounts and staff sessions (issue 19 items 2 and 6)', () => {
  let t: TestApp;
  let now = new Date();
  let address = 0;
  let client = '';
  const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { host, origin, ...(cookie ? { cookie } : {}) },
      remoteAddress: client,
      ...(payload ? { payload } : {}),
    });
  const staffLogin = (username: string, password: string) =>
    call('POST', '/api/staff/login', undefined, { username, password });
  const staffCookie = async (who: { username: string; password: string }) => {
    const response = await staffLogin(who.username, who.password);
    const cookie = String(response.headers['set-cookie']).match(/lido_staffToken=[^;]+/)?.[0];
    if (!cookie) throw new Error(`staff login failed: ${response.statusCode} ${response.body}`);
    return cookie;
  };
  const rows = <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    t.database.query<R>(sql, params);
  const operatorId = async () =>
    (await rows<{ id: number }>('SELECT id FROM operators ORDER BY id LIMIT 1'))[0]!.id;
  /** The command line, with its output kept and the password it reads given. */
  const cli = async (argv: string[], password = '') => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runStaffCommand(argv, t.services().staffAccounts, await operatorId(), {
      out: (text) => out.push(text),
      err: (text) => err.push(text),
      readPassword: async () => password,
    });
    return { code, out: out.join(''), err: err.join('') };
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => now });
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    now = new Date();
    client = `198.51.100.${++address}`;
  });

  it('logs the demo desk user in with a staff cookie of its own and says who they are', async () => {
    const response = await staffLogin(desk.username, desk.password);
    expect(response.statusCode).toBe(200);
    const cookies = String(response.headers['set-cookie']);
    expect(cookies).toMatch(/lido_staffToken=[^;]+; Path=\/; SameSite=Lax; HttpOnly/);
    expect(cookies).not.toMatch(/lido_authToken=/);
    expect(response.json().data.user).toEqual({
      id: expect.any(Number),
      username: 'desk',
      name: 'Dana Desk',
      role: 'desk',
      roleLabel: 'Desk staff',
      currencySymbol: '£',
      centres: [],
    });
    const cookie = cookies.match(/lido_staffToken=[^;]+/)![0];
    const me = await call('GET', '/api/staff/me', cookie);
    expect(me.statusCode).toBe(200);
    // No card provider in this app: the till offers no Card (decision 0058).
    expect(me.json().data).toMatchObject({ username: 'desk', role: 'desk', cardPayments: false });
    // A staff session is not a customer: the customer calls do not know it.
    const onMyAccount = await t.app.inject({
      url: '/api/auth/user',
      headers: { host: siteHost.myAccount, cookie },
      remoteAddress: client,
    });
    expect(onMyAccount.statusCode).toBe(401);
    // Logging out ends it.
    expect((await call('POST', '/api/staff/logout', cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/staff/me', cookie)).statusCode).toBe(401);
  });

  it('says the same for a wrong password and an unknown name, and stores argon2id', async () => {
    for (const [username, password] of [
      [desk.username, 'Wrong-Password-1!'],
      ['nobody', desk.password],
    ] as const) {
      const refused = await staffLogin(username, password);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ username: [staffInvalidCredentials] });
    }
    const [hash] = await rows<{ password_hash: string }>(
      "SELECT password_hash FROM staff_users WHERE username = 'desk'",
    );
    expect(hash!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses a customer’s session with 403 and no session with 401', async () => {
    const customer = await loginCookie(t, 'C100002');
    const asCustomer = await call('GET', '/api/staff/me', customer);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().message).toBe(staffOnlyMessage);
    expect((await call('GET', '/api/staff/session', customer)).statusCode).toBe(403);
    const nobody = await call('GET', '/api/staff/me');
    expect(nobody.statusCode).toBe(401);
  });

  it('locks an account after 100 failures in an hour, as customers’ are', async () => {
    const [{ id }] = (await rows<{ id: number }>(
      "SELECT id FROM staff_users WHERE username = 'supervisor'",
    )) as [{ id: number }];
    const key = staffLoginLimits.account(id).key;
    await rows(
      `INSERT INTO rate_limit_hits (key, window_start, hits) VALUES ($1, $2, 100)
       ON CONFLICT (key, window_start) DO UPDATE SET hits = excluded.hits`,
      [key, new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000)],
    );
    try {
      const locked = await staffLogin(supervisor.username, supervisor.password);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe(staffAccountLocked);
    } finally {
      await rows('DELETE FROM rate_limit_hits WHERE key = $1', [key]);
    }
    expect((await staffLogin(supervisor.username, supervisor.password)).statusCode).toBe(200);
  });

  it('ends a staff session after its idle time and after a shift', async () => {
    const cookie = await staffCookie(desk);
    expect((await call('GET', '/api/staff/session', cookie)).json().data).toMatchObject({
      idleTimeoutMs: 15 * 60_000,
    });
    now = new Date(now.getTime() + 16 * 60_000);
    expect((await call('GET', '/api/staff/me', cookie)).statusCode).toBe(401);

    now = new Date();
    const shift = await staffCookie(desk);
    for (let hour = 1; hour <= 10; hour++) {
      now = new Date(now.getTime() + 10 * 60_000);
      await call('POST', '/api/staff/session/extend', shift);
    }
    expect((await call('GET', '/api/staff/me', shift)).statusCode).toBe(200);
    now = new Date(now.getTime() + 10 * 3_600_000);
    expect((await call('GET', '/api/staff/me', shift)).statusCode).toBe(401);
  });

  it('manages accounts from the command line, auditing each change and ending sessions it affects', async () => {
    const weak = await cli(['add', '--username', 'ann', '--name', 'Ann Till', '--role', 'desk'], 'short');
    expect(weak.code).toBe(65);
    expect(weak.err).toContain('The password must be at least 8 characters.');
    expect(await rows("SELECT id FROM staff_users WHERE username = 'ann'")).toEqual([]);

    const added = await cli(
      ['add', '--username', 'ann', '--name', 'Ann Till', '--role', 'desk', '--currency', '€'],
      'Till-Roll-2026!',
    );
    expect(added).toMatchObject({ code: 0, out: 'Added ann (desk).\n' });
    const again = await cli(
      ['add', '--username', 'ANN', '--name', 'Ann Two', '--role', 'desk'],
      'Till-Roll-2026!',
    );
    expect(again).toMatchObject({ code: 65, err: 'The username "ANN" is already taken.\n' });
    expect((await cli(['add', '--username', 'bob', '--name', 'Bob', '--role', 'owner'], 'x')).code).toBe(65);

    const ann = await staffCookie({ username: 'ann', password: 'Till-Roll-2026!' });
    expect((await call('GET', '/api/staff/me', ann)).json().data).toMatchObject({ currencySymbol: '€' });
    expect((await cli(['change', '--username', 'ann', '--role', 'supervisor'])).code).toBe(0);
    // A new role ends her session: she logs in again to have it.
    expect((await call('GET', '/api/staff/me', ann)).statusCode).toBe(401);
    expect((await cli(['deactivate', '--username', 'ann'])).code).toBe(0);
    const closed = await staffLogin('ann', 'Till-Roll-2026!');
    expect(closed.statusCode).toBe(422);
    expect((await cli(['list'])).out).toMatch(/^ann\tAnn Till\tsupervisor\t€\tclosed$/m);

    const audit = await rows<{ actor: string; action: string; details: Record<string, unknown> }>(
      "SELECT actor, action, details FROM staff_audit_log WHERE details->>'username' = 'ann' ORDER BY id",
    );
    expect(audit).toEqual([
      { actor: 'command line', action: 'staff.added', details: expect.objectContaining({ role: 'desk' }) },
      {
        actor: 'command line',
        action: 'staff.changed',
        details: expect.objectContaining({ role: { from: 'desk', to: 'supervisor' } }),
      },
      { actor: 'command line', action: 'staff.changed', details: expect.objectContaining({ active: false }) },
    ]);
  });

  it('adds a manager limited to the centres it is given, from the command line and the catalogue (issue 35 item 1)', async () => {
    // A manager needs centres, every one the operator's; desk staff and supervisors take none.
    const none = await cli(
      ['add', '--username', 'mia', '--name', 'Mia Pool', '--role', 'manager'],
      'Deep-End-2026!',
    );
    expect(none).toMatchObject({ code: 65 });
    expect(none.err).toContain('A manager needs at least one centre');
    const unknown = await cli(
      [
        'add',
        '--username',
        'mia',
        '--name',
        'Mia Pool',
        '--role',
        'manager',
        '--centres',
        'atlantis-leisure',
      ],
      'Deep-End-2026!',
    );
    expect(unknown.err).toContain('There is no centre "atlantis-leisure".');
    const deskWithCentre = await cli(
      [
        'add',
        '--username',
        'mia',
        '--name',
        'Mia Pool',
        '--role',
        'desk',
        '--centres',
        'castlefield-leisure-centre',
      ],
      'Deep-End-2026!',
    );
    expect(deskWithCentre.err).toContain('Only a manager is given centres');
    expect(await rows("SELECT id FROM staff_users WHERE username = 'mia'")).toEqual([]);

    const added = await cli(
      [
        'add',
        '--username',
        'mia',
        '--name',
        'Mia Pool',
        '--role',
        'manager',
        '--centres',
        'castlefield-leisure-centre',
      ],
      'Deep-End-2026!',
    );
    expect(added).toMatchObject({ code: 0, out: 'Added mia (manager at castlefield-leisure-centre).\n' });
    const mia = await staffCookie({ username: 'mia', password: 'Deep-End-2026!' });
    expect((await call('GET', '/api/staff/me', mia)).json().data).toMatchObject({
      role: 'manager',
      roleLabel: 'Manager',
      centres: ['castlefield-leisure-centre'],
    });
    // New centres end her session, as a new role does, and are in the audit log.
    expect(
      (
        await cli([
          'change',
          '--username',
          'mia',
          '--centres',
          'castlefield-leisure-centre,salford-quays-aquatics',
        ])
      ).code,
    ).toBe(0);
    expect((await call('GET', '/api/staff/me', mia)).statusCode).toBe(401);
    expect((await cli(['list'])).out).toMatch(
      /^mia\tMia Pool\tmanager \(castlefield-leisure-centre, salford-quays-aquatics\)\t£\tactive$/m,
    );
    // Made desk staff, she loses her centres.
    expect((await cli(['change', '--username', 'mia', '--role', 'desk'])).code).toBe(0);
    expect(await rows("SELECT role, centres FROM staff_users WHERE username = 'mia'")).toEqual([
      { role: 'desk', centres: [] },
    ]);
    const audit = await rows<{ details: Record<string, unknown> }>(
      "SELECT details FROM staff_audit_log WHERE details->>'username' = 'mia' ORDER BY id",
    );
    expect(audit.map((row) => row.details)).toEqual([
      expect.objectContaining({ role: 'manager', centres: ['castlefield-leisure-centre'] }),
      expect.objectContaining({
        centres: {
          from: ['castlefield-leisure-centre'],
          to: ['castlefield-leisure-centre', 'salford-quays-aquatics'],
        },
      }),
      expect.objectContaining({ role: { from: 'manager', to: 'desk' } }),
    ]);
    // The demo's manager comes from the catalogue file's staff section.
    expect(await rows("SELECT role, centres FROM staff_users WHERE username = 'manager'")).toEqual([
      { role: 'manager', centres: ['castlefield-leisure-centre', 'salford-quays-aquatics'] },
    ]);
  });

  it('never lets the audit log be changed or deleted', async () => {
    const [entry] = await rows<{ id: number }>('SELECT id FROM staff_audit_log ORDER BY id LIMIT 1');
    expect(entry).toBeDefined();
    await expect(
      rows("UPDATE staff_audit_log SET actor = 'someone else' WHERE id = $1", [entry!.id]),
    ).rejects.toThrow(/cannot be changed or deleted/);
    await expect(rows('DELETE FROM staff_audit_log WHERE id = $1', [entry!.id])).rejects.toThrow(
      /cannot be changed or deleted/,
    );
  });

  it('imports the catalogue’s staff once: the same file again writes nothing', async () => {
    const count = async () =>
      (await rows<{ n: number }>('SELECT count(*)::int AS n FROM staff_audit_log'))[0]!.n;
    const before = await count();
    const fs = await import('node:fs');
    const { demoCataloguePath } = await import('../src/db/seed/seed-demo.ts');
    const { importCatalogue } = await import('../src/modules/catalogue/catalogue-import.ts');
    const result = await importCatalogue(
      t.database.db,
      await operatorId(),
      fs.readFileSync(demoCataloguePath, 'utf8'),
    );
    expect(result.ok).toBe(true);
    expect(await count()).toBe(before);
    expect(
      await rows("SELECT role FROM staff_users WHERE username IN ('desk', 'supervisor') ORDER BY username"),
    ).toEqual([{ role: 'desk' }, { role: 'supervisor' }]);
  });
});

describe('the staff address allow-list (LIDO_FRONT_OF_HOUSE_ALLOW)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LIDO_FRONT_OF_HOUSE_ALLOW: '192.0.2.0/24, 2001:db8::/32' } });
  });
  afterAll(() => t?.close());
  const login = (remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      headers: { host, origin },
      remoteAddress,
      payload: desk,
    });

  it('answers staff calls only from the listed networks', async () => {
    const outside = await login('198.51.100.7');
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe(outsideAllowListMessage);
    expect((await login('192.0.2.44')).statusCode).toBe(200);
    expect((await login('::ffff:192.0.2.45')).statusCode).toBe(200);
    expect((await login('2001:db8::1')).statusCode).toBe(200);
    // The customer calls are not limited by it.
    const customer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      headers: { host: siteHost.myAccount, origin: `http://${siteHost.myAccount}` },
      remoteAddress: '198.51.100.7',
      payload: { username: 'C100002', password: 'Swim-Gym-2026!' },
    });
    expect(customer.statusCode).toBe(200);
  });

  it('refuses a setting it does not understand at start-up', async () => {
    const { loadConfig } = await import('../src/config.ts');
    expect(() =>
      loadConfig({ NODE_ENV: 'test', LIDO_FRONT_OF_HOUSE_ALLOW: '192.0.2.0/24, the office' }),
    ).toThrow(/LIDO_FRONT_OF_HOUSE_ALLOW: .*not understood: the, office/);
  });
});
