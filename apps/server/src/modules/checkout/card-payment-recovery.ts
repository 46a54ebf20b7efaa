import type { CalendarDate } from '@lido/pricing/calendar-date';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import type { PaymentAttemptStatus } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import type { CardProvider } from '../../providers/card/card-provider.ts';
import type { CustomerRow } from '../auth/index.ts';
import { DirectDebitRequiredError } from '../direct-debit/index.ts';
import type { LineKinds } from '../line-kinds/index.ts';
import {
  BasketChangedError,
  type CompletedOrder,
  OfferPaymentError,
  completeBasket,
  completePaidPurchase,
  type CreatedOrder,
} from './order-completion.ts';
import {
  type AttemptRow,
  countReconcileAttempt,
  escalateUnresolved,
  findAttempt,
  moveAttempt,
  staleAttempts,
} from './payment-attempt.repository.ts';

type Attempt = AttemptRow;

/** The alert code of a payment whose outcome could not be found out in time (issue 15). */
export const unresolvedCode = 'LIDO_PAYMENT_UNRESOLVED';
/** How long a payment with a lost answer is looked up before staff are alerted. */
const unresolvedAfterMs = 30 * 60_000;
const unresolvedMessage = 'The card provider could not say whether this payment was taken.';
export const cardPaymentsUnavailable = 'Card payments are not available at the moment.';

/**
 * Card payments that book a waiting list's offer instead of a basket (decision 0054): a saved card
 * charged without the customer. Their order is made by `completePaidPurchase` like a basket's.
 */
export interface OfferPayments {
  /** the card was not charged: the place is offered to the customer as usual */
  notCharged(attempt: Pick<AttemptRow, 'waitingListEntryId'>): Promise<void>;
}

/** What card payments are given. */
export interface CardPaymentDeps {
  db: Db;
  provider: CardProvider | undefined;
  currency: () => Promise<string>;
  /** what the basket sells (decision 0077) */
  kinds: LineKinds;
  today: () => CalendarDate;
  /** now, and the operator's time zone (bookings) */
  clock: () => Date;
  timeZone: string;
  log: FastifyBaseLogger;
  onOrderCreated?: (tx: Tx, order: CreatedOrder) => Promise<void>;
  offerPayments?: OfferPayments;
  /**
   * A basket's payment whose answer was lost turned out not to be taken: the customer, who was
   * told it was being checked, is told by email (issue 33 item 8). A paid one gets its receipt.
   */
  /** an order made from a lost answer looked up for the customer: its receipt is sent */
  onLostAnswerCompleted?: (customerId: number, result: CompletedOrder) => unknown;
  onLostPaymentNotTaken?: (attempt: Pick<AttemptRow, 'uuid' | 'customerId' | 'amountPence'>) => Promise<void>;
}

/** The card provider, or a 503 when none is configured. */
export function requireCardProvider(deps: Pick<CardPaymentDeps, 'provider'>): CardProvider {
  if (!deps.provider) throw new HttpError(503, cardPaymentsUnavailable);
  return deps.provider;
}

/**
 * An authorised payment made into its order or given back, and the reconciliation of what a crash,
 * a lost browser or a lost provider answer left half done (quality.md R4).
 */
export function createPaymentRecovery(deps: CardPaymentDeps) {
  const provider = () => requireCardProvider(deps);

  /**
   * Gives an authorised payment back. The attempt is claimed first (authorised → reversing, or a
   * stale reversing one by the reconciler), so racing completes or instances call the provider once.
   */
  async function reverse(
    attempt: Attempt,
    reason: string,
    from: 'authorised' | 'reversing' = 'authorised',
  ): Promise<PaymentAttemptStatus> {
    if (!attempt.providerTxId) return 'failed';
    const claimed = await moveAttempt(deps.db, attempt.uuid, [from], 'reversing');
    if (!claimed) return (await findAttempt(deps.db, attempt.uuid))?.status ?? 'failed';
    try {
      const result = await provider().reverse(attempt.providerTxId, {
        amountPence: attempt.amountPence,
        vendorTxCode: `${attempt.vendorTxCode.slice(0, 36)}-R`,
      });
      await moveAttempt(deps.db, attempt.uuid, ['reversing'], result, {
        error: { code: 'reversed', message: reason },
      });
      deps.log.warn({ attempt: attempt.uuid, result }, 'card payment given back');
      return result;
    } catch (error) {
      await moveAttempt(deps.db, attempt.uuid, ['reversing'], 'needs_attention', {
        error: { code: 'reverse_failed', message: reason },
      });
      deps.log.error(
        { err: error, attempt: attempt.uuid, code: 'LIDO_PAYMENT_REVERSE_FAILED' },
        'card payment could not be given back: needs attention',
      );
      return 'needs_attention';
    }
  }

  async function complete(
    customer: Pick<CustomerRow, 'id' | 'reference'>,
    attemptUuid: string,
    /** what else the new order records in its transaction (the desk's record: decision 0058) */
    alsoOnCreated?: (tx: Tx, order: CreatedOrder) => Promise<void>,
  ): Promise<CompletedOrder> {
    // An offer's payment is told apart in the order's transaction: a basket's completion, the
    // common case, reads the payment once.
    const when = { today: deps.today(), now: deps.clock(), timeZone: deps.timeZone };
    const completeOffer = async (error: unknown) => {
      if (!(error instanceof OfferPaymentError)) throw error;
      return completePaidPurchase(deps.db, deps.kinds, {
        ...when,
        attemptUuid,
        customerReference: async () => customer.reference,
        onCreated: deps.onOrderCreated,
      });
    };
    try {
      return await completeBasket(deps.db, deps.kinds, {
        ...when,
        customerId: customer.id,
        customerReference: customer.reference,
        acceptedTermIds: [],
        payment: { attemptUuid },
        onCreated: async (tx, order) => {
          await alsoOnCreated?.(tx, order);
          await deps.onOrderCreated?.(tx, order);
        },
      }).catch(completeOffer);
    } catch (error) {
      // The basket cannot become this order: the money goes back at once.
      if (error instanceof BasketChangedError || error instanceof DirectDebitRequiredError) {
        const attempt = await findAttempt(deps.db, attemptUuid);
        if (attempt && attempt.status === 'authorised') await reverse(attempt, error.message);
      }
      throw error;
    }
  }

  /**
   * Turns an authorised payment nobody completed (a crash, a lost browser, a webhook first) into its
   * order; when the order cannot be made for a permanent reason (basket changed or gone, terms),
   * the money goes back.
   */
  async function finishAuthorised(
    customer: Pick<CustomerRow, 'id' | 'reference'>,
    attemptUuid: string,
    onCompleted?: (customerId: number, result: CompletedOrder) => unknown,
  ): Promise<'completed' | 'reversed' | 'attention' | 'open'> {
    try {
      const result = await complete(customer, attemptUuid);
      await onCompleted?.(customer.id, result);
      return 'completed';
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      const current = await findAttempt(deps.db, attemptUuid);
      if (current?.status === 'authorised')
        return (await reverse(current, error.message)) === 'needs_attention' ? 'attention' : 'reversed';
      if (current?.status === 'voided' || current?.status === 'refunded') return 'reversed';
      return 'open';
    }
  }

  /**
   * An attempt whose provider answer never came (a timeout, a crash before it was recorded): the
   * provider is asked by our reference (or its id, when we have it). Authorised: completed into
   * its order or given back; failed, or never received by the provider: closed as failed. An
   * answer the provider cannot give yet leaves it open for the next run.
   */
  async function resolveLostAnswer(
    attempt: Attempt,
    customer: Pick<CustomerRow, 'id' | 'reference'>,
    onCompleted?: (customerId: number, result: CompletedOrder) => unknown,
    /**
     * false for a look-up the moment the customer retries (issue 33 item 8): a payment the provider
     * has not seen yet may still be on its way to it, so only the reconciler, minutes later, takes
     * "not found" as "never received".
     */
    notFoundIsFinal = true,
  ): Promise<'completed' | 'reversed' | 'attention' | 'failed' | 'open'> {
    const card = provider();
    const seen = attempt.providerTxId
      ? await card.lookUp(attempt.providerTxId)
      : await card.findByReference(attempt.vendorTxCode);
    const lost: PaymentAttemptStatus[] = ['created', 'unknown'];
    if (seen?.status === 'authorised') {
      const found = await moveAttempt(deps.db, attempt.uuid, lost, 'authorised', {
        providerTxId: seen.providerTxId,
        card: seen.card,
        error: null,
      });
      if (!found) return 'open';
      deps.log.warn(
        { attempt: attempt.uuid },
        'card payment with a lost answer was authorised: completing it',
      );
      return finishAuthorised(customer, attempt.uuid, onCompleted);
    }
    if (seen?.status === 'unknown' || (seen === undefined && !notFoundIsFinal)) return 'open';
    // Declined, a challenge nobody can finish now, or a payment the provider never received.
    const error =
      seen === undefined
        ? { code: 'not_received', message: 'The payment never reached the card provider.' }
        : seen.status === 'failed'
          ? seen.error
          : { code: 'sca_abandoned', message: '3D Secure verification failed' };
    const closed = await moveAttempt(deps.db, attempt.uuid, lost, 'failed', {
      providerTxId: seen?.providerTxId ?? attempt.providerTxId,
      error,
    });
    if (closed && attempt.waitingListEntryId !== null) await deps.offerPayments?.notCharged(attempt);
    else if (closed) await deps.onLostPaymentNotTaken?.(attempt);
    return closed ? 'failed' : 'open';
  }

  /**
   * An attempt with a lost answer still open after the deadline goes to staff: `needs_attention`
   * (so it no longer blocks the basket) and one error line with a stable code for alerting.
   */
  async function raiseUnresolved(uuid: string, afterMs: number): Promise<boolean> {
    const raised = await escalateUnresolved(deps.db, uuid, {
      afterMs,
      code: unresolvedCode,
      message: unresolvedMessage,
    });
    if (!raised) return false;
    deps.log.error(
      {
        code: unresolvedCode,
        attempt: uuid,
        vendorTxCode: raised.vendorTxCode,
        amountPence: raised.amountPence,
      },
      'card payment unresolved: the provider could not say whether it was taken; staff must check it',
    );
    return true;
  }

  return {
    reverse,
    complete,
    finishAuthorised,
    resolveLostAnswer,

    /**
     * Finds attempts a crash or a lost browser left behind (quality.md R4): an authorised payment
     * older than the grace period is completed into its order, or, when the basket no longer matches,
     * given back; a challenge nobody finished is closed; an attempt whose provider answer was lost is
     * looked up at the provider by our reference and then completed, given back or closed. One that
     * still cannot be resolved after `unresolvedAfterMs` (30 minutes) is marked `needs_attention`,
     * with one error line coded LIDO_PAYMENT_UNRESOLVED, for staff (`npm run payments:attention`).
     * Safe to run at any time and in parallel: every change is conditional on the attempt's state.
     */
    async reconcile(options: {
      olderThanMs: number;
      unresolvedAfterMs?: number;
      onCompleted?: (customerId: number, result: CompletedOrder) => unknown;
    }): Promise<{ completed: number; reversed: number; failed: number; attention: number }> {
      const counts = { completed: 0, reversed: 0, failed: 0, attention: 0 };
      if (!deps.provider) return counts;
      const card = deps.provider;
      // The database's clock, the same one that stamped the rows.
      const stale = await staleAttempts(deps.db, options.olderThanMs);
      for (const { attempt, customer } of stale) {
        try {
          if (attempt.status === 'authorised') {
            const result = await finishAuthorised(customer, attempt.uuid, options.onCompleted);
            if (result !== 'open') counts[result] += 1;
          } else if (attempt.status === 'reversing') {
            // A process died while giving the money back: the claim is taken over and tried again.
            const result = await reverse(
              attempt,
              'The payment was being given back when a process stopped.',
              'reversing',
            );
            counts[result === 'needs_attention' ? 'attention' : 'reversed'] += 1;
          } else if (attempt.status === 'pending_sca' && attempt.providerTxId) {
            const seen = await card.lookUp(attempt.providerTxId);
            if (seen?.status === 'authorised') {
              await moveAttempt(deps.db, attempt.uuid, ['pending_sca'], 'authorised', { card: seen.card });
            } else {
              await moveAttempt(deps.db, attempt.uuid, ['pending_sca'], 'failed', {
                error: { code: 'sca_abandoned', message: '3D Secure verification failed' },
              });
              counts.failed += 1;
            }
          } else if (attempt.status === 'created' || attempt.status === 'unknown') {
            const result = await resolveLostAnswer(attempt, customer, options.onCompleted);
            if (result !== 'open') counts[result] += 1;
          }
        } catch (error) {
          await countReconcileAttempt(deps.db, attempt.uuid);
          deps.log.error({ err: error, attempt: attempt.uuid }, 'payment reconciliation failed; will retry');
        }
        if (
          (attempt.status === 'created' || attempt.status === 'unknown') &&
          (await raiseUnresolved(attempt.uuid, options.unresolvedAfterMs ?? unresolvedAfterMs))
        )
          counts.attention += 1;
      }
      return counts;
    },
  };
}
