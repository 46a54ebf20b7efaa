import type { FastifyRequest } from 'fastify';

/**
 * What a route says about itself in `config`, read by the app-wide hooks (decision 0078): the
 * route that needs an exception carries it, so the hooks import no module's paths.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The cross-site guard (csrf-guard.ts) lets this route's POSTs through: `'exempt'` always (a
     * provider's signed webhook), or only when `exemptWhen` holds (a browser's report, an
     * issuer's form post). Anything unmarked is guarded.
     */
    csrf?: 'exempt' | { exemptWhen: (request: FastifyRequest) => boolean };
    /** The request's own session check waits first in line for a database connection (decision 0067). */
    pool?: 'payment';
    /** A staff-only route outside `/api/staff/`: answered only on the staff site (decision 0070). */
    staffSiteOnly?: boolean;
  }
}

/** Which line the request's session check waits in for a connection: `config: { pool: 'payment' }`, or the ordinary one. */
export function poolOf(request: FastifyRequest): 'payment' | 'ordinary' {
  return request.routeOptions.config.pool ?? 'ordinary';
}
