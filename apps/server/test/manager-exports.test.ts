import type { Dashboard } from '@lido/contracts/dashboard';
import { todayIn } from '@lido/pricing/calendar-date';
import { customerExportColumns, orderExportColumns } from '@lido/contracts/staff-exports';
import type { StaffAuditAnswer } from '@lido/contracts/staff-audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportPageSize } from '../src/modules/dashboard/exports.service.ts';
import { createActivity, createSession } from './support/activity-factories.ts';
import { createCustomer } from './support/factories.ts';
import { staffLogin } from './support/staff-login.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

const host = siteHost.frontOfHouse;
const range = 'from=2027-03-01&to=2027-03-07';
const castlefield = 'castlefield-leisure-centre';
const quays = 'salford-quays-aquatics';

/** Every cell is quoted (RFC 4180); the files hold no newline inside a cell. */
function parseCsv(body: string): string[][] {
  expect(body.endsWith('\r\n')).toBe(true);
  return body
    .slice(0, -2)
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((match) => match[1]!.replaceAll('""', '"')),
    );
}

/** Issue 37 item 2 and the dashboard's cross-centre view (decision 0102). */
describe('the manager’s exports, table downloads and all-centres dashboard', () => {
  let t: TestApp;
  let managerId = 0;

  const call = async (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { host, origin: `http://${host}`, cookie },
      ...(payload ? { payload } : {}),
    });
  const manager = () => staffLogin(t, 'manager', 'Pool-Manager-2026!');
  const exported = async (kind: 'orders' | 'customers', query: string) => {
    const response = await call('GET', `/api/staff/exports/${kind}.csv?${query}`, await manager());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${kind}-`));
    return parseCsv(response.body);
  };
  const lastAudit = async () =>
    (
      await t.database.query<{ staff_user_id: number; action: string; details: Record<string, unknown> }>(
        'SELECT staff_user_id, action, details FROM staff_audit_log ORDER BY id DESC LIMIT 1',
      )
    )[0]!;
  const auditCount = async () =>
    Number((await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM staff_audit_log'))[0]!.n);
  const venue = async (slug: string) =>
    (await t.database.query<{ id: number }>('SELECT id FROM venues WHERE slug = $1', [slug]))[0]!.id;
  const order = async (reference: string, customerId: number, slug: string, at: string, extra = {}) => {
    const o = { method: 'card', total: 1500, credit: 0, voided: false, ...extra };
    return (
      await t.database.query<{ id: number }>(
        `INSERT INTO orders (reference, customer_id, venue_id, source, status, total_pence, payment_method,
           credit_pence, completed_at, voided_at)
         VALUES ($1, $2, $3, 'bookings', 'completed', $4, $5, $6, $7, $8) RETURNING id`,
        [reference, customerId, await venue(slug), o.total, o.method, o.credit, at, o.voided ? at : null],
      )
    )[0]!.id;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date('2027-03-10T12:00:00Z') });
    managerId = (
      await t.database.query<{ id: number }>(`SELECT id FROM staff_users WHERE username = 'manager'`)
    )[0]!.id;
  });
  afterAll(() => t?.close());

  it('refuses desk and supervisor with a clear message, other centres, unknown centres and bad ranges, and logs none of them', async () => {
    const [desk, supervisor, cookie] = await Promise.all([
      staffLogin(t, 'desk', 'Desk-Staff-2026!'),
      staffLogin(t, 'supervisor', 'Supervisor-2026!'),
      manager(),
    ]);
    const before = await auditCount();
    for (const kind of ['orders', 'customers'])
      for (const someone of [desk, supervisor]) {
        const refused = await call('GET', `/api/staff/exports/${kind}.csv?${range}`, someone);
        expect(refused.statusCode).toBe(403);
        expect(refused.json<{ message: string }>().message).toBe(
          'Only a centre manager can export orders and customers.',
        );
      }
    const download = {
      table: 'utilisation',
      from: '2027-03-01',
      to: '2027-03-07',
      centre: castlefield,
      rows: 3,
    };
    const refusedDownload = await call('POST', '/api/staff/dashboard/downloads', desk, download);
    expect(refusedDownload.statusCode).toBe(403);
    expect(refusedDownload.json<{ message: string }>().message).toBe(
      'Only a centre manager can download the dashboard’s tables.',
    );
    const others = await t.database.query<{ slug: string; name: string }>(
      `SELECT slug, name FROM venues WHERE slug NOT IN ($1, $2) ORDER BY id LIMIT 1`,
      [castlefield, quays],
    );
    expect(others).toHaveLength(1);
    const notMine = await call(
      'GET',
      `/api/staff/exports/orders.csv?${range}&centre=${others[0]!.slug}`,
      cookie,
    );
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json<{ message: string }>().message).toBe(
      `You don’t manage ${others[0]!.name}: a manager sees the figures of their own centres only.`,
    );
    expect(
      (await call('GET', `/api/staff/exports/customers.csv?${range}&centre=nowhere`, cookie)).statusCode,
    ).toBe(404);
    for (const bad of [
      'from=2027-03-07&to=2027-03-01',
      'from=2027-01-01&to=2028-01-02',
      'from=2027-02-30&to=2027-03-01',
      'to=2027-03-01',
    ])
      expect((await call('GET', `/api/staff/exports/orders.csv?${bad}`, cookie)).statusCode, bad).toBe(422);
    for (const bad of [
      { ...download, table: 'secrets' },
      { ...download, rows: -1 },
      { ...download, from: '2027-03-08' },
      { ...download, centre: others[0]!.slug },
    ])
      expect(
        (await call('POST', '/api/staff/dashboard/downloads', cookie, bad)).statusCode,
      ).toBeGreaterThanOrEqual(403);
    expect(await auditCount()).toBe(before);
  });

  it('exports the range’s completed orders of the chosen centres with lines, pence, pounds and tenders, formula-safe, and logs it', async () => {
    const customer = await createCustomer(t, { homeVenueSlug: castlefield });
    const staffId = managerId;
    const online = await order('LD-93711001', customer.id, castlefield, '2027-03-02T12:00:00Z', {
      total: 2500,
      credit: 500,
    });
    const atDesk = await order('LD-93711002', customer.id, castlefield, '2027-03-07T23:30:00Z', {
      method: 'offline',
      total: 1500,
    });
    await order('LD-93711003', customer.id, castlefield, '2027-03-03T12:00:00Z', { voided: true });
    await order('LD-93711004', customer.id, castlefield, '2027-03-08T00:30:00Z'); // 8 March: out of range
    await order('LD-93711005', customer.id, quays, '2027-03-03T12:00:00Z', { total: 700 });
    await t.database.query(
      `INSERT INTO order_items (order_id, position, item_type, description, amount_pence)
       VALUES ($1, 1, 'booking', '=HYPERLINK("http://evil")', 2000), ($1, 2, 'fee', 'Towel', 500),
              ($2, 1, 'package', 'Ten swims', 1500)`,
      [online, atDesk],
    );
    await t.database.query(
      `INSERT INTO order_tenders (order_id, tender_type, amount_pence, tendered_pence, staff_user_id)
       VALUES ($1, 'cash', 1000, 2000, $2), ($1, 'cheque', 500, 500, $2)`,
      [atDesk, staffId],
    );

    const rows = await exported('orders', `${range}&centre=${castlefield}`);
    expect(rows[0]).toEqual([...orderExportColumns]);
    const mine = rows.filter((row) => row[0]!.startsWith('LD-93711'));
    expect(mine).toEqual([
      [
        'LD-93711001',
        '2027-03-02',
        '12:00',
        'Castlefield Leisure Centre',
        'bookings',
        customer.reference,
        `'=HYPERLINK("http://evil") (20.00); Towel (5.00)`,
        '2',
        '2500',
        '25.00',
        '500',
        '5.00',
        'Card 20.00; Account credit 5.00',
      ],
      [
        'LD-93711002',
        '2027-03-07',
        '23:30',
        'Castlefield Leisure Centre',
        'bookings',
        customer.reference,
        'Ten swims (15.00)',
        '1',
        '1500',
        '15.00',
        '0',
        '0.00',
        'Cash 10.00; Cheque 5.00',
      ],
    ]);
    expect(await lastAudit()).toEqual({
      staff_user_id: managerId,
      action: 'export.orders',
      details: {
        from: '2027-03-01',
        to: '2027-03-07',
        centre: castlefield,
        centreName: 'Castlefield Leisure Centre',
        rows: rows.length - 1,
      },
    });

    const everywhere = await exported('orders', range);
    expect(everywhere.filter((row) => row[0]!.startsWith('LD-93711')).map((row) => row[0])).toEqual([
      'LD-93711001',
      'LD-93711002',
      'LD-93711005',
    ]);
    expect((await lastAudit()).details).toMatchObject({ centre: 'all', centreName: 'All my centres' });
    const supervisor = await staffLogin(t, 'supervisor', 'Supervisor-2026!');
    const today = todayIn(t.config.timeZone, new Date()); // the log is stamped by the database's clock
    const page = (await call('GET', `/api/staff/audit?date=${today}`, supervisor)).json<{
      data: StaffAuditAnswer;
    }>();
    expect(page.data.entries[0]).toMatchObject({
      description: `Exported ${everywhere.length - 1} orders as CSV`,
      details: 'All my centres, 01 Mar 2027 to 07 Mar 2027',
    });
  });

  it('streams an export longer than a page with every row once, as many as the log says', async () => {
    const customer = await createCustomer(t, { homeVenueSlug: quays });
    const many = exportPageSize + 7;
    await t.database.query(
      `INSERT INTO orders (reference, customer_id, venue_id, source, status, total_pence, payment_method, completed_at)
       SELECT 'LD-9372' || lpad(n::text, 4, '0'), $1, $2, 'bookings', 'completed', n, 'card', '2027-04-10T10:00:00Z'
       FROM generate_series(1, ${many}) AS n`,
      [customer.id, await venue(quays)],
    );
    const rows = await exported('orders', `from=2027-04-10&to=2027-04-10&centre=${quays}`);
    const bulk = rows.slice(1).map((row) => row[0]);
    expect(bulk).toHaveLength(many);
    expect(new Set(bulk).size).toBe(many);
    expect(rows.slice(1).map((row) => Number(row[8]))).toEqual(Array.from({ length: many }, (_, i) => i + 1));
    expect((await lastAudit()).details).toMatchObject({ rows: many });
  });

  it('exports customers registered in the range at the centres with only what a CRM needs', async () => {
    const member = await createCustomer(t, {
      homeVenueSlug: castlefield,
      firstName: '=cmd',
      lastName: 'Export',
      dateOfBirth: '1977-07-17',
    });
    const elsewhere = await createCustomer(t, { homeVenueSlug: quays, lastName: 'Quayside' });
    const late = await createCustomer(t, { homeVenueSlug: castlefield, lastName: 'Latecomer' });
    await t.database.query(
      `UPDATE customers SET phone = '+44 7700 900123', postcode = 'M3 4JR' WHERE id = $1`,
      [member.id],
    );
    await t.database.query(`UPDATE customers SET created_at = '2027-03-03T10:00:00Z' WHERE id IN ($1, $2)`, [
      member.id,
      elsewhere.id,
    ]);
    await t.database.query(`UPDATE customers SET created_at = '2027-03-08T00:30:00Z' WHERE id = $1`, [
      late.id,
    ]);
    const type = (
      await t.database.query<{ id: number; name: string; option: number }>(
        `SELECT mt.id, mt.name, po.id AS option FROM membership_types mt
         JOIN payment_options po ON po.membership_type_id = mt.id ORDER BY mt.id, po.id LIMIT 1`,
      )
    )[0]!;
    await t.database.query(
      `INSERT INTO customer_memberships (customer_id, membership_type_id, payment_option_id, home_venue_id, status,
         start_date, price_pence) VALUES ($1, $2, $3, $4, 'active', '2027-03-03', 3000)`,
      [member.id, type.id, type.option, await venue(castlefield)],
    );

    const rows = await exported('customers', `${range}&centre=${castlefield}`);
    expect(rows[0]).toEqual([...customerExportColumns]);
    const ours = rows.filter((row) =>
      [member.reference, elsewhere.reference, late.reference].includes(row[0]!),
    );
    expect(ours).toEqual([
      [
        member.reference,
        "'=cmd",
        'Export',
        member.email,
        "'+44 7700 900123",
        'M3 4JR',
        'Castlefield Leisure Centre',
        '2027-03-03',
        type.name,
        '',
      ],
    ]);
    const file = rows.flat().join('\n');
    expect(file).not.toContain('1977-07-17');
    expect(file).not.toMatch(/scrypt|argon|\$2[aby]\$/);
    expect(await lastAudit()).toMatchObject({
      action: 'export.customers',
      details: { centre: castlefield, rows: rows.length - 1 },
    });
    const both = await exported('customers', `${range}&centre=all`);
    expect(both.map((row) => row[0])).toEqual(
      expect.arrayContaining([member.reference, elsewhere.reference]),
    );
    expect(both.map((row) => row[0])).not.toContain(late.reference);
  });

  it('logs a dashboard table downloaded in the browser: who, which table, range, centre and rows', async () => {
    const response = await call('POST', '/api/staff/dashboard/downloads', await manager(), {
      table: 'revenue-by-tender',
      from: '2027-03-01',
      to: '2027-03-07',
      centre: 'all',
      rows: 6,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await lastAudit()).toEqual({
      staff_user_id: managerId,
      action: 'dashboard.table-downloaded',
      details: {
        table: 'revenue-by-tender',
        from: '2027-03-01',
        to: '2027-03-07',
        centre: 'all',
        centreName: 'All my centres',
        rows: 6,
      },
    });
  });

  it('shows all my centres: totals across them and a row per centre that adds up to them', async () => {
    const activity = await createActivity(t, { name: 'Everywhere Aqua' });
    const customer = await createCustomer(t, { homeVenueSlug: castlefield });
    const here = await createSession(t, activity, {
      startsAt: new Date('2027-03-05T09:00:00Z'),
      capacity: 6,
    });
    const there = await createSession(t, activity, {
      startsAt: new Date('2027-03-05T09:00:00Z'),
      capacity: 4,
      venueSlug: quays,
    });
    for (const [session, quantity] of [
      [here, 2],
      [there, 3],
    ] as const)
      await t.database.query(
        `INSERT INTO customer_bookings (customer_id, venue_id, activity_name, starts_at, ends_at, status, session_id, quantity)
         VALUES ($1, $2, 'Everywhere Aqua', $3, $4, 'booked', $5, $6)`,
        [customer.id, session.venueId, session.startsAt, session.endsAt, session.id, quantity],
      );
    const response = await call('GET', `/api/staff/dashboard?${range}&centre=all`, await manager());
    expect(response.statusCode, response.body).toBe(200);
    const all = response.json<{ data: Dashboard }>().data;
    expect(all.centre).toEqual({ slug: 'all', name: 'All my centres' });
    expect(all.perCentre.map((row) => row.slug).sort()).toEqual([castlefield, quays]);
    expect(all.utilisation.find((row) => row.activity === 'Everywhere Aqua')).toMatchObject({
      sessions: 2,
      capacity: 10,
      booked: 5,
    });
    const total = (of: (row: Dashboard['perCentre'][number]) => number) =>
      all.perCentre.reduce((sum, row) => sum + of(row), 0);
    expect(total((row) => row.booked)).toBe(all.utilisation.reduce((sum, row) => sum + row.booked, 0));
    expect(total((row) => row.sessions)).toBe(all.utilisation.reduce((sum, row) => sum + row.sessions, 0));
    expect(total((row) => row.revenuePence)).toBe(
      all.revenueByTender.reduce((sum, row) => sum + row.pence, 0),
    );
    expect(total((row) => row.joined)).toBe(all.memberships.reduce((sum, row) => sum + row.joined, 0));
    expect(all.bookingsPerDay.find((day) => day.date === '2027-03-05')!.places).toBeGreaterThanOrEqual(5);

    const one = (await call('GET', `/api/staff/dashboard?${range}&centre=${quays}`, await manager())).json<{
      data: Dashboard;
    }>().data;
    expect(one.perCentre).toHaveLength(1);
    expect(one.perCentre[0]).toMatchObject({ slug: quays, sessions: expect.any(Number) });
    expect(one.utilisation.find((row) => row.activity === 'Everywhere Aqua')).toMatchObject({
      sessions: 1,
      capacity: 4,
      booked: 3,
    });
    const castle = all.perCentre.find((row) => row.slug === castlefield)!;
    const castleAlone = (
      await call('GET', `/api/staff/dashboard?${range}&centre=${castlefield}`, await manager())
    ).json<{ data: Dashboard }>().data;
    expect(castleAlone.perCentre[0]).toEqual(castle);
  });
});
