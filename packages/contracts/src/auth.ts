import { z } from 'zod';

export const loginBodySchema = z.strictObject({
  username: z
    .string({ error: 'Enter your email address or customer ID.' })
    .trim()
    .min(1, { error: 'Enter your email address or customer ID.' })
    .max(254, { error: 'Your email address or customer ID must be at most 254 characters.' }),
  password: z
    .string({ error: 'Enter your password.' })
    .min(1, { error: 'Enter your password.' })
    .max(1024, { error: 'Your password must be at most 1024 characters.' }),
  /** A login at a centre's kiosk gets a short session (quality.md S8, S22). */
  kiosk: z.boolean({ error: 'Kiosk must be true or false.' }).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;
