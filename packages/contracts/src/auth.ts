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
});
export type LoginBody = z.infer<typeof loginBodySchema>;
