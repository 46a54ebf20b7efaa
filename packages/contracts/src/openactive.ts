import { z } from 'zod';

/**
 * OpenActive open data (decision 0035): RPDE 1.0 feeds with the "modified timestamp and ID"
 * ordering. A page is asked for after the last item the reader has seen; both numbers or neither.
 */
const feedNumber = z
  .string()
  .regex(/^\d{1,15}$/, { message: 'must be a whole number' })
  .transform(Number);

export const rpdeFeedNames = ['session-series', 'scheduled-sessions', 'facility-uses', 'slots'] as const;
export type RpdeFeedName = (typeof rpdeFeedNames)[number];

export const rpdeFeedParamsSchema = z.object({ feed: z.enum(rpdeFeedNames) });

export const rpdeQuerySchema = z
  .object({ afterTimestamp: feedNumber.optional(), afterId: feedNumber.optional() })
  .refine((query) => (query.afterTimestamp === undefined) === (query.afterId === undefined), {
    message: 'afterTimestamp and afterId go together: give both or neither',
    path: ['afterId'],
  });
export type RpdeQuery = z.infer<typeof rpdeQuerySchema>;

/** One item: `data` is an OpenActive JSON-LD object, absent when the item was deleted. */
export const rpdeItemSchema = z.object({
  state: z.enum(['updated', 'deleted']),
  kind: z.string(),
  id: z.number().int(),
  modified: z.number().int(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type RpdeItem = z.infer<typeof rpdeItemSchema>;

export const rpdePageSchema = z.object({
  next: z.string(),
  items: z.array(rpdeItemSchema),
  license: z.string(),
});
export type RpdePage = z.infer<typeof rpdePageSchema>;
