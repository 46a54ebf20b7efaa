import type { OfflinePayment } from '@lido/contracts/offline-payments';
import { useState } from 'react';
import { ApiError } from '../../lib/api/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { showToast, toastDurations } from '../../app/toasts/toast-store.ts';
import { useRefreshChangedBasket } from './basket-changed.ts';
import { useCartTerms, useCompleteFreeOrder } from './complete-order.ts';
import { useFinishOrder } from './finish-order.ts';
import { AcceptedTerms, TermsChecks, termsMessage, termsToAsk } from './terms-checks.tsx';
import type { CheckoutExtras } from './checkout-source.ts';
import { checkoutWords } from './words.ts';

/** A zero total: no card, the terms, then "Confirm order" (joining spec, "Checkout page"). */
export function FreeOrder({
  cartId,
  payments,
  onLeaving,
  extras,
}: {
  cartId: number;
  payments: OfflinePayment[];
  /** the order made, as the page starts leaving for its confirmation */
  onLeaving: (orderId: number) => void;
  /** the source, the agreed waivers, and a waiver not yet agreed */
  extras: CheckoutExtras;
}) {
  const terms = useCartTerms(cartId);
  const complete = useCompleteFreeOrder();
  const finishOrder = useFinishOrder(onLeaving, extras.source);
  const refreshChangedBasket = useRefreshChangedBasket();
  const [ticked, setTicked] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const required = termsToAsk(terms.data);

  const confirm = () => {
    if (extras.waiverProblem) return setError(extras.waiverProblem.message);
    if (!required.every((term) => ticked.includes(term.id))) return setError(termsMessage());
    setError(null);
    complete.mutate(
      { terms: ticked, payments, extras },
      {
        onSuccess: ({ completeOrderId }) => finishOrder(completeOrderId),
        onError: (failure) => {
          refreshChangedBasket(failure);
          showToast({
            content: failure instanceof ApiError ? failure.message : checkoutWords('freeOrderFailed'),
            type: 'danger',
            closeAfter: toastDurations.long,
          });
        },
      },
    );
  };
  return (
    <section className="checkout-free" aria-labelledby="free-heading">
      <h2 id="free-heading">
        {payments.length > 0 ? checkoutWords('creditPays') : checkoutWords('noPaymentRequired')}
      </h2>
      <ErrorSummary
        errors={
          error
            ? [
                {
                  fieldId:
                    error === extras.waiverProblem?.message
                      ? extras.waiverProblem.fieldId
                      : `checkout-terms-${required[0]?.id ?? 0}`,
                  message: error,
                },
              ]
            : []
        }
      />
      {terms.isError && <p className="error-line">{checkoutWords('termsLoadFailed')}</p>}
      <AcceptedTerms terms={terms.data} />
      <TermsChecks terms={required} ticked={ticked} onChange={setTicked} />
      <div className="form__actions">
        <Button
          variant="primary"
          size="lg"
          disabled={complete.isPending || terms.isPending}
          onClick={confirm}
        >
          {complete.isPending ? checkoutWords('confirming') : checkoutWords('confirmOrder')}
        </Button>
      </div>
    </section>
  );
}
