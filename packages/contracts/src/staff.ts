import { z } from 'zod';

/**
 * Front-of-house staff (issue 19): desk staff and supervisors log in to the staff site with a
 * username and password of their own; they are never customers. Not in the specification
 * ("Staff capabilities: not shown"), so these shapes are Lido's (decision 0053).
 */
export const staffRoles = ['desk', 'supervisor', 'manager'] as const;
export type StaffRole = (typeof staffRoles)[number];
export const staffRoleLabels: Record<StaffRole, string> = {
  desk: 'Desk staff',
  supervisor: 'Supervisor',
  manager: 'Manager',
};

export const staffLoginBodySchema = z.strictObject({
  username: z
    .string({ error: 'Enter your staff username.' })
    .trim()
    .min(1, { error: 'Enter your staff username.' })
    .max(64, { error: 'Your staff username must be at most 64 characters.' }),
  password: z
    .string({ error: 'Enter your password.' })
    .min(1, { error: 'Enter your password.' })
    .max(1024, { error: 'Your password must be at most 1024 characters.' }),
});
export type StaffLoginBody = z.infer<typeof staffLoginBodySchema>;

/** GET /api/staff/me: who is at the desk, and the currency symbol their screens show money in. */
export const staffUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: z.enum(staffRoles),
  roleLabel: z.string(),
  currencySymbol: z.string(),
  /** a manager's centres (venue slugs), the only ones whose timetable they change (decision 0092); empty for other roles */
  centres: z.array(z.string()).default([]),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

/** GET /api/staff/me also says whether the desk can take a card (a card provider is configured). */
export const staffMeSchema = staffUserSchema.extend({
  cardPayments: z.boolean().describe('A card provider is configured: the till offers Card (decision 0058)'),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

/** A staff login's answer: the state value the browser compares (the secret stays in the HttpOnly cookie). */
export const staffSessionSchema = z.object({ token: z.string(), user: staffUserSchema });
export type StaffSession = z.infer<typeof staffSessionSchema>;

/** A username for a new staff account: letters, digits, dots, dashes and underscores. */
export const staffUsernamePattern = /^[a-z0-9][a-z0-9._-]{1,63}$/i;
