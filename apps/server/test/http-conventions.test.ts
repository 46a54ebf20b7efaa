import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseInput } from '../src/http/errors.ts';
import { createTestApp, siteHost, type TestApp } from './support/test-app.ts';

/** Conventions every call shares, exercised through routes added only for this test. */
describe('HTTP conventions', () => {
  let t: TestApp;
  const seen: unknown[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      seed: false,
      beforeReady(app) {
        const schema = z.object({
          billingDay: z.number().int().min(1, { error: 'Billing day must be between 1 and 28.' }).max(28),
          accountDetails: z.object({
            sortCode: z.string().regex(/^\d{6}$/, { error: 'Sort code must be 6 digits.' }),
          }),
        });
        app.post('/api/test/echo', async (request) => {
          seen.push(request.body);
          return { data: { received: parseInput(schema, request.body), query: request.query } };
        });
        app.get('/api/test/explode', async () => {
          throw new Error('secret database password in a stack trace');
        });
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes snake_case in and gives camelCase out', async () => {
    const response = await t.app.inject({
      method: 'POST',
      headers: { origin: 'http://localhost:3000' },
      url: '/api/test/echo?selected_user_id=7',
      payload: { billing_day: 15, account_details: { sort_code: '123456' } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        received: { billingDay: 15, accountDetails: { sortCode: '123456' } },
        query: { selectedUserId: '7' },
      },
    });
  });

  it('answers 422 with every field message, keyed by field path', async () => {
    const response = await t.app.inject({
      method: 'POST',
      headers: { origin: 'http://localhost:3000' },
      url: '/api/test/echo',
      payload: { billing_day: 0, account_details: { sort_code: '12-34' } },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Billing day must be between 1 and 28.',
      errors: {
        billingDay: ['Billing day must be between 1 and 28.'],
        'accountDetails.sortCode': ['Sort code must be 6 digits.'],
      },
    });
  });

  it('refuses a body with prototype-polluting keys and acts on nothing', async () => {
    seen.length = 0;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: '{"billing_day": 1, "account_details": {"sort_code": "123456"}, "__proto__": {"admin": true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(seen).toEqual([]);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('answers 400 for a body that is not JSON and 415 for one that is not declared as JSON', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: '{"billing_day": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'The request body is not valid JSON.' });
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { origin: 'http://localhost:3000', 'content-type': 'text/plain' },
      payload: 'billing_day=1',
    });
    expect(plain.statusCode).toBe(415);
  });

  it('never leaks a stack trace: a failure is a plain 500 message', async () => {
    const response = await t.app.inject({ url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something has gone wrong, please try again.' });
    expect(response.body).not.toContain('secret');
  });

  it('answers an unknown API path with the catalogue 404, not a page', async () => {
    const response = await t.app.inject({ url: '/api/no-such-call', headers: { host: siteHost.bookings } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Unable to complete request, item not found.' });
  });

  it('gives every answer a request id, keeping a sensible one the caller sent', async () => {
    const given = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'trace-abc-12345' } });
    expect(given.headers['x-request-id']).toBe('trace-abc-12345');
    const generated = await t.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers health once the database is migrated, and marks API answers no-store', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
