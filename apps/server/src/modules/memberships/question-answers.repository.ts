import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { questionAnswers } from '../../db/schema.ts';

/** A non-empty answer, as the column holds it. */
type StoredAnswer = typeof questionAnswers.$inferInsert.answer;

/**
 * Stores checked answers in one statement per answer inside one transaction; a later answer
 * replaces an earlier one. The caller leaves out empty answers (nothing is stored for them).
 */
export async function upsertAnswers(
  db: Executor,
  input: {
    customerId: number;
    membershipTypeId: number;
    answers: [questionId: number, answer: StoredAnswer][];
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [questionId, answer] of input.answers) {
      await tx
        .insert(questionAnswers)
        .values({
          customerId: input.customerId,
          membershipTypeId: input.membershipTypeId,
          questionId,
          answer,
        })
        .onConflictDoUpdate({
          target: [questionAnswers.customerId, questionAnswers.questionId],
          set: { answer, updatedAt: sql`now()` },
        });
    }
  });
}
