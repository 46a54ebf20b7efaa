import { and, asc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, paymentAttempts, type PaymentAttemptStatus } from '../../db/schema.ts';
import { assertAttemptMove } from './payment-attempt-transitions.ts';

/** Every query of card payment attempts (decision 0022). Status changes only through `moveAttempt`. */

export type AttemptRow = typeof paymentAttempts.$inferSelect;
/** What a move may write besides the status. */
export type AttemptChanges = Partial<Pick<AttemptRow, 'providerTxId' | 'card' | 'error' | 'orderId'>>;

/** The states a new attempt waits in while it holds its basket. */
const inFlight: PaymentAttemptStatus[] = ['created', 'authorised', 'unknown', 'pending_sca'];

export async function insertAttempt(db: Executor, values: typeof paymentAttempts.$inferInsert) {
  await db.insert(paymentAttempts).values(values);
}

/** One attempt, only the customer's when `customerId` is given; `lock` holds it for the transaction. */
export async function findAttempt(
  db: Executor,
  uuid: string,
  options: { customerId?: number | undefined; lock?: boolean } = {},
): Promise<AttemptRow | undefined> {
  const query = db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.uuid, uuid),
        options.customerId === undefined ? undefined : eq(paymentAttempts.customerId, options.customerId),
      ),
    );
  const [attempt] = await (options.lock ? query.for('update') : query);
  return attempt;
}

/** The attempt a provider's webhook names, by our uuid or the provider's id, locked. */
export async function lockAttemptOfProvider(
  db: Executor,
  provider: string,
  by: { uuid: string } | { providerTxId: string },
): Promise<AttemptRow | undefined> {
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.provider, provider),
        'uuid' in by ? eq(paymentAttempts.uuid, by.uuid) : eq(paymentAttempts.providerTxId, by.providerTxId),
      ),
    )
    .for('update');
  return attempt;
}

/** A basket's attempts that are not finished one way or the other. */
export async function inFlightAttemptsOfCart(db: Executor, cartId: number): Promise<AttemptRow[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.cartId, cartId), inArray(paymentAttempts.status, inFlight)));
}

async function move(
  db: Executor,
  uuid: string,
  from: readonly PaymentAttemptStatus[],
  to: PaymentAttemptStatus,
  set: Omit<AttemptChanges, 'error'> & { error?: AttemptRow['error'] | SQL },
  condition?: SQL,
): Promise<AttemptRow | undefined> {
  assertAttemptMove(from, to);
  const [moved] = await db
    .update(paymentAttempts)
    .set({ ...set, status: to, updatedAt: sql`now()` })
    .where(and(eq(paymentAttempts.uuid, uuid), inArray(paymentAttempts.status, [...from]), condition))
    .returning();
  return moved;
}

/**
 * Moves an attempt to `to` only if it is still in one of `from` (`WHERE status = ANY(from)`), so
 * racing callers move it once. Answers the moved row, undefined when it was not in `from`; throws
 * `IllegalAttemptTransition` when the transition table does not allow a move from `from` to `to`.
 */
export async function moveAttempt(
  db: Executor,
  uuid: string,
  from: readonly PaymentAttemptStatus[],
  to: PaymentAttemptStatus,
  changes: AttemptChanges = {},
): Promise<AttemptRow | undefined> {
  return move(db, uuid, from, to, changes);
}

/**
 * A lost answer still open `afterMs` after the attempt was made goes to staff (`needs_attention`)
 * under `code`; the provider's own last answer stays under the error's `details`.
 */
export async function escalateUnresolved(
  db: Executor,
  uuid: string,
  input: { afterMs: number; code: string; message: string },
): Promise<AttemptRow | undefined> {
  return move(
    db,
    uuid,
    ['created', 'unknown'],
    'needs_attention',
    {
      error: sql`jsonb_build_object('code', ${input.code}::text, 'message', ${input.message}::text, 'details', ${paymentAttempts.error})`,
    },
    lt(paymentAttempts.createdAt, sql`now() - make_interval(secs => ${input.afterMs / 1000})`),
  );
}

/** A reconciliation run that failed on this attempt: counted, and the attempt waits its turn again. */
export async function countReconcileAttempt(db: Executor, uuid: string) {
  await db
    .update(paymentAttempts)
    .set({ reconcileAttempts: sql`${paymentAttempts.reconcileAttempts} + 1`, updatedAt: sql`now()` })
    .where(eq(paymentAttempts.uuid, uuid));
}

/** Attempts left unfinished longer than `olderThanMs` (by the database's clock), oldest first. */
export async function staleAttempts(db: Executor, olderThanMs: number) {
  return db
    .select({ attempt: paymentAttempts, customer: { id: customers.id, reference: customers.reference } })
    .from(paymentAttempts)
    .innerJoin(customers, eq(customers.id, paymentAttempts.customerId))
    .where(
      and(
        inArray(paymentAttempts.status, ['authorised', 'pending_sca', 'created', 'unknown', 'reversing']),
        lt(paymentAttempts.updatedAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
      ),
    )
    .orderBy(asc(paymentAttempts.createdAt))
    .limit(100);
}

/**
 * Card payments staff must look at, oldest first: ones whose outcome the provider could not tell
 * within 30 minutes (LIDO_PAYMENT_UNRESOLVED) and ones that could not be given back.
 */
export async function attemptsNeedingAttention(db: Executor) {
  return db
    .select({
      attempt: paymentAttempts.uuid,
      customer: customers.reference,
      provider: paymentAttempts.provider,
      vendorTxCode: paymentAttempts.vendorTxCode,
      providerTxId: paymentAttempts.providerTxId,
      amountPence: paymentAttempts.amountPence,
      error: paymentAttempts.error,
      createdAt: paymentAttempts.createdAt,
    })
    .from(paymentAttempts)
    .innerJoin(customers, eq(customers.id, paymentAttempts.customerId))
    .where(eq(paymentAttempts.status, 'needs_attention'))
    .orderBy(asc(paymentAttempts.createdAt));
}

/** The card payment that paid for an order (a partial refund of one of its bookings goes back to it). */
export async function attemptOfOrder(db: Executor, orderId: number): Promise<AttemptRow | undefined> {
  const [attempt] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId));
  return attempt;
}
