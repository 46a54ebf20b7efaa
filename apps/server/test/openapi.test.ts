import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { createActivity, createSession } from './support/activity-factories.ts';
import { createTestDatabase } from './support/test-database.ts';
import { seedDemoIfEmpty } from '../src/db/seed/seed-demo.ts';
import { createTestApp, loginCookie, productionEnv, testConfig, type TestApp } from './support/test-app.ts';

/**
 * GET /api/openapi.json (decision 0021): a valid OpenAPI document that names every /api route, and
 * whose documented answers are the answers the routes really give.
 */

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** `/api/orders/:orderId` as the document writes it: `/api/orders/{orderId}`. */
const documentedPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const host = 'localhost:3001';
const origin = `http://${host}`;

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  const registered: { method: string; url: string }[] = [];

  beforeAll(async () => {
    const database = await createTestDatabase();
    await seedDemoIfEmpty(database.db);
    const app = await buildApp({
      config: testConfig(),
      database,
      clock: () => new Date('2026-11-23T12:00:00Z'),
      // The test makes activities and reads them at once: check the catalogue's version every request
      // (in production a change shows within a second, decision 0038).
      catalogueCache: { checkEveryMs: 0 },
      onRoute: (route: RouteOptions) => {
        const hidden = (route.schema as { hide?: boolean } | undefined)?.hide === true;
        if (!route.url.startsWith('/api/') || hidden) return;
        for (const method of [route.method].flat())
          if (method !== 'HEAD') registered.push({ method, url: route.url });
      },
    });
    await app.ready();
    t = {
      app,
      services: () => app.services,
      config: testConfig(),
      database,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
    const response = await t.app.inject({ url: '/api/openapi.json', headers: { host } });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const specification: Record<string, unknown> = { ...document };
    const result = await new Validator().validate(specification);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('documents every registered /api route with an answer schema', () => {
    // the routes are collected as Fastify registers them; a new route without a schema fails here
    expect(registered.length).toBeGreaterThan(50);
    const missing = registered.filter(
      ({ method, url }) => !document.paths[documentedPath(url)]?.[method.toLowerCase()],
    );
    expect(missing).toEqual([]);
    const withoutAnswer = registered.filter(({ method, url }) => {
      const responses = document.paths[documentedPath(url)]?.[method.toLowerCase()]?.responses ?? {};
      // A 204 has no body by definition: documented, it is an answer with nothing to describe.
      return !Object.entries(responses).some(
        ([status, answer]) => status === '204' || (/^2\d\d$/.test(status) && answer.content !== undefined),
      );
    });
    expect(withoutAnswer).toEqual([]);
  });

  it('documents requests in snake_case, as the browser sends them', () => {
    const add = document.paths['/api/cart/add']?.post as {
      requestBody?: { content: Record<string, unknown> };
    };
    const body = JSON.stringify(add.requestBody?.content);
    expect(body).toContain('"pricing_option_id"');
    expect(body).not.toContain('"pricingOptionId"');
    const types = document.paths['/api/memberships/types']?.get as {
      parameters?: { name: string; in: string }[];
    };
    expect(types.parameters).toContainEqual(expect.objectContaining({ name: 'venue_id', in: 'query' }));
  });

  it('describes the answers the routes really give (a sample, checked against the document)', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addFormat('email', true).addFormat('uuid', true).addFormat('date', true);
    const priya = await loginCookie(t, 'C100002');
    const alex = await loginCookie(t, 'C100001');

    /** Calls the route and checks its answer against the schema documented for its status. */
    const checked = async (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      route: string,
      url: string,
      cookie?: string,
      payload?: object,
    ) => {
      const response = await t.app.inject({
        method,
        url,
        headers: { host, origin, ...(cookie ? { cookie } : {}) },
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
      const operation = document.paths[route]?.[method.toLowerCase()];
      const schema =
        operation?.responses?.[String(response.statusCode)]?.content?.['application/json']?.schema;
      expect(schema, `${method} ${route} documents ${response.statusCode}`).toBeDefined();
      const validate = ajv.compile(schema!);
      const body: unknown = response.json();
      expect(validate(body) ? [] : validate.errors, `${method} ${url}`).toEqual([]);
      return body as { data: never };
    };

    await checked('GET', '/api/health', '/api/health');
    await checked('GET', '/api/client', '/api/client');
    await checked('GET', '/api/frontend/theme', '/api/frontend/theme');
    const venues = (await checked('GET', '/api/venues/online-joining', '/api/venues/online-joining'))
      .data as {
      id: number;
      slug: string;
    }[];
    const venue = venues.find((one) => one.slug === 'castlefield-leisure-centre')!;
    await checked('GET', '/api/activities/venues/{slug}', `/api/activities/venues/${venue.slug}`);
    await checked('GET', '/api/activities/footer', `/api/activities/footer?venue=${venue.slug}`);
    const swim = await createActivity(t, { name: 'Public swim' });
    const lengths = await createSession(t, swim, { startsAt: new Date('2026-11-24T18:00:00Z') });
    await checked(
      'GET',
      '/api/activities/venues/{slug}/timetable',
      `/api/activities/venues/${venue.slug}/timetable?time_of_day=evening`,
      alex,
    );
    await checked('GET', '/api/activities/sessions/{sessionId}', `/api/activities/sessions/${lengths.id}`);
    const types = (
      await checked('GET', '/api/memberships/types', `/api/memberships/types?venue_id=${venue.id}`, alex)
    ).data as { id: number; slug: string; paymentOptions: { id: number; paymentType: string }[] }[];
    const gym = types.find((type) => type.slug === 'gym-anytime')!;
    const fixed = gym.paymentOptions.find((option) => option.paymentType === 'fixed')!;
    await checked(
      'GET',
      '/api/memberships/types/{typeId}/payment-options/{optionId}',
      `/api/memberships/types/${gym.id}/payment-options/${fixed.id}?start_date=2026-11-25&venue_id=${venue.id}`,
    );
    await checked('GET', '/api/terms/direct-debit', '/api/terms/direct-debit');
    await checked(
      'GET',
      '/api/custom-questions/memberships/{typeId}',
      `/api/custom-questions/memberships/${gym.id}`,
    );
    await checked(
      'GET',
      '/api/data-fields',
      '/api/data-fields?onboarding_type=customer_account_online',
      priya,
    );

    await checked('GET', '/api/auth/user', '/api/auth/user', priya);
    await checked('GET', '/api/cart', '/api/cart', alex);
    const cart = (
      await checked('POST', '/api/cart/add', '/api/cart/add', alex, {
        items: [
          {
            id: gym.id,
            type: 'membership',
            pricing_option_id: fixed.id,
            options: { start_date: '2026-11-25', venue_id: venue.id },
          },
        ],
      })
    ).data as { cartId: number };
    await checked('GET', '/api/terms', `/api/terms?cart_id=${cart.cartId}`, alex);
    await checked('DELETE', '/api/cart', '/api/cart', alex);

    await checked('GET', '/api/my-account/memberships', '/api/my-account/memberships', priya);
    await checked('GET', '/api/my-account/packages', '/api/my-account/packages', priya);
    await checked('GET', '/api/my-account/bookings', '/api/my-account/bookings', priya);
    await checked('GET', '/api/my-account/guest-passes', '/api/my-account/guest-passes', priya);
    await checked('GET', '/api/my-account/direct-debit', '/api/my-account/direct-debit', priya);
    const payments = (await checked('GET', '/api/my-account/payments', '/api/my-account/payments', priya))
      .data as { id: number }[];
    expect(payments.length).toBeGreaterThan(0);
    await checked(
      'GET',
      '/api/my-account/payments/{orderId}',
      `/api/my-account/payments/${payments[0]!.id}`,
      priya,
    );
    await checked('GET', '/api/orders/{orderId}', `/api/orders/${payments[0]!.id}`, priya);
    const held = (await checked('GET', '/api/my-account/memberships', '/api/my-account/memberships', priya))
      .data as { id: number }[];
    await checked(
      'GET',
      '/api/memberships/{membershipId}/change',
      `/api/memberships/${held[0]!.id}/change`,
      priya,
    );
    await checked('POST', '/api/auth/logout', '/api/auth/logout', alex);
  });

  it('keeps the one 422 shape: a request schema never replaces the handlers’ own checks', async () => {
    const response = await t.app.inject({
      url: '/api/memberships/types?venue_id=abc',
      headers: { host },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The venue must be a number.',
      errors: { venueId: ['The venue must be a number.'] },
    });
  });
});

describe('the docs page', () => {
  // One migrated, empty database for the three apps: the page needs no data, and migrating and
  // seeding three times cost over 30 s on a loaded CI machine.
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const opened = async (env: Record<string, string>) => {
    const t = await createTestApp({ env, database, seed: false });
    try {
      const page = await t.app.inject({ url: '/api/docs', headers: { host } });
      const document = await t.app.inject({ url: '/api/openapi.json', headers: { host } });
      return { page: page.statusCode, document: document.statusCode };
    } finally {
      await t.app.close();
    }
  };

  it('is served outside production, and the document always', async () => {
    const { page, document } = await opened({});
    expect(page).toBeLessThan(400);
    expect(document).toBe(200);
  });

  it('is 404 in production', async () => {
    expect(await opened(productionEnv)).toEqual({ page: 404, document: 200 });
  });

  it('is served in production when LIDO_API_DOCS=true', async () => {
    expect((await opened({ ...productionEnv, LIDO_API_DOCS: 'true' })).page).toBeLessThan(400);
  });
});
