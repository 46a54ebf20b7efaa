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

/** The spec's "Auth user", as GET /api/auth/user answers it. */
export const authUserSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  homeVenueSlug: z.string().nullable(),
  hasOutstandingPenalties: z.boolean(),
  membershipUser: z.object({ id: z.number().int(), homeVenueId: z.number().int().nullable() }),
  credit: z.object({ balance: z.number().int() }),
  hasInstruction: z.boolean(),
  hasBillingDate: z.boolean(),
  billingDay: z.number().int().nullable(),
  documentExpiry: z.array(z.object({ documentExpiringSoon: z.boolean(), daysToExpiry: z.number().int() })),
  membershipDocumentUploadRequired: z.boolean(),
  profilePhoto: z.string().nullable(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/**
 * A login's answer: the session's state value the browser keeps for its 5-second check (the secret
 * stays in the HttpOnly cookie).
 */
export const sessionTokenSchema = z.object({ token: z.string() });

/** Registering or updating the account: a fresh session and the user as it now is. */
export const sessionWithUserSchema = z.object({ token: z.string(), user: authUserSchema });
export type SessionWithUser = z.infer<typeof sessionWithUserSchema>;

/**
 * GET /api/auth/session (reads, never extends) and POST /api/auth/session/extend: when this session
 * ends unless the customer does something, so the browser can mirror the server's timer and warn
 * before it (WCAG 2.2.1). `expiresInMs` is measured on the server's clock, so a browser whose clock
 * is wrong still counts down the right time.
 */
export const sessionTimesSchema = z.object({
  /** the moment the session ends if nothing happens, ISO 8601 */
  expiresAt: z.string(),
  expiresInMs: z.number().int().nonnegative(),
  /** how long without a request ends a session (30 minutes unless the operator set otherwise) */
  idleTimeoutMs: z.number().int().positive(),
  /**
   * false when the session's whole-life limit (12 hours; 10 minutes at a kiosk), not idleness,
   * ends it: staying active or extending cannot move that end.
   */
  extendable: z.boolean(),
});
export type SessionTimes = z.infer<typeof sessionTimesSchema>;

export const loggedOutSchema = z.object({ loggedOut: z.literal(true) });

/** Answers that only tell the customer something (forgotten and reset password). */
export const messageAnswerSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswerSchema>;
export type SessionToken = z.infer<typeof sessionTokenSchema>;
