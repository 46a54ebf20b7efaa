import { and, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';
import type { EmailMessage } from '../../providers/email/email-provider.ts';

export type OutboxRow = typeof emailOutbox.$inferSelect;

/** The email_outbox table. Claims and retries use the database's clock, which every instance shares. */
export function createEmailOutboxRepository(db: Db) {
  return {
    /** Adds a message in the caller's transaction; a repeat of a dedupe key adds nothing. */
    async add(executor: Executor, message: EmailMessage, dedupeKey: string | undefined): Promise<void> {
      await executor
        .insert(emailOutbox)
        .values({
          toAddress: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html,
          dedupeKey: dedupeKey ?? null,
          attachments: message.attachments ?? [],
        })
        .onConflictDoNothing();
    },

    /**
     * Claims up to `limit` due messages for `claimSeconds`. Rows another sender has locked are skipped
     * and claimed rows are not due, so two senders never hold the same message; a claim left by a
     * process that died runs out and the message is due again.
     */
    async claimDue(limit: number, claimSeconds: number): Promise<OutboxRow[]> {
      const due = db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(
          and(
            isNull(emailOutbox.sentAt),
            lte(emailOutbox.nextAttemptAt, sql`now()`),
            or(isNull(emailOutbox.claimedUntil), lt(emailOutbox.claimedUntil, sql`now()`)),
          ),
        )
        .orderBy(emailOutbox.id)
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(emailOutbox)
        .set({
          claimedUntil: sql`now() + make_interval(secs => ${claimSeconds})`,
          attempts: sql`${emailOutbox.attempts} + 1`,
        })
        .where(inArray(emailOutbox.id, due))
        .returning();
    },

    /**
     * Once a message has left by SMTP its body is dropped: it may hold a live reset link, which the
     * database otherwise keeps only as a hash. Without SMTP the body stays for the outbox page.
     */
    async markSent(id: number, deliveredBy: 'smtp' | 'outbox'): Promise<void> {
      await db
        .update(emailOutbox)
        .set({
          sentAt: sql`now()`,
          deliveredBy,
          claimedUntil: null,
          lastError: null,
          ...(deliveredBy === 'smtp' ? { textBody: '', htmlBody: '', attachments: [] } : {}),
        })
        .where(eq(emailOutbox.id, id));
    },

    /** Releases a failed send to be tried again after `retrySeconds`. */
    async markFailed(id: number, error: string, retrySeconds: number): Promise<void> {
      await db
        .update(emailOutbox)
        .set({
          claimedUntil: null,
          lastError: error.slice(0, 500),
          nextAttemptAt: sql`now() + make_interval(secs => ${retrySeconds})`,
        })
        .where(eq(emailOutbox.id, id));
    },

    newest(limit: number): Promise<OutboxRow[]> {
      return db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(limit);
    },

    async byId(id: number): Promise<OutboxRow | undefined> {
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      return row;
    },
  };
}
