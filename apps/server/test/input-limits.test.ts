import { randomUUID } from 'node:crypto';
import { todayIn } from '@lido/pricing/calendar-date';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valueOutOfRangeMessage } from '../src/http/errors.ts';
import { ordersOverRefunded } from '../src/modules/order-refunds/index.ts';
import { apiClient } from './support/api.ts';
import { startTestSandbox, type TestSandbox } from './support/card-sandbox.ts';
import { basketWith, createCustomer, monthlyGymMember } from './support/factories.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';
import { createTestDatabase } from './support/test-database.ts';

/**
 * Issue 40 item 3: every id, amount and date is checked where it enters. This walks every route of
 * the OpenAPI document and puts out-of-range values where the document says an integer or a date
 * goes (a path parameter, a query parameter, any field of a JSON body), one at a time, with every
 * other value plausible. Each must be refused with a 4xx, never a 5xx, and nothing may be written.
 */

type Schema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  minItems?: number;
  minLength?: number;
  minimum?: number;
};
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

const badIds = ['2147483648', '99999999999999999999', '-1', '0', '1.5', '1e3'];
const badDates = ['0000-01-01', '9999-12-31', '2026-02-30'];
const badNumbers = [2 ** 31, 2 ** 53, -1, 1e308];
const badQueryNumbers = badNumbers.map(String);

const typesOf = (schema: Schema) => [schema.type ?? []].flat();
const isNumeric = (schema: Schema) => typesOf(schema).some((type) => type === 'integer' || type === 'number');
/** a date by its format, its pattern, or its name (start_date, starts_on, from, to, dateOfBirth) */
const isDateLike = (schema: Schema, name: string) =>
  typesOf(schema).includes('string') &&
  (schema.format === 'date' ||
    (schema.pattern ?? '').includes('\\d{4}-') ||
    /(^|_)(date|on|from|to)$/.test(name) ||
    /[a-z](Date|On|From|To)$/.test(name));

/** A plausible value for a schema, so that the one bad value is what a request gets refused for. */
function sampleOf(schema: Schema, name = ''): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return sampleOf(branches.find((branch) => !typesOf(branch).includes('null')) ?? {}, name);
  const type = typesOf(schema).find((one) => one !== 'null');
  if (type === 'object')
    return Object.fromEntries(
      (schema.required ?? []).map((key) => [key, sampleOf(schema.properties?.[key] ?? {}, key)]),
    );
  if (type === 'array') return (schema.minItems ?? 0) > 0 && schema.items ? [sampleOf(schema.items)] : [];
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (type === 'boolean') return false;
  if (type === 'string') {
    if (isDateLike(schema, name)) return /birth/i.test(name) ? '2015-03-27' : '2026-12-01';
    if (schema.format === 'uuid') return randomUUID();
    if (schema.format === 'email') return 'someone@example.org';
    return 'x'.repeat(Math.max(3, schema.minLength ?? 0));
  }
  return null;
}

/** A place in a body where a bad value goes, and the body it makes with everything else plausible. */
interface Spot {
  kind: 'number' | 'date';
  field: string;
  put: (bad: unknown) => unknown;
}

function spotsIn(schema: Schema, name: string, field: string): Spot[] {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.flatMap((branch) => spotsIn(branch, name, field));
  if (isNumeric(schema)) return [{ kind: 'number', field, put: (bad) => bad }];
  if (isDateLike(schema, name)) return [{ kind: 'date', field, put: (bad) => bad }];
  if (typesOf(schema).includes('array') && schema.items)
    return spotsIn(schema.items, name, `${field}.0`).map((spot) => ({
      ...spot,
      put: (bad) => [spot.put(bad)],
    }));
  if (typesOf(schema).includes('object') && schema.properties) {
    const base = sampleOf(schema) as Record<string, unknown>;
    return Object.entries(schema.properties).flatMap(([key, inner]) =>
      spotsIn(inner, key, field ? `${field}.${key}` : key).map((spot) => ({
        ...spot,
        put: (bad) => ({ ...base, [key]: spot.put(bad) }),
      })),
    );
  }
  return [];
}

/** Real values for the string path parameters, so a bad id or date beside them is what is judged. */
const stringParams: Record<string, string> = {
  slug: 'castlefield-leisure-centre',
  code: 'SUMMER',
  query: 'M1 1AA',
  provider: 'sandbox',
};

interface Case {
  method: string;
  path: string;
  url: string;
  payload?: unknown;
  what: string;
}

describe('out-of-range ids, amounts and dates on every route', () => {
  let t: TestApp;
  let sandbox: TestSandbox;
  let document: OpenApiDocument;
  let customerCookie = '';
  let staffCookie = '';
  /** the ids a plausible request would carry, by path parameter */
  const realIds: Record<string, string> = {};

  const staffHost = siteHost.frontOfHouse;
  const customerHost = siteHost.myAccount;
  /** Staff calls, and the desk's pay, are made at the desk by a supervisor; the rest by a customer. */
  const asStaff = (path: string) => path.startsWith('/api/staff/') || path === '/api/cart/pay';

  const send = (one: Case) => {
    const host = asStaff(one.path) ? staffHost : customerHost;
    return t.app.inject({
      method: one.method as 'GET',
      url: one.url,
      headers: {
        host,
        origin: `http://${host}`,
        cookie: asStaff(one.path) ? staffCookie : customerCookie,
      },
      ...(one.payload === undefined ? {} : { payload: one.payload as object }),
    });
  };

  /** How many rows each table holds: a refused request writes none. */
  const rowCounts = async () => {
    const tables = await t.database.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const [row] = await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`);
      counts[name] = row!.n;
    }
    return counts;
  };

  /** Every request the walk makes: one bad value at a time, everything else plausible. */
  const casesOf = (path: string, method: string, operation: Operation): Case[] => {
    const parameters = operation.parameters ?? [];
    const pathParams = parameters.filter((parameter) => parameter.in === 'path');
    const queryParams = parameters.filter((parameter) => parameter.in === 'query');
    const plausible: Record<string, string> = Object.fromEntries(
      pathParams.map((parameter) => [
        parameter.name,
        stringParams[parameter.name] ??
          realIds[parameter.name] ??
          String(sampleOf(parameter.schema ?? {}, parameter.name)),
      ]),
    );
    // The required query parameters go with every request (a costs call needs its start date).
    const requiredQuery: Record<string, string> = Object.fromEntries(
      queryParams
        .filter((parameter) => parameter.required)
        .map((parameter) => [parameter.name, String(sampleOf(parameter.schema ?? {}, parameter.name))]),
    );
    const urlOf = (params: Record<string, string>, query: Record<string, string>) => {
      const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name]!));
      const search = new URLSearchParams({ ...requiredQuery, ...query }).toString();
      return search ? `${filled}?${search}` : filled;
    };
    const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
    const plausibleBody = bodySchema ? sampleOf(bodySchema) : undefined;
    const cases: Case[] = [];
    for (const parameter of pathParams) {
      if (!isNumeric(parameter.schema ?? {})) continue;
      for (const bad of badIds)
        cases.push({
          method,
          path,
          url: urlOf({ ...plausible, [parameter.name]: bad }, {}),
          payload: plausibleBody,
          what: `path ${parameter.name}=${bad}`,
        });
    }
    for (const parameter of queryParams) {
      const schema = parameter.schema ?? {};
      const bads = isNumeric(schema) ? badQueryNumbers : isDateLike(schema, parameter.name) ? badDates : [];
      for (const bad of bads)
        cases.push({
          method,
          path,
          url: urlOf(plausible, { [parameter.name]: bad }),
          payload: plausibleBody,
          what: `query ${parameter.name}=${bad}`,
        });
    }
    for (const spot of bodySchema ? spotsIn(bodySchema, '', '') : []) {
      for (const bad of spot.kind === 'number' ? badNumbers : badDates)
        cases.push({
          method,
          path,
          url: urlOf(plausible, {}),
          payload: spot.put(bad),
          what: `body ${spot.field}=${bad}`,
        });
    }
    return cases;
  };

  beforeAll(async () => {
    // A card provider, so that the card calls judge their input rather than answer 503 for want of one.
    sandbox = await startTestSandbox();
    t = await createTestApp({ cardProvider: sandbox.provider });
    const response = await t.app.inject({ url: '/api/openapi.json', headers: { host: customerHost } });
    document = response.json();
    // A member with a held membership and a dependant: their ids sit beside the bad ones.
    const { member, gym } = await monthlyGymMember(t);
    customerCookie = member.cookie;
    realIds.membershipId = String(gym);
    const added = await apiClient(t, customerHost)
      .as(member)
      .post<{ family: { id: number }[] }>('/api/my-account/family', {
        first_name: 'Ada',
        last_name: 'Tester',
        date_of_birth: '2015-03-27',
        relationship: 'child',
      });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    realIds.dependantId = String(added.data.family[0]!.id);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/staff/login',
      headers: { host: staffHost, origin: `http://${staffHost}` },
      payload: { username: 'supervisor', password: 'Supervisor-2026!' },
    });
    staffCookie = String(login.headers['set-cookie']).match(/lido_staffToken=[^;]+/)?.[0] ?? '';
    expect(staffCookie, login.body).not.toBe('');
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  it('refuses every one with a 4xx and writes nothing', async () => {
    const cases = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) =>
        casesOf(path, method.toUpperCase(), operation),
      ),
    );
    // The walk must reach the routes the issue names, and many others.
    const walked = new Set(cases.map((one) => `${one.method} ${one.path}`));
    expect(walked).toContain('POST /api/my-account/memberships/{membershipId}/freeze');
    expect(walked).toContain('PUT /api/my-account/family/{dependantId}');
    expect(walked).toContain('GET /api/staff/cash-up');
    expect(walked).toContain('POST /api/cart/pay');
    expect(walked.size).toBeGreaterThan(50);
    expect(cases.length).toBeGreaterThan(400);

    const before = await rowCounts();
    const accepted: string[] = [];
    for (const one of cases) {
      const response = await send(one);
      if (response.statusCode < 400 || response.statusCode >= 500)
        accepted.push(`${response.statusCode} ${one.method} ${one.url} (${one.what}): ${response.body}`);
    }
    expect(accepted).toEqual([]);
    expect(await rowCounts()).toEqual(before);
    // And no impossible state: no order gave back more than it was paid (decision 0072).
    expect(await ordersOverRefunded(t.database.db)).toEqual([]);
  });

  const moneyRows = async () =>
    (
      await t.database.query<{ orders: number; tenders: number }>(
        `SELECT (SELECT count(*)::int FROM orders) AS orders, (SELECT count(*)::int FROM order_tenders) AS tenders`,
      )
    )[0]!;

  it.each([2 ** 31, 2 ** 31 - 1, 100_000_001])(
    'refuses %i pence of cash at the desk for a real basket, naming the amount, and takes nothing',
    async (cash) => {
      const customer = await createCustomer(t);
      const today = todayIn(t.config.timeZone, new Date());
      const cart = await basketWith(t, customer, [
        { slug: 'gym-anytime', paymentType: 'fixed', startDate: today },
      ]);
      const terms = (await apiClient(t).as(customer).terms(cart.cartId!)).data.data.map((term) => term.id);
      const before = await moneyRows();
      const response = await send({
        method: 'POST',
        path: '/api/cart/pay',
        url: '/api/cart/pay',
        what: 'cash',
        payload: {
          source: 'front-of-house',
          selected_user_id: customer.id,
          transaction_uuid: randomUUID(),
          terms,
          payments: [{ tender_type: 'cash', amount: cash }],
        },
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors).toEqual({
        'payments.0.amount': ['The amount must be at most £1,000,000.00.'],
      });
      expect(await moneyRows()).toEqual(before);
    },
  );
});

describe('a value out of range that reaches the database anyway', () => {
  let t: TestApp;

  beforeAll(async () => {
    const database = await createTestDatabase();
    // Routes no schema guards, sending their parameter straight to PostgreSQL, raw and through Drizzle.
    t = await createTestApp({
      database,
      beforeReady: (app) => {
        app.get('/api/test-only/raw/:type/:value', async (request) => {
          const { type, value } = request.params as { type: string; value: string };
          await database.query(`SELECT $1::${type === 'date' ? 'date' : 'integer'} AS value`, [value]);
          return { data: null };
        });
        app.get('/api/test-only/drizzle/:value', async (request) => {
          const { value } = request.params as { value: string };
          await database.db.execute(sql`SELECT ${value}::integer AS value`);
          return { data: null };
        });
      },
    });
  });
  afterAll(() => t?.close());

  it.each([
    '/api/test-only/raw/integer/2147483648',
    '/api/test-only/raw/integer/abc',
    '/api/test-only/raw/date/0000-01-01',
    '/api/test-only/raw/date/2026-02-30',
    '/api/test-only/raw/date/not-a-date',
    '/api/test-only/drizzle/2147483648',
  ])('%s is a 422, not a 500', async (url) => {
    const response = await t.app.inject({ url, headers: { host: siteHost.myAccount } });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({
      message: valueOutOfRangeMessage,
      errors: { request: [valueOutOfRangeMessage] },
    });
  });

  it('still answers an ordinary value', async () => {
    const response = await t.app.inject({
      url: '/api/test-only/raw/integer/2147483647',
      headers: { host: siteHost.myAccount },
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});
