import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import { pingDatabase } from './health.repository.ts';

export function healthRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  // The server listens only after migrations have run, so an answer here means they are done.
  app.get('/api/health', async (_request, reply) => {
    try {
      await pingDatabase(database);
      return { status: 'ok', database: database.kind };
    } catch (error) {
      reply.log.error({ err: error }, 'health check could not reach the database');
      return reply.status(503).send({ status: 'unavailable', message: 'The database is not reachable.' });
    }
  });
}
