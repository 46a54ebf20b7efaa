import type { AuthoriseResponse, EarlierPayment } from '@lido/contracts/payment-answers';
import { HttpError } from '../../http/errors.ts';
import type { CustomerRow } from '../auth/index.ts';
import type { CardPaymentDeps, createPaymentRecovery } from './card-payment-recovery.ts';
import { openCartOf } from './checkout.repository.ts';
import { inFlightAttemptsOfCart } from './payment-attempt.repository.ts';

/** The error code of a payment whose outcome is still being checked at the provider. */
export const checkingCode = 'payment_checking';

/** What the customer is told of a payment whose answer was lost (issue 33 item 8, decision 0090). */
export const earlierPaymentMessages = {
  checking:
    'We are still checking with your card provider whether your payment went through, so please do not pay again yet. We will email you as soon as we know, whether it was taken or not.',
  notPaid: 'Your earlier payment did not go through, and you have not been charged. You can pay now.',
} as const;

type Recovery = ReturnType<typeof createPaymentRecovery>;

/**
 * A card payment whose provider answer was lost, looked up at the provider the moment the customer
 * pays again or opens checkout again (issue 33 item 8, decision 0090), not at the reconciler's next
 * run: the truth at once, paid, not paid, or still being checked (and then an email either way).
 */
export function createEarlierPayment(
  deps: CardPaymentDeps,
  { complete, resolveLostAnswer }: Pick<Recovery, 'complete' | 'resolveLostAnswer'>,
) {
  /**
   * The basket's payments whose provider answer was lost are looked up at the provider now, not at
   * the reconciler's next run (issue 33 item 8): taken (its order is made, receipt and all), not
   * taken, or still unknown. Only answers known to be lost (`unknown`): a `created` attempt may still
   * be on its way to the provider, and is left to the reconciler.
   */
  async function lookUpLostAnswers(
    customer: Pick<CustomerRow, 'id' | 'reference'>,
    cartId: number,
  ): Promise<{ status: 'none' | 'not_paid' | 'checking' } | { status: 'paid'; attempt: string }> {
    const lost = (await inFlightAttemptsOfCart(deps.db, cartId)).filter(
      (attempt) => attempt.status === 'unknown',
    );
    if (lost.length === 0) return { status: 'none' };
    let checking = false;
    for (const attempt of lost) {
      let result;
      try {
        result = await resolveLostAnswer(attempt, customer, deps.onLostAnswerCompleted, false);
      } catch (error) {
        deps.log.warn({ err: error, attempt: attempt.uuid }, 'lost card answer could not be looked up yet');
        result = 'open' as const;
      }
      if (result === 'completed') return { status: 'paid', attempt: attempt.uuid };
      if (result === 'open' || result === 'attention') checking = true;
    }
    return { status: checking ? 'checking' : 'not_paid' };
  }

  /**
   * GET /api/checkout/earlier-payment: the open basket's payment whose answer was lost, looked up
   * at the provider now (a reload of checkout after "Failed to authorize payment").
   */
  async function earlierPayment(customer: CustomerRow): Promise<EarlierPayment> {
    const open = await openCartOf(deps.db, customer.id);
    if (!open || !deps.provider) return { status: 'none', completeOrderId: null, message: null };
    // A payment still on its way to the provider (the page was reloaded while paying) is being
    // checked too: paying again now could charge twice.
    const underWay = (await inFlightAttemptsOfCart(deps.db, open.id)).some(
      (attempt) => attempt.status === 'created',
    );
    const earlier = underWay ? { status: 'checking' as const } : await lookUpLostAnswers(customer, open.id);
    if (earlier.status === 'paid') {
      const done = await complete(customer, earlier.attempt);
      return { status: 'paid', completeOrderId: done.orderId, message: null };
    }
    return {
      status: earlier.status,
      completeOrderId: null,
      message:
        earlier.status === 'checking'
          ? earlierPaymentMessages.checking
          : earlier.status === 'not_paid'
            ? earlierPaymentMessages.notPaid
            : null,
    };
  }

  return {
    earlierPayment,

    /**
     * Before a new payment: a lost one of this basket that was paid is the answer; one still being
     * checked stops a second charge (409); one not taken lets this payment go ahead (undefined).
     */
    async beforePaying(customer: CustomerRow): Promise<AuthoriseResponse | undefined> {
      const open = await openCartOf(deps.db, customer.id);
      if (!open) return undefined;
      const earlier = await lookUpLostAnswers(customer, open.id);
      if (earlier.status === 'paid')
        return { transactionUuid: earlier.attempt, transactionStatus: 'authorised' };
      if (earlier.status === 'checking')
        throw new HttpError(409, earlierPaymentMessages.checking, { code: checkingCode });
      return undefined;
    },

    /**
     * This payment's answer was just lost: the provider is asked straight away, so the customer
     * hears the truth, not "failed" for a payment that may have been taken.
     */
    async afterLostAnswer(
      customer: Pick<CustomerRow, 'id' | 'reference'>,
      cartId: number,
      answered: AuthoriseResponse,
    ): Promise<AuthoriseResponse> {
      const earlier = await lookUpLostAnswers(customer, cartId);
      if (earlier.status === 'paid')
        return { transactionUuid: earlier.attempt, transactionStatus: 'authorised' };
      if (earlier.status === 'not_paid') return answered;
      return {
        transactionUuid: answered.transactionUuid,
        transactionStatus: 'failed',
        error: { code: checkingCode, message: earlierPaymentMessages.checking },
      };
    },
  };
}
