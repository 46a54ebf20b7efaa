import { z } from 'zod';

/** GET /api/health: the database answers (no `data` envelope: load balancers read it as it is). */
export const healthSchema = z.object({ status: z.literal('ok'), database: z.string() });
export const healthUnavailableSchema = z.object({ status: z.literal('unavailable'), message: z.string() });
