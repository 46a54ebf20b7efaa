import { themeQuerySchema } from '@lido/contracts/theme';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/errors.ts';
import type { AppServices } from '../../services.ts';

export function themeRoutes(app: FastifyInstance, services: AppServices): void {
  app.get('/api/frontend/theme', async (request) => {
    const { venue } = parseInput(themeQuerySchema, request.query);
    return { data: await services.theme.theme(venue) };
  });
}
