import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { HttpError } from './errors.ts';
import { siteOriginsFor } from './sites.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every state-changing API call must come from one of our own sites (quality.md S11): a browser
 * sends `Origin` on such requests, and a cross-site one is refused before any handler runs. JSON-only
 * bodies (text and form bodies get 415) close the remaining "simple request" route.
 */
export function registerCsrfGuard(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method) || !request.url.startsWith('/api/')) return;
    // The card issuer's answer is a form post from the issuer's page, by design cross-site; it is
    // accepted only as a form, and only for a payment waiting on that answer (checkout.routes.ts).
    if (
      request.method === 'POST' &&
      request.url.startsWith('/api/payment-providers/sca-completion/') &&
      String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')
    )
      return;
    // Provider webhooks come from the provider's servers, not a browser: their signature is checked.
    if (request.method === 'POST' && /^\/api\/payment-providers\/[a-z]+\/webhook$/.test(request.url)) return;
    if (request.method === 'POST' && request.url === '/api/webhooks/gocardless') return;
    if (request.headers['sec-fetch-site'] === 'cross-site')
      throw new HttpError(403, 'Cross-site requests are not allowed.');
    const origin = request.headers.origin;
    const allowed = Object.values(siteOriginsFor(config, request.headers.host, request.protocol));
    if (!origin || !allowed.includes(origin))
      throw new HttpError(403, 'Cross-site requests are not allowed.');
  });
}
