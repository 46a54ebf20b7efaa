import type { StaffAuditAnswer } from '@lido/contracts/staff-audit';
import { staffAuditPageSize } from '@lido/contracts/staff-audit';
import { todayIn } from '@lido/pricing/calendar-date';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as auditModule from '../src/modules/audit/index.ts';
import { recordStaffAction } from '../src/modules/audit/index.ts';
import { supervisorAuditOnly } from '../src/modules/audit/audit.routes.ts';
import { unknownStaffMember } from '../src/modules/audit/audit.service.ts';
import * as staffRepository from '../src/modules/staff/staff.repository.ts';
import { apiClient } from './support/api.ts';
import { basketWith, createCustomer } from './support/factories.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

const host = siteHost.frontOfHouse;
const origin = `http://${host}`;

/** Issue 32 item 6: one writer of the staff audit log, and the supervisor's page that reads it. */
describe('the staff audit page', () => {
  let t: TestApp;
  let deskCookie = '';
  let supervisorCookie = '';
  let deskId = 0;
  let supervisorId = 0;
  let today = '';

  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { host, origin, cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const login = async (username: string, password: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      headers: { host, origin },
      payload: { username, password },
    });
    return String(response.headers['set-cookie']).match(/lido_staffToken=[^;]+/)![0];
  };
  const audit = async (query: string, cookie = supervisorCookie) => {
    const response = await call('GET', `/api/staff/audit?${query}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: StaffAuditAnswer }>().data;
  };

  beforeAll(async () => {
    t = await createTestApp();
    deskCookie = await login('desk', 'Desk-Staff-2026!');
    supervisorCookie = await login('supervisor', 'Supervisor-2026!');
    const ids = await t.database.query<{ id: number; username: string }>(
      "SELECT id, username FROM staff_users WHERE username IN ('desk', 'supervisor')",
    );
    deskId = ids.find((row) => row.username === 'desk')!.id;
    supervisorId = ids.find((row) => row.username === 'supervisor')!.id;
    // Entries are stamped by the database's clock, so the real today.
    today = todayIn(t.config.timeZone, new Date());
  });
  afterAll(() => t?.close());

  it('has one writer: the audit module offers recordStaffAction and nothing else writes the log', () => {
    expect(typeof auditModule.recordStaffAction).toBe('function');
    expect(Object.keys(auditModule)).not.toContain('appendAudit');
    expect(Object.keys(staffRepository)).not.toContain('appendAudit');
  });

  it('shows a customer created, a cash payment and its void in words, with who and for whom', async () => {
    const email = `audit.${randomUUID().slice(0, 8)}@example.org`;
    const created = await call('POST', '/api/staff/customers', deskCookie, {
      first_name: 'Audrey',
      last_name: 'Tate',
      date_of_birth: '1990-05-06',
      email,
      phone: '',
      address_line_one: '1 Pool Lane',
      address_line_two: '',
      town: 'Leeds',
      postcode: 'LS6 2AA',
    });
    expect(created.statusCode, created.body).toBe(201);
    const customer = created.json<{ data: { id: number; reference: string } }>().data;

    // A basket for them (built as they would online), paid at the desk in cash with change.
    const payer = await createCustomer(t, { lastName: 'Payne' });
    const cart = await basketWith(t, payer, [
      { slug: 'gym-anytime', paymentType: 'fixed', startDate: today },
    ]);
    const terms = (await apiClient(t).as(payer).terms(cart.cartId!)).data.data.map((term) => term.id);
    const total = cart.totals.total;
    const paid = await call('POST', '/api/cart/pay', deskCookie, {
      source: 'front-of-house',
      selectedUserId: payer.id,
      transactionUuid: randomUUID(),
      terms,
      payments: [{ tenderType: 'cash', amount: total + 250 }],
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const orderId = paid.json<{ data: { orderId: number } }>().data.orderId;
    const [order] = await t.database.query<{ reference: string }>(
      'SELECT reference FROM orders WHERE id = $1',
      [orderId],
    );
    const preview = await call('GET', `/api/staff/orders/${orderId}/void`, supervisorCookie);
    const handBackPence = preview.json<{ data: { handBackTotal: { raw: { amount: number } } } }>().data
      .handBackTotal.raw.amount;
    const voided = await call('POST', `/api/staff/orders/${orderId}/void`, supervisorCookie, {
      reason: 'Rang up the wrong membership',
      handBackPence,
    });
    expect(voided.statusCode, voided.body).toBe(200);

    const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;
    const page = await audit(`date=${today}`);
    expect(page.date).toBe(today);
    const [voidRow, payRow] = page.entries.filter((entry) => entry.customer?.id === payer.id);
    // Newest first: the void, then the payment.
    expect(voidRow).toMatchObject({
      action: 'order.void',
      staff: { id: supervisorId },
      who: expect.any(String),
      description: `Voided order ${order!.reference}: ${pounds(handBackPence)} handed back`,
      customer: { id: payer.id, name: `${payer.firstName} Payne`, reference: payer.reference },
      details: expect.stringContaining('Reason: Rang up the wrong membership'),
    });
    expect(payRow).toMatchObject({
      action: 'order.pay',
      staff: { id: deskId },
      description: `Took payment ${pounds(total)} (cash) for order ${order!.reference}`,
      details: '£2.50 change given',
    });
    expect(voidRow!.id).toBeGreaterThan(payRow!.id);
    const createdRow = page.entries.find((entry) => entry.customer?.id === customer.id);
    expect(createdRow).toMatchObject({
      action: 'customer.create',
      staff: { id: deskId },
      description: `Created customer ${customer.reference}`,
      customer: { id: customer.id, name: 'Audrey Tate', reference: customer.reference },
    });
    expect(new Date(createdRow!.at).toString()).not.toBe('Invalid Date');
    expect(page.staffMembers.map((member) => member.id)).toEqual(
      expect.arrayContaining([deskId, supervisorId]),
    );

    // One member of staff's entries only.
    const desk = await audit(`date=${today}&staff_id=${deskId}`);
    expect(desk.entries.length).toBeGreaterThan(0);
    expect(desk.entries.every((entry) => entry.staff?.id === deskId)).toBe(true);
    expect(desk.entries.map((entry) => entry.id)).toContain(payRow!.id);
    const supervisor = await audit(`date=${today}&staff_id=${supervisorId}`);
    expect(supervisor.entries.map((entry) => entry.id)).toEqual([voidRow!.id]);

    // Another day has none of them; today is the default.
    expect((await audit('date=2026-01-01')).entries).toEqual([]);
    expect((await audit('')).entries.map((entry) => entry.id)).toEqual(page.entries.map((entry) => entry.id));
  });

  it('pages newest first, a page at a time, with nothing missed or repeated', async () => {
    const customer = await createCustomer(t);
    const written = staffAuditPageSize + 7;
    for (let n = 0; n < written; n += 1)
      await recordStaffAction(t.database.db, {
        by: { staff: { id: deskId, username: 'desk' } },
        action: 'basket.add',
        customerId: customer.id,
        details: { body: { items: [{ type: 'booking' }] } },
      });
    const first = await audit(`date=${today}&staff_id=${deskId}`);
    expect(first.entries).toHaveLength(staffAuditPageSize);
    expect(first.nextBefore).toBe(first.entries.at(-1)!.id);
    expect(first.entries[0]).toMatchObject({ description: 'Added to basket', details: 'A booking' });
    const ids = [...first.entries.map((entry) => entry.id)];
    let before = first.nextBefore;
    while (before !== null) {
      const next = await audit(`date=${today}&staff_id=${deskId}&before=${before}`);
      ids.push(...next.entries.map((entry) => entry.id));
      before = next.nextBefore;
    }
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);
    const [{ n }] = (await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM staff_audit_log WHERE staff_user_id = $1',
      [deskId],
    )) as [{ n: number }];
    expect(ids).toHaveLength(n);
  });

  it('words what the command line did: unlocking a staff account', async () => {
    await t.app.services.staffAccounts.unlock((await operatorId()) as number, 'desk', {
      tool: 'command line',
    });
    const entry = (await audit(`date=${today}`)).entries.find((row) => row.action === 'staff.unlocked');
    expect(entry).toMatchObject({
      staff: null,
      who: 'Command line',
      description: 'Unlocked staff account desk',
      customer: null,
    });
  });
  const operatorId = async () =>
    (
      await t.database.query<{ operator_id: number }>('SELECT operator_id FROM staff_users WHERE id = $1', [
        deskId,
      ])
    )[0]!.operator_id;

  it('is for supervisors only, on the staff site only', async () => {
    const byDesk = await call('GET', `/api/staff/audit?date=${today}`, deskCookie);
    expect(byDesk.statusCode).toBe(403);
    expect(byDesk.json().message).toBe(supervisorAuditOnly);
    const nobody = await call('GET', `/api/staff/audit?date=${today}`, '');
    expect(nobody.statusCode).toBe(401);
    const offSite = await t.app.inject({
      method: 'GET',
      url: `/api/staff/audit?date=${today}`,
      headers: { host: siteHost.myAccount, cookie: supervisorCookie },
    });
    expect(offSite.statusCode).toBe(403);
  });

  it('refuses a bad day, member of staff or page with a 422 that names it', async () => {
    const cases: [string, string, string][] = [
      ['date=2026-02-30', 'date', 'The day must be a real date.'],
      ['date=yesterday', 'date', 'The day must be a date in the format YYYY-MM-DD.'],
      ['date=0000-01-01', 'date', 'The day must be on or after 1 January 1900.'],
      ['staff_id=abc', 'staffId', 'The member of staff must be a number.'],
      ['staff_id=0', 'staffId', 'The member of staff must be a positive number.'],
      ['staff_id=2147483648', 'staffId', 'The member of staff is not one we know.'],
      ['staff_id=999999', 'staffId', unknownStaffMember],
      ['before=1e3', 'before', 'The entry to continue from must be a number.'],
    ];
    for (const [query, field, message] of cases) {
      const response = await call('GET', `/api/staff/audit?${query}`, supervisorCookie);
      expect(response.statusCode, query).toBe(422);
      const errors = response.json().errors as Record<string, string[]>;
      expect(Object.values(errors).flat(), query).toContain(message);
      expect(Object.keys(errors).join(), query).toMatch(new RegExp(field === 'staffId' ? 'staff' : field));
    }
  });
});
