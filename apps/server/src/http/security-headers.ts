import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { cspReportingEndpoint, cspReportsPath } from './csp-reports.ts';

/** The Content Security Policy for the sites' HTML; third-party origins appear only when configured. */
function contentSecurityPolicy(config: Config, options: { framed: boolean } = { framed: true }): string {
  const scriptSources = ["'self'"];
  const connectSources = ["'self'"];
  const imageSources = ["'self'", 'data:', 'blob:'];
  if (config.analytics.gaMeasurementId || config.analytics.gtmContainerId) {
    scriptSources.push('https://www.googletagmanager.com');
    connectSources.push('https://*.google-analytics.com', 'https://www.googletagmanager.com');
    imageSources.push('https://*.google-analytics.com', 'https://www.googletagmanager.com');
  }
  if (config.sentryDsn) connectSources.push(new URL(config.sentryDsn).origin);
  // Place search goes to Mapbox only when the operator configured a key.
  if (config.map.apiKey) connectSources.push('https://api.mapbox.com');
  // The card provider's drop-in script, its card frame and the issuer's challenge (posted from our
  // page into a frame) are the only third-party content on the checkout (payments-reference.md §4.3).
  const cardOrigins = config.card.origins;
  scriptSources.push(...cardOrigins);
  if (config.card.provider === 'stripe') connectSources.push(...config.card.connectOrigins);
  // The staff site is never framed (issue 19): a framed till could be clickjacked into taking money.
  const frameAncestors = !options.framed
    ? ["'none'"]
    : config.frameAncestors.length > 0
      ? ["'self'", ...config.frameAncestors]
      : ["'self'"];
  return [
    "default-src 'self'",
    `script-src ${scriptSources.join(' ')}`,
    // React sets inline style attributes; styles cannot run code, scripts stay locked down.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${imageSources.join(' ')}`,
    "font-src 'self' data:",
    `connect-src ${connectSources.join(' ')}`,
    "worker-src 'self' blob:",
    `frame-src 'self' ${cardOrigins.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    `form-action 'self' ${cardOrigins.join(' ')}`,
    `frame-ancestors ${frameAncestors.join(' ')}`,
    // Violations are reported to our own origin and logged (csp-reports.ts): `report-to` where the
    // browser has the Reporting API, `report-uri` where it does not (it ignores one when it has both).
    `report-uri ${cspReportsPath}`,
    `report-to ${cspReportingEndpoint}`,
  ].join('; ');
}

/** The path of a request URL, percent-decoded; undefined when it does not decode. */
export function decodedPath(url: string): string | undefined {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '');
  } catch {
    return undefined;
  }
}

/** Any spelling of an /api/ path once decoded (/%61pi/…, //API/…). */
export const isApiPath = (pathname: string) => /^\/+api(\/|$)/i.test(pathname);

/**
 * Whether an answer comes from the API, decided as the router decided, never on the raw URL: by the
 * route it matched (its pattern, already decoded and normalised), so `/%61pi/…` is the API as
 * `/api/…` is; and, with no route (a 404), on the decoded path, as the not-found answer is.
 */
function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route !== undefined) return route === '/api' || route.startsWith('/api/');
  const path = decodedPath(request.url);
  return path === undefined || isApiPath(path);
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const csp = contentSecurityPolicy(config);
  const staffCsp = contentSecurityPolicy(config, { framed: false });
  // Relative, so each site reports to itself: the same origin as the page.
  const reportingEndpoints = `${cspReportingEndpoint}="${cspReportsPath}"`;
  const httpsOnly =
    config.siteOrigins !== undefined &&
    Object.values(config.siteOrigins).every((o) => o.startsWith('https:'));
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    const staffSite = request.site === 'front-of-house';
    // The staff site's check-in reads membership cards with the camera (decision 0097); no customer site may.
    reply.header(
      'permissions-policy',
      `geolocation=(self), camera=(${staffSite ? 'self' : ''}), microphone=()`,
    );
    if (httpsOnly) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    const contentType = String(reply.getHeader('content-type') ?? '');
    if (staffSite) reply.header('x-frame-options', 'DENY');
    if (contentType.startsWith('text/html')) {
      reply.header('content-security-policy', staffSite ? staffCsp : csp);
      reply.header('reporting-endpoints', reportingEndpoints);
    }
    if (isApiRequest(request)) reply.header('cache-control', 'no-store');
    return payload;
  });
}
