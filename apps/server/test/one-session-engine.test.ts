import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSessionEngine, type NewSession } from '../src/modules/auth/session-engine.ts';
import type * as SessionEngineModule from '../src/modules/auth/session-engine.ts';
import { demoPassword } from '../src/db/seed/demo-customers.ts';
import { hashToken } from '../src/modules/auth/tokens.ts';
import { createCustomer } from './support/factories.ts';
import { siteHost, type TestApp } from './support/test-app.ts';

/** How many session engines the app builds, and whose sessions they started, in order. */
const engines = vi.hoisted(() => ({ built: 0, started: [] as unknown[] }));
vi.mock('../src/modules/auth/session-engine.ts', async (original) => {
  const real = await original<typeof SessionEngineModule>();
  return {
    ...real,
    createSessionEngine: ((deps) => {
      const engine = real.createSessionEngine(deps);
      engines.built += 1;
      return {
        ...engine,
        start: (owner, previous) => {
          engines.started.push(owner);
          return engine.start(owner, previous);
        },
      };
    }) as typeof real.createSessionEngine,
  };
});

const minute = 60_000;
const desk = { username: 'desk', password: 'Desk-Staff-2026!' };

/**
 * Decision 0078: customers' and staff's sessions are issued, read, expired and revoked by one
 * engine (modules/auth/session-engine.ts), each side on its own table with its own limits.
 */
describe('one session engine for customers and staff', () => {
  let t: TestApp;
  let now = new Date('2026-11-23T10:00:00Z');
  let builtByApp = 0;
  const later = (ms: number) => (now = new Date(now.getTime() + ms));
  const inject = (site: string, method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { host: site, origin: `http://${site}`, cookie },
      ...(payload ? { payload } : {}),
    });
  const staff = {
    login: async () => {
      const response = await inject(siteHost.frontOfHouse, 'POST', '/api/staff/login', '', desk);
      const cookie = String(response.headers['set-cookie']).match(/lido_staffToken=[^;]+/)?.[0];
      if (!cookie) throw new Error(`staff login failed: ${response.statusCode} ${response.body}`);
      return cookie;
    },
    me: (cookie: string) => inject(siteHost.frontOfHouse, 'GET', '/api/staff/me', cookie),
    logout: (cookie: string) => inject(siteHost.frontOfHouse, 'POST', '/api/staff/logout', cookie),
  };
  const customer = {
    login: async () => (await createCustomer(t)).cookie,
    loginAgain: (cookie: string, username: string) =>
      inject(siteHost.myAccount, 'POST', '/api/auth/customer/login', cookie, {
        username,
        password: demoPassword,
      }),
    me: (cookie: string) => inject(siteHost.myAccount, 'GET', '/api/auth/user', cookie),
    logout: (cookie: string) => inject(siteHost.myAccount, 'POST', '/api/auth/logout', cookie),
  };
  /** When the session behind a cookie was revoked, read from its side's own table. */
  const revokedAt = async (table: 'sessions' | 'staff_sessions', cookie: string) => {
    const [row] = await t.database.query<{ revoked_at: Date | null }>(
      `SELECT revoked_at FROM ${table} WHERE token_hash = $1`,
      [hashToken(decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1)))],
    );
    if (!row) throw new Error(`No row in ${table} for that cookie`);
    return row.revoked_at === null ? null : new Date(row.revoked_at);
  };

  beforeAll(async () => {
    // Test files share a worker's modules: a fresh load makes the app build on the counted engine.
    vi.resetModules();
    const { createTestApp } = await import('./support/test-app.ts');
    const before = engines.built;
    t = await createTestApp({ now: () => now });
    builtByApp = engines.built - before;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('starts both sides’ sessions through the same engine, each on its own table', async () => {
    // Customers' (on the ordinary and the payments connections) and staff's.
    expect(builtByApp).toBe(3);
    const before = engines.started.length;
    await customer.login();
    await staff.login();
    const started = engines.started.slice(before);
    expect(started).toEqual([
      expect.objectContaining({ customerId: expect.any(Number), kiosk: false }),
      { staffUserId: expect.any(Number) },
    ]);
  });

  it('expires an idle customer and an idle member of staff, revoking each row', async () => {
    const customerCookie = await customer.login();
    const staffCookie = await staff.login();
    // Staff are locked after 15 idle minutes, customers after 30.
    later(16 * minute);
    expect((await staff.me(staffCookie)).statusCode).toBe(401);
    expect(await revokedAt('staff_sessions', staffCookie)).toEqual(now);
    expect((await customer.me(customerCookie)).statusCode).toBe(200);
    expect(await revokedAt('sessions', customerCookie)).toBeNull();
    later(31 * minute);
    expect((await customer.me(customerCookie)).statusCode).toBe(401);
    expect(await revokedAt('sessions', customerCookie)).toEqual(now);
  });

  it('revokes on logout on both sides: the same cookie is refused afterwards', async () => {
    const customerCookie = await customer.login();
    const staffCookie = await staff.login();
    expect((await customer.logout(customerCookie)).statusCode).toBe(200);
    expect((await staff.logout(staffCookie)).statusCode).toBe(200);
    expect((await customer.me(customerCookie)).statusCode).toBe(401);
    expect((await staff.me(staffCookie)).statusCode).toBe(401);
    expect(await revokedAt('sessions', customerCookie)).toEqual(now);
    expect(await revokedAt('staff_sessions', staffCookie)).toEqual(now);
  });

  it('ends the browser’s previous session at a new login, on both sides (S7)', async () => {
    const firstStaff = await staff.login();
    const response = await inject(siteHost.frontOfHouse, 'POST', '/api/staff/login', firstStaff, desk);
    expect(response.statusCode).toBe(200);
    expect((await staff.me(firstStaff)).statusCode).toBe(401);

    const { cookie: firstCustomer, reference } = await createCustomer(t);
    const again = await customer.loginAgain(firstCustomer, reference);
    expect(again.statusCode, again.body).toBe(200);
    expect((await customer.me(firstCustomer)).statusCode).toBe(401);
  });
});

/** The engine alone, on a store kept in memory: what both sides rely on. */
describe('the session engine', () => {
  interface Row extends NewSession {
    id: number;
    holderId: number;
    revokedAt: Date | null;
  }
  const make = (options: { allowed?: (holder: { id: number; open: boolean }) => boolean } = {}) => {
    let now = new Date('2026-11-23T10:00:00Z');
    const rows: Row[] = [];
    const holders = new Map([[1, { id: 1, open: true }]]);
    const writes: string[] = [];
    const engine = createSessionEngine({
      store: {
        async insert(owner: { holderId: number }, session) {
          rows.push({ ...session, holderId: owner.holderId, id: rows.length + 1, revokedAt: null });
        },
        async active(tokenHash) {
          const session = rows.find((row) => row.tokenHash === tokenHash && row.revokedAt === null);
          return session && { session, holder: holders.get(session.holderId) ?? null };
        },
        async touch(id, at) {
          writes.push(`touch ${id}`);
          rows.find((row) => row.id === id)!.lastSeenAt = at;
        },
        async revoke(tokenHash, at) {
          writes.push('revoke');
          for (const row of rows) if (row.tokenHash === tokenHash && !row.revokedAt) row.revokedAt = at;
        },
      },
      rules: {
        lifetimeMs: () => 60 * minute,
        idleLimitMs: () => 10 * minute,
        ...(options.allowed ? { holderAllowed: options.allowed } : {}),
      },
      clock: () => now,
    });
    return { engine, rows, holders, writes, later: (ms: number) => (now = new Date(now.getTime() + ms)) };
  };

  it('stores only the token’s hash, and answers the holder of a live token', async () => {
    const { engine, rows } = make();
    const token = await engine.start({ holderId: 1 });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(60 * minute);
    expect((await engine.authenticate(token))?.holder).toEqual({ id: 1, open: true });
    expect(await engine.authenticate('not a token')).toBeNull();
    expect(await engine.authenticate(undefined)).toBeNull();
  });

  it('moves the idle window on a request more than a minute after the last, and never sooner', async () => {
    const { engine, writes, later } = make();
    const token = await engine.start({ holderId: 1 });
    later(30_000);
    await engine.authenticate(token);
    expect(writes).toEqual([]);
    later(9 * minute);
    await engine.authenticate(token);
    expect(writes).toEqual(['touch 1']);
    later(9 * minute); // 18 minutes after the start, 9 after the last touch
    expect(await engine.authenticate(token)).not.toBeNull();
  });

  it('ends and revokes a session past its idle limit or its absolute end, and says when it will end', async () => {
    const idle = make();
    const token = await idle.engine.start({ holderId: 1 });
    idle.later(4 * minute);
    expect(await idle.engine.times(token)).toEqual({
      expiresAt: '2026-11-23T10:10:00.000Z',
      expiresInMs: 6 * minute,
      idleTimeoutMs: 10 * minute,
      extendable: true,
    });
    idle.later(6 * minute + 1);
    expect(await idle.engine.authenticate(token)).toBeNull();
    expect(idle.rows[0]!.revokedAt).not.toBeNull();

    const shift = make();
    const long = await shift.engine.start({ holderId: 1 });
    for (let step = 0; step < 6; step++) {
      shift.later(9 * minute);
      expect(await shift.engine.extend(long)).not.toBeNull();
    }
    expect((await shift.engine.times(long))?.extendable).toBe(false);
    shift.later(7 * minute); // 61 minutes in
    expect(await shift.engine.extend(long)).toBeNull();
    expect(shift.rows[0]!.revokedAt).not.toBeNull();
  });

  it('revokes at logout and at the next login, and ends a session whose holder may no longer have one', async () => {
    const { engine, rows, holders } = make({ allowed: (holder) => holder.open });
    const first = await engine.start({ holderId: 1 });
    const second = await engine.start({ holderId: 1 }, first);
    expect(await engine.authenticate(first)).toBeNull();
    expect(await engine.authenticate(second)).not.toBeNull();
    await engine.end(second);
    expect(await engine.authenticate(second)).toBeNull();

    const third = await engine.start({ holderId: 1 });
    holders.set(1, { id: 1, open: false });
    expect(await engine.authenticate(third)).toBeNull();
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
  });

  it('refuses a session whose holder is gone, without an error', async () => {
    const { engine, holders } = make();
    const token = await engine.start({ holderId: 1 });
    holders.delete(1);
    expect(await engine.authenticate(token)).toBeNull();
  });
});
