import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cspReportsLoggedPerMinute } from '../src/http/csp-reports.ts';
import { fakeWebDist } from './support/fake-web-dist.ts';
import { createTestApp, loginCookie, siteHost, type TestApp } from './support/test-app.ts';

const host = siteHost.myAccount;

/** A `report-uri` report as Chrome and Firefox send it. */
const legacyReport = (overrides: Record<string, unknown> = {}) => ({
  'csp-report': {
    'document-uri': 'http://localhost:3001/reset-password?token=secret-reset-token-1234567890',
    referrer: '',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'original-policy': "default-src 'self'; report-uri /api/csp-reports",
    disposition: 'enforce',
    'blocked-uri': 'https://evil.example/steal.js?session=abc',
    'line-number': 12,
    'column-number': 7,
    'source-file': 'http://localhost:3001/assets/app-abc123.js',
    'status-code': 200,
    'script-sample': '',
    ...overrides,
  },
});

/** A Reporting API batch: a violation and a report of another type. */
const reportingBatch = [
  {
    type: 'csp-violation',
    age: 10,
    url: 'http://localhost:3001/my-account?email=priya@example.org',
    user_agent: 'Mozilla/5.0',
    body: {
      documentURL: 'http://localhost:3001/my-account?email=priya@example.org',
      blockedURL: 'inline',
      effectiveDirective: 'script-src-elem',
      originalPolicy: "default-src 'self'",
      disposition: 'enforce',
      sample: 'fetch("/x?token=eyJhbGciOiJIUzI1NiJ9abcdefghijk")',
      lineNumber: 3,
      columnNumber: 1,
      statusCode: 200,
    },
  },
  { type: 'deprecation', age: 10, url: 'http://localhost:3001/', body: { id: 'SomeFeature' } },
];

interface LogLine {
  msg: string;
  cspReport?: Record<string, unknown>;
  suppressed?: number;
}

/** Issue 40 item 8b: a violation of the Content Security Policy reaches the server log. */
describe('Content Security Policy reports', () => {
  let t: TestApp;
  let logged = '';
  let now = new Date('2026-11-28T10:00:00Z');
  const lines = (): LogLine[] =>
    logged
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine);
  const violationLines = () => lines().filter((line) => line.cspReport !== undefined);
  const send = (payload: string | object, headers: Record<string, string> = {}, url = '/api/csp-reports') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { host, 'content-type': 'application/csp-report', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  beforeAll(async () => {
    t = await createTestApp({
      now: () => now,
      env: { LIDO_LOG_LEVEL: 'warn', LIDO_WEB_DIST: fakeWebDist() },
      logStream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logged += chunk.toString();
          done();
        },
      }),
    });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    // A new minute for each test, so earlier reports do not count against its limit.
    now = new Date(now.getTime() + 5 * 60_000);
    logged = '';
  });

  it('names a same-origin report endpoint in every site’s policy', async () => {
    for (const site of Object.values(siteHost)) {
      const page = await t.app.inject({ url: '/', headers: { host: site } });
      expect(page.headers['content-type'], site).toMatch(/^text\/html/);
      const csp = String(page.headers['content-security-policy']);
      expect(csp, site).toContain('report-uri /api/csp-reports');
      expect(csp, site).toContain('report-to csp-endpoint');
      expect(page.headers['reporting-endpoints'], site).toBe('csp-endpoint="/api/csp-reports"');
    }
  });

  it('takes a browser’s report with no Origin, answers 204 and logs it without query strings or cookies', async () => {
    const cookie = await loginCookie(t, 'C100002');
    // Browsers send reports on their own: no Origin, possibly marked cross-site, with the cookie.
    const response = await send(legacyReport(), { cookie, 'sec-fetch-site': 'cross-site' });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(violationLines()).toEqual([
      expect.objectContaining({
        msg: 'Content Security Policy violation reported',
        cspReport: {
          directive: 'script-src-elem',
          blocked: 'https://evil.example/steal.js?…',
          document: 'http://localhost:3001/reset-password?…',
          source: 'http://localhost:3001/assets/app-abc123.js',
          line: 12,
          column: 7,
          status: 200,
          disposition: 'enforce',
        },
      }),
    ]);
    expect(logged).not.toContain('secret-reset-token');
    expect(logged).not.toContain(cookie.split('=')[1]!);
  });

  it('takes the Reporting API’s batches, logging only the violations', async () => {
    const response = await send(reportingBatch, { 'content-type': 'application/reports+json' });
    expect(response.statusCode).toBe(204);
    const [line, ...others] = violationLines();
    expect(others).toEqual([]);
    expect(line!.cspReport).toMatchObject({
      directive: 'script-src-elem',
      blocked: 'inline',
      document: 'http://localhost:3001/my-account?…',
    });
    // The sample is kept short, with the token-like run masked.
    expect(line!.cspReport!.sample).toBe('fetch("/x?[…]…');
    expect(logged).not.toContain('priya@example.org');
    expect(logged).not.toContain('eyJhbGciOiJIUzI1NiJ9');
  });

  it('refuses hostile or malformed bodies with a 4xx, never a 5xx, and logs nothing for them', async () => {
    const nested = '['.repeat(5_000) + ']'.repeat(5_000);
    const cases: [payload: string, headers: Record<string, string>, status: number][] = [
      ['{"csp-report": ', {}, 400],
      ['', {}, 400],
      [JSON.stringify(legacyReport({ 'script-sample': 'x'.repeat(17_000) })), {}, 413],
      [JSON.stringify({ 'csp-report': 'nope' }), {}, 422],
      [JSON.stringify({ something: 'else' }), {}, 422],
      [JSON.stringify(legacyReport({ 'line-number': -1 })), {}, 422],
      [
        JSON.stringify([{ type: 'csp-violation', body: 'nope' }]),
        { 'content-type': 'application/reports+json' },
        422,
      ],
      [
        JSON.stringify(Array.from({ length: 101 }, () => reportingBatch[1])),
        { 'content-type': 'application/reports+json' },
        422,
      ],
      [nested, {}, 400],
      [JSON.stringify(legacyReport({ 'blocked-uri': 'a\u0000b' })), {}, 422],
    ];
    for (const [payload, headers, status] of cases) {
      const response = await send(payload, headers);
      expect(response.statusCode, payload.slice(0, 60)).toBe(status);
      expect(response.json().message, payload.slice(0, 60)).toEqual(expect.any(String));
    }
    expect(violationLines()).toEqual([]);
  });

  it('lets reports past the cross-site guard only on this route, and only as reports', async () => {
    // JSON or a form to the report route is an ordinary request: it needs our Origin.
    for (const contentType of ['application/json', 'text/plain', 'application/x-www-form-urlencoded']) {
      const response = await send(JSON.stringify(legacyReport()), { 'content-type': contentType });
      expect(response.statusCode, contentType).toBe(403);
    }
    // A report's content type does not open any other route.
    const cookie = await loginCookie(t, 'C100002');
    const logout = await send(JSON.stringify(legacyReport()), { cookie }, '/api/auth/logout');
    expect(logout.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/auth/user', headers: { host, cookie } })).statusCode).toBe(200);
    // Whatever the spelling of the report route, it is the same route.
    expect((await send(legacyReport(), {}, '/%61pi/csp-reports')).statusCode).toBe(204);
  });

  it(`logs at most ${cspReportsLoggedPerMinute} a minute, then one line saying how many were left out`, async () => {
    for (let i = 0; i < cspReportsLoggedPerMinute + 5; i += 1)
      expect((await send(legacyReport())).statusCode).toBe(204);
    expect(violationLines()).toHaveLength(cspReportsLoggedPerMinute);
    expect(lines().filter((line) => line.suppressed !== undefined)).toEqual([]);
    now = new Date(now.getTime() + 61_000);
    await send(legacyReport());
    const suppressed = lines().filter((line) => line.suppressed !== undefined);
    expect(suppressed).toEqual([
      expect.objectContaining({
        suppressed: 5,
        msg: `5 Content Security Policy reports suppressed (over ${cspReportsLoggedPerMinute} a minute)`,
      }),
    ]);
    expect(violationLines()).toHaveLength(cspReportsLoggedPerMinute + 1);
  });

  it('is in the OpenAPI document with both content types', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json', headers: { host } })).json();
    const operation = document.paths['/api/csp-reports'].post;
    expect(Object.keys(operation.requestBody.content).sort()).toEqual([
      'application/csp-report',
      'application/reports+json',
    ]);
    expect(operation.responses['204']).toBeDefined();
  });
});
