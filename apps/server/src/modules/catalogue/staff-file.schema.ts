import { staffRoles, staffUsernamePattern } from '@lido/contracts/staff';
import { z } from 'zod';

/**
 * The catalogue file's `staff` section (issue 19 item 2): front-of-house accounts an operator
 * sets up with its catalogue (the demo's desk user and supervisor). The file holds argon2id
 * hashes, never passwords; a hash is used only when the account is created, so a password changed
 * later with `npm run staff` is not put back by the next import.
 */
const staffMember = z
  .strictObject({
    username: z.string().regex(staffUsernamePattern, {
      error: 'must be 2 to 64 letters, digits, dots, dashes or underscores',
    }),
    name: z.string().trim().min(1).max(100),
    role: z.enum(staffRoles, { error: `must be ${staffRoles.join(' or ')}` }),
    passwordHash: z.string().regex(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/, {
      error: 'must be an argon2id hash (make one with `npm run staff -- hash`)',
    }),
    currencySymbol: z
      .string()
      .regex(/^\S{1,3}$/u, { error: 'must be 1 to 3 characters' })
      .default('£'),
    active: z.boolean().default(true),
    /** a manager's centres, by slug: the only ones whose timetable they change (decision 0092) */
    centres: z.array(z.string({ error: 'must be a centre’s slug' })).default([]),
  })
  .superRefine((member, ctx) => {
    if (member.role === 'manager' && member.centres.length === 0)
      ctx.addIssue({ code: 'custom', path: ['centres'], message: 'a manager needs at least one centre' });
    if (member.role !== 'manager' && member.centres.length > 0)
      ctx.addIssue({ code: 'custom', path: ['centres'], message: 'only a manager is given centres' });
  });
export type StaffFileEntry = z.infer<typeof staffMember>;

export const staffSection = z.array(staffMember).superRefine((members, ctx) => {
  const seen = new Set<string>();
  members.forEach((member, index) => {
    const name = member.username.toLowerCase();
    if (seen.has(name)) ctx.addIssue({ code: 'custom', path: [index, 'username'], message: 'is used twice' });
    seen.add(name);
  });
});
