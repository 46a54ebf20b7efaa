import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { membershipEvents, type MembershipEventKind } from '../../db/schema.ts';

interface NewMembershipEvent {
  customerMembershipId: number;
  kind: MembershipEventKind;
  /** when it happened; now when left out */
  occurredAt?: Date;
  amountPence?: number | null;
  detail?: Record<string, unknown>;
  /**
   * Names the one thing this event records (e.g. `collection:42:failed`), so a job run on several
   * instances, or a retried request, records it once.
   */
  dedupeKey?: string;
}

/** Records an event on a membership's timeline; a repeated dedupe key records nothing. */
export async function recordMembershipEvent(db: Db | Tx, event: NewMembershipEvent): Promise<boolean> {
  const inserted = await db
    .insert(membershipEvents)
    .values({
      customerMembershipId: event.customerMembershipId,
      kind: event.kind,
      occurredAt: event.occurredAt ?? new Date(),
      amountPence: event.amountPence ?? null,
      detail: event.detail ?? {},
      dedupeKey: event.dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: membershipEvents.dedupeKey })
    .returning({ id: membershipEvents.id });
  return inserted.length > 0;
}

export type MembershipEventRow = typeof membershipEvents.$inferSelect;

/** A membership's events, oldest first. */
export async function eventsOfMembership(
  db: Db | Tx,
  customerMembershipId: number,
): Promise<MembershipEventRow[]> {
  return db
    .select()
    .from(membershipEvents)
    .where(eq(membershipEvents.customerMembershipId, customerMembershipId))
    .orderBy(asc(membershipEvents.occurredAt), asc(membershipEvents.id));
}
