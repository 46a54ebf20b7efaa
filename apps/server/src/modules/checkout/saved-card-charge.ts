import type { AuthoriseResponse } from '@lido/contracts/payments';
import type { ProviderOutcome } from '../../providers/card/card-provider.ts';
import type { CustomerRow } from '../auth/index.ts';
import { customerContact, customerReference } from '../customers/index.ts';
import { type CardPaymentDeps, requireCardProvider } from './card-payment-recovery.ts';
import { savedCardOf } from './checkout.repository.ts';
import { findAttempt } from './payment-attempt.repository.ts';

export type SavedCardChargeResult = 'completed' | 'reversed' | 'attention' | 'open' | 'failed' | 'unknown';

/**
 * Charges the saved card of an attempt made without the customer (a waiting list's offer,
 * decision 0054): a merchant-initiated charge under the attempt's own reference, so a repeat at
 * the provider is refused rather than paid twice. Only an attempt still `created` is sent: the
 * one job run that made it calls this once, and a crash before the answer is left to
 * reconciliation, which looks the reference up. The answer is recorded as a checkout's is
 * (`record`); authorised, it is made into its order, or given back when the place is gone
 * (`finishAuthorised`); declined, or wanting the customer to authenticate, it is closed.
 */
export function createSavedCardCharge(
  deps: CardPaymentDeps,
  payments: {
    record: (uuid: string, outcome: ProviderOutcome) => Promise<AuthoriseResponse>;
    finishAuthorised: (
      customer: Pick<CustomerRow, 'id' | 'reference'>,
      attemptUuid: string,
    ) => Promise<'completed' | 'reversed' | 'attention' | 'open'>;
  },
) {
  return async (attemptUuid: string, description: string): Promise<SavedCardChargeResult> => {
    const card = requireCardProvider(deps);
    const attempt = await findAttempt(deps.db, attemptUuid);
    if (!attempt || attempt.status !== 'created') return 'open';
    const saved =
      attempt.savedCardId === null
        ? undefined
        : await savedCardOf(deps.db, attempt.savedCardId, attempt.customerId);
    const person = await customerContact(deps.db, attempt.customerId);
    let outcome: ProviderOutcome;
    if (!saved || !person)
      outcome = { status: 'failed', error: { code: 'card_removed', message: 'The saved card was removed.' } };
    else
      try {
        outcome = await card.chargeSavedCard({
          attemptUuid,
          vendorTxCode: attempt.vendorTxCode,
          amountPence: attempt.amountPence,
          currency: attempt.currency,
          description,
          email: person.email,
          billing: attempt.billing,
          reference: saved.providerReference,
        });
      } catch (error) {
        // Sent, perhaps charged: reconciliation looks the reference up.
        deps.log.error({ err: error, attempt: attemptUuid }, 'saved card charge failed');
        outcome = {
          status: 'unknown',
          error: { code: 'provider_error', message: 'No answer from the provider' },
        };
      }
    // Nobody is there to authenticate: a charge asking for it was not taken.
    if (outcome.status === 'sca_required')
      outcome = {
        status: 'failed',
        providerTxId: outcome.providerTxId,
        error: { code: 'authentication_required', message: 'The card needs the customer to authenticate' },
      };
    const answered = await payments.record(attemptUuid, outcome);
    if (answered.transactionStatus !== 'authorised')
      return outcome.status === 'unknown' ? 'unknown' : 'failed';
    const customer = await customerReference(deps.db, attempt.customerId);
    return customer ? payments.finishAuthorised(customer, attemptUuid) : 'open';
  };
}
