import type { CustomerSearchAnswer, DeskCustomer, DeskCustomerDetail } from '@lido/contracts/front-of-house';
import type { FamilyChanged } from '@lido/contracts/family';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskEmailInUseMessage } from '../src/modules/customers/customers.service.ts';
import { deskSearchLimit } from '../src/modules/staff/desk-customers.repository.ts';
import { apiClient } from './support/api.ts';
import { createCustomer } from './support/factories.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

const staffSite = siteHost.frontOfHouse;

/** Issue 19 item 3: the desk finds, reads and creates customers (decision 0055). */
describe('desk customers', () => {
  let t: TestApp;
  let staffCookie = '';
  const desk = apiClient(() => t, staffSite);
  const account = apiClient(() => t, siteHost.myAccount);
  const search = async (q: string) => {
    const answer = await desk
      .as(staffCookie)
      .get<CustomerSearchAnswer>(`/api/staff/customers?q=${encodeURIComponent(q)}`);
    expect(answer.status, q).toBe(200);
    return answer.data;
  };
  const ids = (answer: CustomerSearchAnswer) => answer.customers.map((customer) => customer.id);
  const newCustomer = (overrides: Record<string, unknown> = {}) => ({
    first_name: 'Zoë',
    last_name: 'Ångström',
    date_of_birth: '1991-02-03',
    email: `zoe.${Date.now()}@example.org`,
    phone: '',
    address_line_one: '1 Pool Lane',
    address_line_two: '',
    town: 'Leeds',
    postcode: 'ls6 2aa',
    ...overrides,
  });

  beforeAll(async () => {
    t = await createTestApp();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      headers: { host: staffSite, origin: `http://${staffSite}` },
      payload: { username: 'desk', password: 'Desk-Staff-2026!' },
    });
    staffCookie = String(login.headers['set-cookie']).match(/lido_staffToken=[^;]+/)![0];
  });
  afterAll(() => t?.close());

  it('creates a customer with the data fields and no password, audits it, and refuses a second with the email', async () => {
    const body = newCustomer();
    const created = await desk.as(staffCookie).post<DeskCustomer>('/api/staff/customers', body);
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      reference: expect.stringMatching(/^C\d+$/),
      firstName: 'Zoë',
      lastName: 'Ångström',
      email: body.email,
      postcode: 'LS6 2AA',
      dateOfBirth: '1991-02-03',
      payer: null,
    });
    const [audit] = await t.database.query<{ action: string; actor: string; customer_id: number }>(
      "SELECT action, actor, customer_id FROM staff_audit_log WHERE action = 'customer.create' AND customer_id = $1",
      [created.data.id],
    );
    expect(audit).toMatchObject({ actor: 'staff: desk', customer_id: created.data.id });

    // They have no password of theirs: logging in with anything fails until they reset it.
    const login = await account.guest.post('/api/auth/customer/login', {
      username: created.data.reference,
      password: 'Swim-Gym-2026!',
    });
    expect(login).toMatchObject({
      status: 422,
      message: 'Your email address, customer ID or password is incorrect.',
    });

    const again = await desk
      .as(staffCookie)
      .post('/api/staff/customers', newCustomer({ email: body.email.toUpperCase() }));
    expect(again).toMatchObject({ status: 409, message: deskEmailInUseMessage });
    const bad = await desk
      .as(staffCookie)
      .post('/api/staff/customers', newCustomer({ date_of_birth: '2030-01-01' }));
    expect(bad).toMatchObject({
      status: 422,
      errors: { dateOfBirth: ['Date of birth must be in the past.'] },
    });
    const [count] = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM customers WHERE first_name = 'Zoë'",
    );
    expect(count!.n).toBe(1);
  });

  it('finds customers by name, accents and case ignored, by email, customer ID and postcode', async () => {
    const body = newCustomer({
      first_name: 'Renée',
      last_name: 'Øster',
      email: `renee.${Date.now()}@example.org`,
      postcode: 'M1 4BT',
    });
    const renee = (await desk.as(staffCookie).post<DeskCustomer>('/api/staff/customers', body)).data;
    for (const q of [
      'renee',
      'RENÉ',
      'oster',
      'Renee Ost',
      'rené øster',
      body.email.toUpperCase(),
      body.email.slice(0, 9),
      renee.reference.toLowerCase(),
      'm14bt',
      'M1 4',
    ]) {
      expect(ids(await search(q)), q).toContain(renee.id);
    }
    // Best first: the exact customer ID before anyone whose name merely starts the same way.
    expect((await search(renee.reference)).customers[0]!.id).toBe(renee.id);
    expect(ids(await search('%e'))).toEqual([]);
    const short = await desk.as(staffCookie).get('/api/staff/customers?q=a');
    expect(short.status).toBe(422);
  });

  it('shows a customer with their family, and a dependant with their payer', async () => {
    const parent = await createCustomer(t, { firstName: 'Morgan', lastName: 'Family' });
    const added = await account.as(parent).post<FamilyChanged>('/api/my-account/family', {
      first_name: 'Kit',
      last_name: 'Family',
      date_of_birth: '2016-01-01',
      relationship: 'child',
    });
    const kit = added.data.family[0]!;
    const card = await desk.as(staffCookie).get<DeskCustomerDetail>(`/api/staff/customers/${parent.id}`);
    expect(card.status).toBe(200);
    expect(card.data).toMatchObject({
      id: parent.id,
      payer: null,
      family: [{ id: kit.id, firstName: 'Kit' }],
    });
    const child = await desk.as(staffCookie).get<DeskCustomerDetail>(`/api/staff/customers/${kit.id}`);
    expect(child.data).toMatchObject({
      id: kit.id,
      email: null,
      payer: { id: parent.id, name: 'Morgan Family', reference: parent.reference },
      family: [{ id: parent.id }],
    });
    expect((await search('kit fam')).customers.find((c) => c.id === kit.id)?.payer?.id).toBe(parent.id);
    expect((await desk.as(staffCookie).get('/api/staff/customers/99999999')).status).toBe(404);
  });

  it(`answers at most ${deskSearchLimit} from 10,000 customers, saying there are more`, async () => {
    const [operator] = await t.database.query<{ id: number }>('SELECT id FROM operators ORDER BY id LIMIT 1');
    await t.database.query(
      `INSERT INTO customers (operator_id, reference, email, password_hash, first_name, last_name, postcode)
       SELECT $1, 'C' || (900000 + n), 'bulk' || n || '@example.net', 'x', 'Bulk' || n, 'Crowd', 'BD' || (n % 90 + 1) || ' 1AA'
       FROM generate_series(1, 10000) AS n`,
      [operator!.id],
    );
    await t.database.query('ANALYZE customers');
    // A selective search reads migration 0049's indexes, not every customer.
    const plan = await t.database.query<Record<string, string>>(
      `EXPLAIN SELECT id FROM customers WHERE lido_fold(last_name) LIKE 'ang%'
         OR lido_fold(first_name) LIKE 'ang%' OR lower(email) LIKE 'ang%'
         OR replace(postcode, ' ', '') LIKE 'ANG%' OR reference = 'ANG'`,
    );
    const planText = plan.map((row) => Object.values(row)[0]).join('\n');
    for (const index of [
      'customers_first_name_search',
      'customers_last_name_search',
      'customers_email_search',
      'customers_postcode_search',
    ])
      expect(planText).toContain(index);
    const timed = async (q: string) => {
      const started = performance.now();
      const answer = await search(q);
      console.info(
        `desk search over 10,000 customers for ${q}: ${(performance.now() - started).toFixed(0)} ms`,
      );
      return answer;
    };
    const crowd = await timed('crowd');
    const byEmail = await timed('bulk9999@example.net');
    const byId = await timed('c905000');
    await timed('bulk77');
    expect(crowd.customers).toHaveLength(deskSearchLimit);
    expect(crowd.more).toBe(true);
    expect(byEmail.customers[0]!.email).toBe('bulk9999@example.net');
    expect(byId.customers[0]!.reference).toBe('C905000');
  });
});
