import { healthSchema, healthUnavailableSchema } from '@lido/contracts/health';
import { apiRoutes } from '../../http/api-schema.ts';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import { pingDatabase } from './health.repository.ts';

export function healthRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  // The server listens only after migrations have run, so an answer here means they are done.
  const api = apiRoutes(app);
  api.get(
    '/api/health',
    { schema: { response: { 200: healthSchema, 503: healthUnavailableSchema } } },
    async (_request, reply) => {
      try {
        await pingDatabase(database);
        return { status: 'ok' as const, database: database.kind };
      } catch (error) {
        reply.log.error({ err: error }, 'health check could not reach the database');
        return reply.status(503).send({ status: 'unavailable', message: 'The database is not reachable.' });
      }
    },
  );
}
