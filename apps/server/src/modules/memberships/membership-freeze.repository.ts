import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customerMemberships, membershipFreezes } from '../../db/schema.ts';

/** Every query of freezing a membership (decision 0022). */

export type FreezeRow = typeof membershipFreezes.$inferSelect;
const open = inArray(membershipFreezes.status, ['scheduled', 'active']);

/** Each membership's freeze not yet over (at most one each). */
export async function openFreezesOf(db: Executor, membershipIds: number[]): Promise<FreezeRow[]> {
  if (membershipIds.length === 0) return [];
  return db
    .select()
    .from(membershipFreezes)
    .where(and(open, inArray(membershipFreezes.customerMembershipId, membershipIds)));
}

/** A new freeze; undefined when the membership already has one not yet over. */
export async function insertFreeze(
  db: Executor,
  values: Pick<FreezeRow, 'customerMembershipId' | 'startsOn' | 'endsOn' | 'monthlyFeePence'>,
): Promise<FreezeRow | undefined> {
  const [created] = await db.insert(membershipFreezes).values(values).onConflictDoNothing().returning();
  return created;
}

export async function updateFreeze(
  db: Executor,
  id: number,
  values: Partial<Pick<FreezeRow, 'status' | 'endsOn' | 'endedEarlyOn'>>,
) {
  const [saved] = await db
    .update(membershipFreezes)
    .set(values)
    .where(eq(membershipFreezes.id, id))
    .returning();
  return saved;
}

export async function setMembershipEndDate(db: Executor, membershipId: number, endDate: string | null) {
  await db.update(customerMemberships).set({ endDate }).where(eq(customerMemberships.id, membershipId));
}

/**
 * Freezes whose day has come, moved on and answered: scheduled ones started by `today` become
 * active, open ones whose resume date is reached complete. A row moves once, whoever runs it.
 */
export async function advanceFreezes(db: Executor, today: string) {
  const completed = await db
    .update(membershipFreezes)
    .set({ status: 'completed' })
    .where(and(open, lte(membershipFreezes.endsOn, today)))
    .returning();
  const started = await db
    .update(membershipFreezes)
    .set({ status: 'active' })
    .where(and(eq(membershipFreezes.status, 'scheduled'), lte(membershipFreezes.startsOn, today)))
    .returning();
  return { started, completed };
}
