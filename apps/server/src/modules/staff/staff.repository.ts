import { and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { staffLoginAddresses, staffSessions, staffUsers, type StaffRole, venues } from '../../db/schema.ts';
import type { SessionStore } from '../auth/index.ts';

export type StaffUserRow = typeof staffUsers.$inferSelect;
export type StaffSessionRow = typeof staffSessions.$inferSelect;

const byUsername = (operatorId: number, username: string) =>
  and(
    eq(staffUsers.operatorId, operatorId),
    sql`lower(${staffUsers.username}) = ${username.trim().toLowerCase()}`,
  );

/** Every query of staff accounts and their sessions (decision 0053; the audit log: staff-audit.repository.ts). */
export async function staffUserByUsername(db: Executor, operatorId: number, username: string) {
  const [row] = await db.select().from(staffUsers).where(byUsername(operatorId, username));
  return row;
}

export async function staffUsersOf(db: Executor, operatorId: number) {
  return db
    .select()
    .from(staffUsers)
    .where(eq(staffUsers.operatorId, operatorId))
    .orderBy(asc(staffUsers.username));
}

/** Creates the account, or answers undefined when the username is taken (any case). */
export async function insertStaffUser(
  db: Executor,
  values: {
    operatorId: number;
    username: string;
    displayName: string;
    role: StaffRole;
    passwordHash: string;
    currencySymbol: string;
    centres?: string[];
  },
) {
  const [row] = await db.insert(staffUsers).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateStaffUser(
  db: Executor,
  id: number,
  values: Partial<
    Pick<StaffUserRow, 'displayName' | 'role' | 'passwordHash' | 'currencySymbol' | 'active' | 'centres'>
  >,
) {
  const [row] = await db
    .update(staffUsers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(staffUsers.id, id))
    .returning();
  return row;
}

/** Staff's side of the session engine (auth/session-engine.ts), on their own table. */
export function staffSessionStore(
  db: Executor,
): SessionStore<StaffSessionRow, StaffUserRow, { staffUserId: number }> {
  return {
    async insert(owner, session) {
      await db.insert(staffSessions).values({ ...owner, ...session });
    },
    async active(tokenHash) {
      const [row] = await db
        .select({ session: staffSessions, holder: staffUsers })
        .from(staffSessions)
        .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffUserId))
        .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.revokedAt)));
      return row;
    },
    async touch(id, at) {
      await db.update(staffSessions).set({ lastSeenAt: at }).where(eq(staffSessions.id, id));
    },
    async revoke(tokenHash, at) {
      await db
        .update(staffSessions)
        .set({ revokedAt: at })
        .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.revokedAt)));
    },
  };
}

/** Ends every session of a staff member: a new password, a new role, or the account closed. */
export async function revokeStaffSessionsOf(db: Executor, staffUserId: number, at: Date) {
  await db
    .update(staffSessions)
    .set({ revokedAt: at })
    .where(and(eq(staffSessions.staffUserId, staffUserId), isNull(staffSessions.revokedAt)));
}

/** A successful login's address, remembered; the member's addresses unused since `forgetBefore` go. */
export async function rememberLoginAddress(
  db: Executor,
  entry: { staffUserId: number; address: string; at: Date; forgetBefore: Date },
) {
  await db
    .insert(staffLoginAddresses)
    .values({ staffUserId: entry.staffUserId, address: entry.address, lastLoginAt: entry.at })
    .onConflictDoUpdate({
      target: [staffLoginAddresses.staffUserId, staffLoginAddresses.address],
      set: { lastLoginAt: entry.at },
    });
  await db
    .delete(staffLoginAddresses)
    .where(
      and(
        eq(staffLoginAddresses.staffUserId, entry.staffUserId),
        lt(staffLoginAddresses.lastLoginAt, entry.forgetBefore),
      ),
    );
}

/** Whether the member logged in successfully from this address since `since`. */
export async function loggedInFrom(db: Executor, staffUserId: number, address: string, since: Date) {
  const [row] = await db
    .select({ address: staffLoginAddresses.address })
    .from(staffLoginAddresses)
    .where(
      and(
        eq(staffLoginAddresses.staffUserId, staffUserId),
        eq(staffLoginAddresses.address, address),
        gte(staffLoginAddresses.lastLoginAt, since),
      ),
    );
  return row !== undefined;
}

/** The operator's centre slugs, which a manager's centres must name (decision 0092). */
export async function centreSlugsOf(db: Executor, operatorId: number): Promise<Set<string>> {
  const rows = await db.select({ slug: venues.slug }).from(venues).where(eq(venues.operatorId, operatorId));
  return new Set(rows.map((row) => row.slug));
}
