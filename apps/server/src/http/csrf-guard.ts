import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { HttpError } from './errors.ts';
import { siteOriginsFor } from './sites.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Exempt only by the route the router chose (its `config`, route-options.ts), never by the raw URL:
 * `/%61pi/…`, `//api/…` and friends reach the same handler as `/api/…`, so only the route can say
 * what a request is. The routes that are: provider webhooks (server to server, signed), the
 * browser's CSP reports (in a report's own content types) and the card issuer's form post.
 */
function isExempt(request: FastifyRequest): boolean {
  if (request.method !== 'POST') return false;
  const csrf = request.routeOptions.config.csrf;
  if (csrf === undefined) return false;
  return csrf === 'exempt' || csrf.exemptWhen(request);
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
