import { clientSettingsSchema } from '@lido/contracts/client-settings';
import { apiRoutes, ok } from '../../http/api-schema.ts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { siteOriginsFor } from '../../http/sites.ts';
import type { RouteServices } from '../../http/callers.ts';

export function clientRoutes(app: FastifyInstance, services: RouteServices<'client'>, config: Config): void {
  const api = apiRoutes(app);
  api.get('/api/client', { schema: { response: ok(clientSettingsSchema) } }, async (request) => {
    const origins = siteOriginsFor(config, request.headers.host, request.protocol);
    return { data: await services.client.settings(origins) };
  });
}
