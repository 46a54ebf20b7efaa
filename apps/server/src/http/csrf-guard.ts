import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { goCardlessWebhookPath } from '../modules/direct-debit/direct-debit.routes.ts';
import { scaCompletionPath, webhookPathPrefix } from '../modules/checkout/checkout.routes.ts';
import { cspReportsPath, isCspReportContentType } from './csp-reports.ts';
import { HttpError } from './errors.ts';
import { siteOriginsFor } from './sites.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Provider webhooks come from the provider's servers, not a browser: their signature is checked. */
const webhookRoutes = new Set([`${webhookPathPrefix}:provider/webhook`, goCardlessWebhookPath]);
const scaCompletionRoute = `${scaCompletionPath}:transactionId`;

/**
 * The route the router chose (its pattern, after decoding), never the raw URL: `/%61pi/…`, `//api/…`
 * and friends reach the same handler as `/api/…`, so only the route can say what a request is.
 */
function isExempt(request: FastifyRequest): boolean {
  if (request.method !== 'POST') return false;
  const route = request.routeOptions.url;
  if (route === undefined) return false;
  if (webhookRoutes.has(route)) return true;
  // Browsers send violation reports on their own, often with no Origin or marked cross-site; the
  // route only logs them, and is let through only in a report's own content types.
  if (route === cspReportsPath) return isCspReportContentType(request);
  // The card issuer's answer is a form post from the issuer's page, by design cross-site; it is
  // accepted only as a form, and only for a payment waiting on that answer (checkout.routes.ts).
  return (
    route === scaCompletionRoute &&
    String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')
  );
}

/**
 * The staff site takes state changes only from its own pages, and the customer sites never from
 * the staff site's (decision 0055): staff act for customers there, so neither side may drive the other.
 */
function allowedOrigins(config: Config, request: FastifyRequest): string[] {
  const origins = siteOriginsFor(config, request.headers.host, request.protocol);
  const staffSite = request.site === 'front-of-house';
  return Object.entries(origins).flatMap(([site, origin]) =>
    origin !== undefined && (site === 'front-of-house') === staffSite ? [origin] : [],
  );
}

/**
 * Every state-changing request, whatever its path, must come from one of our own sites (quality.md
 * S11): a browser sends `Origin` on such requests, and a cross-site one is refused before any
 * handler runs. JSON-only bodies (text and form bodies get 415) close the remaining "simple request" route.
 */
export function registerCsrfGuard(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method) || isExempt(request)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site')
      throw new HttpError(403, 'Cross-site requests are not allowed.');
    const origin = request.headers.origin;
    if (!origin || !allowedOrigins(config, request).includes(origin))
      throw new HttpError(403, 'Cross-site requests are not allowed.');
  });
}
