import { staffRoles, staffUsernamePattern, type StaffRole } from '@lido/contracts/staff';
import type { Db } from '../../db/client.ts';
import { hashPassword } from '../auth/index.ts';
import { createRateLimitRepository } from '../auth/index.ts';
import { passwordProblems } from '../customers/index.ts';
import { staffLoginLimits } from './staff-auth.service.ts';
import { type AuditActor, recordStaffAction } from '../audit/index.ts';
import {
  centreSlugsOf,
  insertStaffUser,
  revokeStaffSessionsOf,
  type StaffUserRow,
  staffUserByUsername,
  staffUsersOf,
  updateStaffUser,
} from './staff.repository.ts';

/** Who made a change to staff accounts: a staff member, the command line, or a catalogue import. */
type StaffActor = AuditActor;

export class StaffAccountProblem extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join(' '));
    this.name = 'StaffAccountProblem';
  }
}

export interface NewStaffMember {
  username: string;
  name: string;
  role: StaffRole;
  /** a password to hash, or a hash made elsewhere (the catalogue file holds hashes, never passwords) */
  password?: string;
  passwordHash?: string;
  currencySymbol?: string;
  /** a manager's centres (venue slugs); only a manager has any (decision 0092) */
  centres?: string[];
}

/**
 * A manager is given at least one centre and every one must be the operator's; desk staff and
 * supervisors are given none (their powers do not depend on a centre).
 */
export function centreProblems(role: StaffRole, centres: string[], known: ReadonlySet<string>): string[] {
  if (role !== 'manager') return centres.length > 0 ? ['Only a manager is given centres (--centres).'] : [];
  if (centres.length === 0)
    return [
      'A manager needs at least one centre: give --centres with the centres’ slugs, separated by commas.',
    ];
  const unknown = centres.filter((centre) => !known.has(centre));
  return unknown.length > 0
    ? [`There is no centre "${unknown[0]}". The centres are: ${[...known].sort().join(', ')}.`]
    : [];
}

function detailProblems(input: { username?: string; name?: string; role?: string; currencySymbol?: string }) {
  const problems: string[] = [];
  if (input.username !== undefined && !staffUsernamePattern.test(input.username))
    problems.push('The username must be 2 to 64 letters, digits, dots, dashes or underscores.');
  if (input.name !== undefined && (input.name.trim() === '' || input.name.length > 100))
    problems.push('The name must be 1 to 100 characters.');
  if (input.role !== undefined && !(staffRoles as readonly string[]).includes(input.role))
    problems.push(`The role must be one of: ${staffRoles.join(', ')}.`);
  if (input.currencySymbol !== undefined && !/^\S{1,3}$/u.test(input.currencySymbol))
    problems.push('The currency symbol must be 1 to 3 characters without spaces.');
  return problems;
}

const argon2idHash = /^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

/**
 * Creating and changing staff accounts (issue 19 item 2), for the command line and the catalogue
 * import. Every change is written to the audit log with who made it; a new password, a new role
 * or a closed account ends the member's sessions at once.
 */
export function createStaffAccounts(deps: { db: Db; clock: () => Date }) {
  const { db } = deps;

  async function find(operatorId: number, username: string): Promise<StaffUserRow> {
    const found = await staffUserByUsername(db, operatorId, username);
    if (!found) throw new StaffAccountProblem([`There is no staff member with the username "${username}".`]);
    return found;
  }

  async function passwordHashOf(input: { password?: string; passwordHash?: string }) {
    if (input.passwordHash !== undefined) {
      if (!argon2idHash.test(input.passwordHash))
        throw new StaffAccountProblem(['The password hash must be an argon2id hash.']);
      return input.passwordHash;
    }
    const problems = passwordProblems(input.password ?? '');
    if (problems.length > 0) throw new StaffAccountProblem(problems);
    return hashPassword(input.password!);
  }

  return {
    list: (operatorId: number) => staffUsersOf(db, operatorId),

    /** A hash for the catalogue file, after the same password rules as an account's. */
    hash: (password: string) => passwordHashOf({ password }),

    async add(operatorId: number, member: NewStaffMember, actor: StaffActor): Promise<StaffUserRow> {
      const problems = detailProblems(member);
      if (problems.length === 0)
        problems.push(
          ...centreProblems(member.role, member.centres ?? [], await centreSlugsOf(db, operatorId)),
        );
      if (problems.length > 0) throw new StaffAccountProblem(problems);
      const passwordHash = await passwordHashOf(member);
      return db.transaction(async (tx) => {
        const created = await insertStaffUser(tx, {
          operatorId,
          username: member.username,
          displayName: member.name.trim(),
          role: member.role,
          passwordHash,
          currencySymbol: member.currencySymbol ?? '£',
          centres: member.centres ?? [],
        });
        if (!created) throw new StaffAccountProblem([`The username "${member.username}" is already taken.`]);
        await recordStaffAction(tx, {
          by: actor,
          action: 'staff.added',
          details: {
            staffUserId: created.id,
            username: created.username,
            role: created.role,
            ...(created.centres.length > 0 ? { centres: created.centres } : {}),
          },
        });
        return created;
      });
    },

    async change(
      operatorId: number,
      username: string,
      change: {
        name?: string;
        role?: StaffRole;
        currencySymbol?: string;
        active?: boolean;
        password?: string;
        centres?: string[];
      },
      actor: StaffActor,
    ): Promise<StaffUserRow> {
      const problems = detailProblems(change);
      if (problems.length > 0) throw new StaffAccountProblem(problems);
      const found = await find(operatorId, username);
      // A new role or new centres are checked together: a desk member made a manager needs centres,
      // and a manager made desk staff loses theirs.
      const role = change.role ?? found.role;
      const centres = change.centres ?? (role === 'manager' ? found.centres : []);
      if (change.role !== undefined || change.centres !== undefined) {
        const centreIssues = centreProblems(role, centres, await centreSlugsOf(db, operatorId));
        if (centreIssues.length > 0) throw new StaffAccountProblem(centreIssues);
      }
      const centresChanged = centres.join(',') !== found.centres.join(',');
      const passwordHash = change.password === undefined ? undefined : await passwordHashOf(change);
      return db.transaction(async (tx) => {
        const updated = (await updateStaffUser(tx, found.id, {
          ...(change.name !== undefined ? { displayName: change.name.trim() } : {}),
          ...(change.role !== undefined ? { role: change.role } : {}),
          ...(change.currencySymbol !== undefined ? { currencySymbol: change.currencySymbol } : {}),
          ...(change.active !== undefined ? { active: change.active } : {}),
          ...(passwordHash !== undefined ? { passwordHash } : {}),
          ...(centresChanged ? { centres } : {}),
        }))!;
        // What a session was allowed to do changed: it ends, and the member logs in again.
        if (
          passwordHash !== undefined ||
          change.role !== undefined ||
          change.active === false ||
          centresChanged
        )
          await revokeStaffSessionsOf(tx, found.id, deps.clock());
        await recordStaffAction(tx, {
          by: actor,
          action: 'staff.changed',
          details: {
            staffUserId: found.id,
            username: found.username,
            ...(change.name !== undefined ? { name: change.name.trim() } : {}),
            ...(change.role !== undefined ? { role: { from: found.role, to: change.role } } : {}),
            ...(change.currencySymbol !== undefined ? { currencySymbol: change.currencySymbol } : {}),
            ...(change.active !== undefined ? { active: change.active } : {}),
            ...(passwordHash !== undefined ? { password: 'changed' } : {}),
            ...(centresChanged ? { centres: { from: found.centres, to: centres } } : {}),
          },
        });
        return updated;
      });
    },

    /**
     * Lifts a login lock (decision 0070): the account's counted failures are forgotten, in the same
     * transaction as the audit row that says who did it. Answers how many failures there were.
     */
    async unlock(operatorId: number, username: string, actor: StaffActor) {
      const found = await find(operatorId, username);
      return db.transaction(async (tx) => {
        const failures = await createRateLimitRepository(tx).clear([staffLoginLimits.account(found.id).key]);
        await recordStaffAction(tx, {
          by: actor,
          action: 'staff.unlocked',
          details: { staffUserId: found.id, username: found.username, failuresForgotten: failures },
        });
        return { staff: found, failures };
      });
    },
  };
}
export type StaffAccounts = ReturnType<typeof createStaffAccounts>;
