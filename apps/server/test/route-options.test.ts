import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerCsrfGuard } from '../src/http/csrf-guard.ts';
import { registerErrorHandling } from '../src/http/errors.ts';
import { poolOf } from '../src/http/route-options.ts';
import { createCustomer } from './support/factories.ts';
import { createTestApp, siteHost, type TestApp, testConfig } from './support/test-app.ts';

const evil = 'https://evil.example';
const ours = 'http://localhost:3001';

/**
 * Decision 0078: a route says in its `config` what the app-wide hooks must know of it (a cross-site
 * exemption, the payment line for a connection); the hooks import no module's paths.
 */
describe('the cross-site guard reads exemptions from the route', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    registerErrorHandling(app);
    registerCsrfGuard(app, testConfig());
    const answer = async () => ({ reached: true });
    app.post('/exempt', { config: { csrf: 'exempt' } }, answer);
    app.post(
      '/exempt-as-text',
      { config: { csrf: { exemptWhen: (request) => request.headers['content-type'] === 'text/x-report' } } },
      answer,
    );
    app.addContentTypeParser('text/x-report', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    app.post('/unmarked', answer);
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (url: string, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url, headers: { host: 'localhost:3001', ...headers }, payload: {} });

  it('guards a route with no option: another site, or no Origin at all, is refused', async () => {
    expect((await post('/unmarked', { origin: evil })).statusCode).toBe(403);
    expect((await post('/unmarked', {})).statusCode).toBe(403);
    expect((await post('/unmarked', { origin: ours })).statusCode).toBe(200);
  });

  it('lets a route marked exempt through from anywhere, whatever the path’s spelling', async () => {
    expect((await post('/exempt', { origin: evil })).statusCode).toBe(200);
    expect((await post('/exempt', { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(200);
    expect((await post('/%65xempt', { origin: evil })).statusCode).toBe(200);
  });

  it('exempts a conditional route only when its condition holds', async () => {
    const asText = await app.inject({
      method: 'POST',
      url: '/exempt-as-text',
      headers: { host: 'localhost:3001', origin: evil, 'content-type': 'text/x-report' },
      payload: 'report',
    });
    expect(asText.statusCode).toBe(200);
    expect((await post('/exempt-as-text', { origin: evil })).statusCode).toBe(403);
  });
});

describe('the routes of the app that carry an option', () => {
  let t: TestApp;
  const routes: RouteOptions[] = [];

  beforeAll(async () => {
    t = await createTestApp({ onRoute: (route) => void routes.push(route) });
  });
  afterAll(() => t?.close());

  /** `METHOD /url` of every route whose options pass `which` (a GET's HEAD left out). */
  const routesWhere = (which: (config: RouteOptions['config']) => boolean) =>
    routes
      .filter((route) => route.method !== 'HEAD' && which(route.config))
      .map((route) => `${[route.method].flat().join(',')} ${route.url}`)
      .sort();

  it('exempts exactly the webhooks, the CSP reports and the issuer’s answer from the cross-site guard', () => {
    expect(routesWhere((config) => config?.csrf !== undefined)).toEqual([
      'POST /api/csp-reports',
      'POST /api/payment-providers/:provider/webhook',
      'POST /api/payment-providers/sca-completion/:transactionId',
      'POST /api/webhooks/gocardless',
    ]);
    expect(routesWhere((config) => config?.csrf === 'exempt')).toEqual([
      'POST /api/payment-providers/:provider/webhook',
      'POST /api/webhooks/gocardless',
    ]);
  });

  it('puts the payment calls’ session check first in line for a connection, and nothing else', async () => {
    expect(routesWhere((config) => config?.pool === 'payment')).toEqual([
      // A lost payment looked up when checkout opens (decision 0090) is part of paying.
      'GET /api/checkout/earlier-payment',
      'GET /api/checkout/prepare',
      'GET /api/orders/:orderId',
      'POST /api/checkout/authorise',
      'POST /api/checkout/complete',
      'POST /api/payment-providers/sca-completion/:transactionId',
    ]);
    const { cookie } = await createCustomer(t);
    const authenticate = vi.spyOn(t.services().auth, 'authenticate');
    const get = (url: string) => t.app.inject({ url, headers: { host: siteHost.myAccount, cookie } });
    await get('/api/checkout/prepare');
    expect(authenticate).toHaveBeenLastCalledWith(expect.any(String), 'payment');
    expect((await get('/api/auth/user')).statusCode).toBe(200);
    expect(authenticate).toHaveBeenLastCalledWith(expect.any(String), 'ordinary');
    authenticate.mockRestore();
  });

  it('reads a route’s line for a connection from its option', async () => {
    const app = Fastify();
    app.get('/paying', { config: { pool: 'payment' } }, async (request) => ({ pool: poolOf(request) }));
    app.get('/browsing', async (request) => ({ pool: poolOf(request) }));
    expect((await app.inject({ url: '/paying' })).json()).toEqual({ pool: 'payment' });
    expect((await app.inject({ url: '/browsing' })).json()).toEqual({ pool: 'ordinary' });
    await app.close();
  });
});
