import { z } from 'zod';

/** A URL-safe venue or membership slug: lower-case words joined by hyphens. */
export const slugSchema = z
  .string({ error: 'Must be text.' })
  .trim()
  .min(1, { error: 'Must not be empty.' })
  .max(100, { error: 'Must be at most 100 characters.' })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'Must contain only lower-case letters, numbers and hyphens.' });

export const hexColourSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'Must be a colour such as #5c2d91.' });

/** Every successful answer that the specification reads as `data` is wrapped like this. */
export function dataEnvelope<T extends z.ZodType>(inner: T) {
  return z.object({ data: inner });
}

/** A failed answer: `message` always, `errors` (field to messages) on a 422. */
export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** A database id from a path, query or body: the shared rule of limits.ts (decision 0071). */
export { databaseId as positiveId } from './limits.ts';
