import {
  cspReportBodySchema,
  type CspReportBody,
  type CspViolationReport,
} from '@lido/contracts/csp-reports';
import { errorResponseSchema } from '@lido/contracts/common';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiRoutes } from './api-schema.ts';
import { HttpError, parseInput } from './errors.ts';

/**
 * Where every site's Content Security Policy sends its violation reports (`report-uri`, and
 * `report-to` through `Reporting-Endpoints`), so a blocked script or frame is seen in the log.
 */
export const cspReportsPath = '/api/csp-reports';
export const cspReportingEndpoint = 'csp-endpoint';
/** The two bodies browsers send reports as: `report-uri`'s and the Reporting API's. */
const cspReportContentTypes = ['application/csp-report', 'application/reports+json'];
const cspReportBodyLimit = 16 * 1024;
/** Per instance; a page broken for everyone would otherwise write a line per view. */
export const cspReportsLoggedPerMinute = 20;

/** Whether a request carries a report as a browser sends it (the cross-site guard lets these in). */
function isCspReportContentType(request: FastifyRequest): boolean {
  const essence = String(request.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  return cspReportContentTypes.includes(essence);
}

interface LoggedViolation {
  directive: string | undefined;
  blocked: string | undefined;
  document: string | undefined;
  source: string | undefined;
  line: number | undefined;
  column: number | undefined;
  status: number | undefined;
  disposition: string | undefined;
  sample: string | undefined;
}

const shorten = (value: string, length: number) =>
  value.length > length ? `${value.slice(0, length)}…` : value;
// Control characters would let a report forge log lines in a plain-text viewer.
const printable = (value: string) => value.replace(/\p{Cc}/gu, ' ');

/**
 * A URL as the log may hold it: origin and path, never the query or fragment (a reset link's token)
 * or user name and password. The CSP keywords browsers report instead (`inline`, `eval`) stay;
 * `data:` and the like keep only their scheme.
 */
function urlForLog(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (/^[a-z][a-z-]{0,30}$/i.test(value)) return value;
  try {
    const url = new URL(value);
    if (!/^(https?|wss?):$/.test(url.protocol)) return url.protocol;
    const rest = url.search || url.hash ? '?…' : '';
    return printable(shorten(`${url.origin}${url.pathname}`, 200)) + rest;
  } catch {
    return '[not a URL]';
  }
}

const keyword = (value: string | undefined) =>
  value === undefined ? undefined : /^[a-z-]{1,40}$/i.test(value) ? value : '[unreadable]';

/** The first characters of the blocked code: long token-like runs and email addresses are masked. */
const sampleForLog = (value: string | undefined) =>
  value === undefined || value === ''
    ? undefined
    : printable(shorten(value, 40))
        .replace(/[^\s"'<>()@,;:]+@[^\s"'<>()@,;:]+/g, '[email]')
        .replace(/[A-Za-z0-9+/_=-]{20,}/g, '[…]');

/** Each violation in a body, in one shape; reports of other types are left out. */
function violations(body: CspReportBody): LoggedViolation[] {
  if (!Array.isArray(body)) {
    const report = body['csp-report'];
    return [
      {
        directive: keyword(report['effective-directive'] ?? report['violated-directive']?.split(' ')[0]),
        blocked: urlForLog(report['blocked-uri']),
        document: urlForLog(report['document-uri']),
        source: urlForLog(report['source-file']),
        line: report['line-number'],
        column: report['column-number'],
        status: report['status-code'],
        disposition: keyword(report.disposition),
        sample: sampleForLog(report['script-sample']),
      },
    ];
  }
  return body
    .filter((report): report is CspViolationReport => report.type === 'csp-violation')
    .map(({ url, body: violation }) => ({
      directive: keyword(violation.effectiveDirective),
      blocked: urlForLog(violation.blockedURL),
      document: urlForLog(violation.documentURL ?? url),
      source: urlForLog(violation.sourceFile),
      line: violation.lineNumber,
      column: violation.columnNumber,
      status: violation.statusCode,
      disposition: keyword(violation.disposition),
      sample: sampleForLog(violation.sample),
    }));
}

/**
 * At most `perMinute` lines a minute; the rest are counted, and one line says how many were left
 * out when the next minute's first report arrives or the server closes.
 */
function createCspReportLog(log: FastifyBaseLogger, clock: () => Date, perMinute: number) {
  let windowStart = Number.NEGATIVE_INFINITY;
  let logged = 0;
  let suppressed = 0;
  const flush = () => {
    if (suppressed > 0)
      log.warn(
        { suppressed },
        `${suppressed} Content Security Policy reports suppressed (over ${perMinute} a minute)`,
      );
    suppressed = 0;
  };
  return {
    write(violation: LoggedViolation) {
      const now = clock().getTime();
      if (now - windowStart >= 60_000) {
        flush();
        windowStart = now;
        logged = 0;
      }
      if (logged >= perMinute) {
        suppressed += 1;
        return;
      }
      logged += 1;
      log.warn({ cspReport: violation }, 'Content Security Policy violation reported');
    },
    flush,
  };
}

export function registerCspReports(app: FastifyInstance, clock: () => Date): void {
  const reports = createCspReportLog(app.log, clock, cspReportsLoggedPerMinute);
  app.addHook('onClose', async () => reports.flush());
  app.register(async (scope) => {
    // Parsed here, not by the JSON parser: neither type is JSON's own, and both are bounded small.
    // (A same-origin JSON post still reaches the route through the app's parser and its limits.)
    scope.addContentTypeParser(
      cspReportContentTypes,
      { parseAs: 'string', bodyLimit: cspReportBodyLimit },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(new HttpError(400, 'The report is not valid JSON.'), undefined);
        }
      },
    );
    apiRoutes(scope).post(
      cspReportsPath,
      {
        schema: {
          consumes: cspReportContentTypes,
          body: cspReportBodySchema,
          response: {
            204: z.null().describe('The report was received'),
            '4xx': errorResponseSchema,
          },
        },
        // Browsers send reports on their own, often with no Origin or marked cross-site; the route
        // only logs them, and skips the cross-site guard only in a report's own content types.
        config: { csrf: { exemptWhen: isCspReportContentType } },
      },
      async (request, reply) => {
        for (const violation of violations(parseInput(cspReportBodySchema, request.body)))
          reports.write(violation);
        return reply.code(204).send(null);
      },
    );
  });
}
