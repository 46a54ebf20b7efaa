import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.ts';
import { staffSiteOnly } from '../../http/callers.ts';

/** Every `/api/staff/…` route, and any other route that says `config: { staffSiteOnly: true }`. */
export function isStaffOnlyRoute(url: string | undefined, config: { staffSiteOnly?: boolean } | undefined) {
  return (
    url !== undefined &&
    (url === '/api/staff' || url.startsWith('/api/staff/') || config?.staffSiteOnly === true)
  );
}

/**
 * Staff calls belong to the staff site (decision 0055): on a customer site they are refused before
 * anything else looks at them, whatever cookie comes along (locally every site shares `localhost`,
 * so the staff cookie reaches the customer sites' ports too). Decided once here, on the route the
 * router chose (so `/%61pi/staff/…` is the same route), and not by each handler, which could forget.
 */
export function registerStaffSiteOnly(app: FastifyInstance): void {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (request.site === 'front-of-house') return;
    if (isStaffOnlyRoute(request.routeOptions.url, request.routeOptions.config))
      throw new HttpError(403, staffSiteOnly);
  });
}
