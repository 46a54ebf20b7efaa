import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import type { EmailMessage, EmailProvider } from '../../providers/email/email-provider.ts';
import { createEmailOutboxRepository, type OutboxRow } from './email-outbox.repository.ts';

/** A message as the outbox page shows it. */
export interface OutboxEntry extends EmailMessage {
  id: string;
  queuedAt: string;
  sentAt: string | null;
}

/** Where services put email: queued in the database, sent later by the job on any instance. */
export interface EmailQueue {
  /**
   * Queues a message. With `tx` it commits (or not) with the caller's work, and the caller calls
   * `nudge()` after its commit; a `dedupeKey` queues that email once however often it is asked for.
   */
  send(message: EmailMessage, options?: { tx?: Tx; dedupeKey?: string }): Promise<void>;
  /** Asks this instance's sender to run now rather than at its next minute. */
  nudge(): void;
}

const batchSize = 5;
/**
 * Longer than a batch can take (each SMTP send gives up within 75 s, see smtp-email.ts), so a live
 * sender never loses its claim; a claim older than this was left by a sender that died.
 */
const claimSeconds = 600;
const retrySeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(attempts - 1, 0), 3600);

const entry = (row: OutboxRow): OutboxEntry => ({
  id: String(row.id),
  queuedAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  to: row.toAddress,
  subject: row.subject,
  text: row.textBody,
  html: row.htmlBody,
  attachments: row.attachments,
});

/**
 * The email outbox (decision 0016): every email is a row written with what caused it, so a process
 * that dies after its commit loses no mail, and `/dev/outbox` shows every instance's mail. The
 * sender claims rows before sending, so N instances send each message once; with no SMTP server
 * configured a message is only marked delivered, and stays readable on the outbox page.
 */
export function createEmailOutbox(deps: {
  db: Db;
  transport: EmailProvider | undefined;
  log: FastifyBaseLogger;
}) {
  const repository = createEmailOutboxRepository(deps.db);
  const listeners: (() => void)[] = [];
  const nudge = () => {
    for (const listener of listeners) listener();
  };

  async function deliver(row: OutboxRow): Promise<boolean> {
    try {
      await deps.transport?.send({
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        attachments: row.attachments,
      });
    } catch (error) {
      const wait = retrySeconds(row.attempts);
      deps.log.error(
        { err: error, emailId: row.id, attempts: row.attempts, retryInSeconds: wait },
        'email could not be sent; it will be retried',
      );
      await repository.markFailed(row.id, error instanceof Error ? error.message : String(error), wait);
      return false;
    }
    await repository.markSent(row.id, deps.transport ? 'smtp' : 'outbox');
    return true;
  }

  const queue: EmailQueue = {
    async send(message, options = {}) {
      await repository.add(options.tx ?? deps.db, message, options.dedupeKey);
      if (!options.tx) nudge();
    },
    nudge,
  };

  return {
    ...queue,
    /** Calls `listener` whenever a message may be waiting (the job runner's nudge). */
    whenQueued(listener: () => void) {
      listeners.push(listener);
    },

    /** Sends every due message, a claimed batch at a time, until none is left. */
    async deliverDue(): Promise<{ sent: number; failed: number }> {
      const counts = { sent: 0, failed: 0 };
      for (;;) {
        const claimed = await repository.claimDue(batchSize, claimSeconds);
        for (const row of claimed) counts[(await deliver(row)) ? 'sent' : 'failed'] += 1;
        if (claimed.length < batchSize) return counts;
      }
    },

    /** Newest first, sent or still waiting. */
    async list(limit = 200): Promise<OutboxEntry[]> {
      return (await repository.newest(limit)).map(entry);
    },

    async read(id: string): Promise<OutboxEntry | undefined> {
      if (!/^[1-9][0-9]{0,14}$/.test(id)) return undefined;
      const row = await repository.byId(Number(id));
      return row ? entry(row) : undefined;
    },
  };
}
export type EmailOutbox = ReturnType<typeof createEmailOutbox>;
