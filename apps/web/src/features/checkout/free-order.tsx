import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api/api-client.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorSummary } from '../../ui/error-summary.tsx';
import { CheckboxField } from '../../ui/form-fields.tsx';
import { type Terms, TermsDialog } from '../../ui/terms-dialog.tsx';
import { cartKeys } from '../cart/keys.ts';
import { resetFinder } from '../centre-finder/finder-store.ts';
import { clearBankDetails } from '../joining/bank-details.ts';
import { resetJoining } from '../joining/joining-store.ts';
import { useSiteMode } from '../site-mode/site-mode.ts';
import { showToast, toastDurations } from '../toasts/toast-store.ts';
import { useCartTerms, useCompleteFreeOrder } from './complete-order.ts';

const termsMessage = 'Please check all required terms and conditions';

/** A zero total: no card, the terms, then "Confirm order" (joining spec, "Checkout page"). */
export function FreeOrder({ cartId }: { cartId: number }) {
  const terms = useCartTerms(cartId);
  const complete = useCompleteFreeOrder();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { kiosk } = useSiteMode();
  const [ticked, setTicked] = useState<number[]>([]);
  const [reading, setReading] = useState<Terms | null>(null);
  const [error, setError] = useState<string | null>(null);
  const required = terms.data ?? [];

  const confirm = () => {
    if (!required.every((term) => ticked.includes(term.id))) return setError(termsMessage);
    setError(null);
    complete.mutate(ticked, {
      onSuccess: async ({ completeOrderId }) => {
        resetJoining();
        resetFinder();
        clearBankDetails();
        await navigate(`/order-confirmed/${completeOrderId}${kiosk ? '?kiosk=true' : ''}`);
        queryClient.removeQueries({ queryKey: cartKeys.cart });
      },
      onError: (failure) =>
        showToast({
          content:
            failure instanceof ApiError
              ? failure.message
              : 'Unable to complete your order, please try again.',
          type: 'danger',
          closeAfter: toastDurations.long,
        }),
    });
  };
  return (
    <section className="checkout-free" aria-labelledby="free-heading">
      <h2 id="free-heading">No payment is required for this purchase.</h2>
      <ErrorSummary
        errors={error ? [{ fieldId: `checkout-terms-${required[0]?.id ?? 0}`, message: error }] : []}
      />
      {terms.isError && (
        <p className="error-line">Something went wrong loading the terms, please try again.</p>
      )}
      {required.map((term) => (
        <div key={term.id} className="terms-check">
          <CheckboxField
            id={`checkout-terms-${term.id}`}
            label={`I have read and agree to the ${term.title}`}
            checked={ticked.includes(term.id)}
            aria-haspopup="dialog"
            // Ticking opens the terms to read; agreeing there ticks the box.
            onChange={(event) => {
              if (event.target.checked) setReading(term);
              else setTicked((current) => current.filter((id) => id !== term.id));
            }}
          />
        </div>
      ))}
      <div className="form__actions">
        <Button
          variant="primary"
          size="lg"
          disabled={complete.isPending || terms.isPending}
          onClick={confirm}
        >
          {complete.isPending ? 'Confirming…' : 'Confirm order'}
        </Button>
      </div>
      <TermsDialog
        terms={reading}
        accepted={reading !== null && ticked.includes(reading.id)}
        onClose={() => setReading(null)}
        onAgree={() => {
          if (reading)
            setTicked((current) => (current.includes(reading.id) ? current : [...current, reading.id]));
          setReading(null);
        }}
      />
    </section>
  );
}
