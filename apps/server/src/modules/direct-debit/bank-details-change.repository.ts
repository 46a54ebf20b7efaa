import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { directDebitCollections, directDebitInstructions } from '../../db/schema.ts';
import { staleClaim } from './direct-debit.repository.ts';

// New bank details: a replacement instruction taking over (migration 0036).

/** The instruction a member's change (the browser's key) made, if any. */
export async function instructionByChangeKey(db: Executor, changeKey: string) {
  const [found] = await db
    .select()
    .from(directDebitInstructions)
    .where(eq(directDebitInstructions.changeKey, changeKey));
  return found;
}

/**
 * The replacement instruction, claimed before anything is asked of the provider: undefined when
 * the key was used already or the instruction already has a live replacement (unique indexes), so
 * concurrent submissions make one.
 */
export async function claimReplacement(db: Executor, values: typeof directDebitInstructions.$inferInsert) {
  const [created] = await db.insert(directDebitInstructions).values(values).onConflictDoNothing().returning();
  return created;
}

/** A claimed replacement whose billing request was never made (the provider refused, or a crash). */
export async function dropUnpreparedReplacement(db: Executor, id: number) {
  await db
    .delete(directDebitInstructions)
    .where(and(eq(directDebitInstructions.id, id), isNull(directDebitInstructions.billingRequestId)));
}

/** Replacements left unprepared longer than `staleClaim` by a process that died: they block no one. */
export async function dropStaleReplacements(db: Executor, replacesInstructionId: number) {
  await db
    .delete(directDebitInstructions)
    .where(
      and(
        eq(directDebitInstructions.replacesInstructionId, replacesInstructionId),
        isNull(directDebitInstructions.billingRequestId),
        sql`${directDebitInstructions.createdAt} < now() - ${staleClaim}::interval`,
      ),
    );
}

/** Replacements with a mandate and takeover work left: collections to move, an old mandate to cancel. */
export async function replacementsToTakeOver(db: Executor) {
  return db
    .select()
    .from(directDebitInstructions)
    .where(
      and(
        isNotNull(directDebitInstructions.mandateId),
        or(
          inArray(directDebitInstructions.takeover, ['waiting', 'moved']),
          and(
            eq(directDebitInstructions.takeover, 'cancel_sent'),
            sql`${directDebitInstructions.updatedAt} < now() - ${staleClaim}::interval`,
          ),
        ),
      ),
    );
}

/** Moves a replacement's takeover on from `from` (a stale `cancel_sent` too): true for the one caller that did. */
export async function claimTakeover(
  db: Executor,
  id: number,
  from: 'waiting' | 'moved',
  to: 'moved' | 'cancel_sent' | 'done',
): Promise<boolean> {
  const [claimed] = await db
    .update(directDebitInstructions)
    .set({ takeover: to, updatedAt: sql`now()` })
    .where(
      and(
        eq(directDebitInstructions.id, id),
        from === 'waiting'
          ? eq(directDebitInstructions.takeover, 'waiting')
          : or(
              eq(directDebitInstructions.takeover, 'moved'),
              and(
                eq(directDebitInstructions.takeover, 'cancel_sent'),
                sql`${directDebitInstructions.updatedAt} < now() - ${staleClaim}::interval`,
              ),
            ),
      ),
    )
    .returning({ id: directDebitInstructions.id });
  return claimed !== undefined;
}

export async function setTakeover(db: Executor, id: number, takeover: 'moved' | 'done') {
  await db
    .update(directDebitInstructions)
    .set({ takeover, updatedAt: sql`now()` })
    .where(eq(directDebitInstructions.id, id));
}

/** Collections of an instruction that are with the provider and not yet settled: the mandate is still needed. */
export async function inFlightCollections(db: Executor, instructionId: number): Promise<number> {
  const rows = await db
    .select({ id: directDebitCollections.id })
    .from(directDebitCollections)
    .where(
      and(
        eq(directDebitCollections.instructionId, instructionId),
        inArray(directDebitCollections.status, [
          'pending_submission',
          'submitted',
          'cancelling',
          'cancel_sent',
          'retrying',
        ]),
      ),
    );
  return rows.length;
}
