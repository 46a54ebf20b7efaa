import type { PaymentAttemptStatus } from '../../db/schema.ts';

/**
 * The one table of how a card payment attempt may change status (architecture.md house rule 6).
 * Every status change goes through `moveAttempt` in payment-attempt.repository.ts, which refuses
 * a move this table does not allow and only moves a row still in one of the states it names.
 */
export const attemptTransitions: Readonly<Record<PaymentAttemptStatus, readonly PaymentAttemptStatus[]>> = {
  // Saved before the provider is called; its answer (or its absence) decides.
  created: ['pending_sca', 'authorised', 'failed', 'unknown', 'needs_attention'],
  // The issuer's challenge: finished, refused, superseded or abandoned.
  pending_sca: ['authorised', 'failed', 'unknown'],
  // The answer was lost: looked up at the provider, or handed to staff after the deadline.
  unknown: ['authorised', 'failed', 'needs_attention'],
  // Completed into its order, or claimed by the one caller giving the money back.
  authorised: ['completed', 'reversing'],
  // A stale claim is taken over by the reconciler (reversing → reversing) and tried again.
  reversing: ['reversing', 'voided', 'refunded', 'needs_attention'],
  failed: [],
  completed: [],
  voided: [],
  refunded: [],
  needs_attention: [],
};

export function canMoveAttempt(from: PaymentAttemptStatus, to: PaymentAttemptStatus): boolean {
  return attemptTransitions[from].includes(to);
}

/** A status change the table does not allow: a programming error, never a customer's. */
export class IllegalAttemptTransition extends Error {
  constructor(from: readonly PaymentAttemptStatus[], to: PaymentAttemptStatus) {
    super(`A payment attempt cannot move from ${from.join(' or ')} to ${to}`);
    this.name = 'IllegalAttemptTransition';
  }
}

/** Throws unless every state in `from` may move to `to`. */
export function assertAttemptMove(from: readonly PaymentAttemptStatus[], to: PaymentAttemptStatus): void {
  if (from.length === 0 || !from.every((status) => canMoveAttempt(status, to)))
    throw new IllegalAttemptTransition(from, to);
}
