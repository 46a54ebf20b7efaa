import {
  type BillingDetails,
  type BillingErrors,
  type PrepareResponse,
  validateBillingDetails,
} from '@lido/contracts/payments';
import type { OfflinePayment } from '@lido/contracts/offline-payments';
import { type ReactNode, useEffect, useReducer, useState } from 'react';
import { ApiError } from '../../../lib/api/api-client.ts';
import { Button } from '../../../ui/button.tsx';
import { ErrorSummary } from '../../../ui/error-summary.tsx';
import { CheckboxField, TextField } from '../../../ui/form-fields.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useClientSettings } from '../../../app/client-settings/get-client-settings.ts';
import { showToast, toastDurations } from '../../../app/toasts/toast-store.ts';
import { useRefreshChangedBasket } from '../basket-changed.ts';
import { useCartTerms } from '../complete-order.ts';
import { useFinishOrder } from '../finish-order.ts';
import { TermsChecks, termsMessage } from '../terms-checks.tsx';
import { cardMessages, providerErrorMessage, unsupportedProvider } from './card-errors.ts';
import { type TokeniseResult, TokeniseTimeout, useDropIn } from './drop-in.ts';
import {
  type AuthoriseInput,
  authorisePayment,
  completeCardPayment,
  confirmScaCompletion,
  preparePayment,
} from './payment-calls.ts';
import { initialPayment, paymentInProgress, paymentReducer } from './payment-status.ts';
import { ScaChallengeDialog } from './sca-challenge.tsx';
import { useStripeCard } from './stripe-card.ts';

const supportedProviders = ['sandbox', 'opayo', 'stripe'];

const emptyBilling: BillingDetails = {
  billingFirstName: '',
  billingLastName: '',
  billingAddressLineOne: '',
  billingAddressLineTwo: '',
  billingCity: '',
  billingPostcode: '',
};

const billingFields: {
  name: keyof BillingDetails;
  label: string;
  autoComplete: string;
}[] = [
  { name: 'billingFirstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'billingLastName', label: 'Last name', autoComplete: 'family-name' },
  { name: 'billingAddressLineOne', label: 'Address line 1', autoComplete: 'address-line1' },
  { name: 'billingAddressLineTwo', label: 'Address line 2 (optional)', autoComplete: 'address-line2' },
  { name: 'billingCity', label: 'Town or city', autoComplete: 'address-level2' },
  { name: 'billingPostcode', label: 'Postcode', autoComplete: 'postal-code' },
];

function message(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const fields = error.validationMessages ? Object.values(error.validationMessages).flat() : [];
    // A 422 shows its field messages joined, or its message (platform spec §5).
    return fields.length > 0 ? fields.join(' ') : error.message || fallback;
  }
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * Paying by card at checkout (joining spec, "Checkout page"): billing details, a saved card or a
 * different one in the provider's frame, the terms, "Pay {amount} now", 3-D Secure in a frame,
 * then the order. The pay area is fixed to the bottom of small screens.
 */
export function CardPayment({
  cartId,
  formattedTotal,
  payments,
  cancelAction,
  onLeaving,
}: {
  cartId: number;
  /** what the card pays: the total less any account credit */
  formattedTotal: string;
  /** account credit paying the rest (platform spec §3 "Offline payment") */
  payments: OfflinePayment[];
  cancelAction: ReactNode;
  /** the order made, as the page starts leaving for its confirmation */
  onLeaving: (orderId: number) => void;
}) {
  const settings = useClientSettings();
  const terms = useCartTerms(cartId);
  const finishOrder = useFinishOrder(onLeaving);
  const [state, dispatch] = useReducer(paymentReducer, initialPayment);
  const [session, setSession] = useState<PrepareResponse | null>(null);
  const [sessionNonce, setSessionNonce] = useState(0);
  const [useSaved, setUseSaved] = useState<boolean | null>(null);
  const [billing, setBilling] = useState(emptyBilling);
  const [billingErrors, setBillingErrors] = useState<BillingErrors>({});
  const [saveCard, setSaveCard] = useState(false);
  const [ticked, setTicked] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  // A fresh card session on arrival and after every failed attempt (a session mints one card).
  useEffect(() => {
    let cancelled = false;
    dispatch({ type: 'prepare' });
    preparePayment()
      .then((prepared) => {
        if (cancelled) return;
        if (!supportedProviders.includes(prepared.paymentProvider))
          throw new Error(unsupportedProvider(prepared.paymentProvider));
        setSession(prepared);
        // A saved card is the default unless it has (recently) expired.
        setUseSaved(
          (current) => current ?? (prepared.savedCard !== null && !prepared.savedCard.recentlyExpired),
        );
        dispatch({ type: 'prepared' });
      })
      .catch((error: unknown) => {
        if (!cancelled)
          dispatch({ type: 'prepare_failed', error: message(error, cardMessages.prepareFailed) });
      });
    return () => {
      cancelled = true;
    };
  }, [sessionNonce]);

  const savedCard = session?.savedCard ?? null;
  const paySaved = useSaved === true && savedCard !== null && !savedCard.expired;
  const isStripe = session?.paymentProvider === 'stripe';
  const stripeCard = useStripeCard({
    scriptUrl: isStripe ? session.paymentProviderConfiguration.url : undefined,
    publishableKey: session?.paymentProviderConfiguration.publishableKey,
    showCardFields: !paySaved,
  });
  const dropIn = useDropIn({
    scriptUrl: isStripe ? undefined : session?.paymentProviderConfiguration.url,
    sessionKey: session?.sessionKey,
    mode: paySaved ? 'cvv' : 'card',
    cardIdentifier: paySaved ? savedCard.cardIdentifier : undefined,
    title: paySaved ? 'Card security code' : 'Card details',
  });
  const {
    containerRef: cardContainer,
    valid: cardValid,
    loadError: cardLoadError,
  } = isStripe ? stripeCard : dropIn;
  const tokeniseCard = dropIn.tokenise;

  const required = terms.data ?? [];
  const termsAccepted = required.every((term) => ticked.includes(term.id));
  const billingValid = paySaved || Object.keys(validateBillingDetails(billing)).length === 0;
  const formValid = billingValid && cardValid;
  const inProgress = paymentInProgress(state.status);
  const payDisabled = state.status === 'preparing' || !formValid || !termsAccepted || terms.isPending;

  const refreshChangedBasket = useRefreshChangedBasket();
  const fail = (text: string) => {
    dispatch({ type: 'failed', error: text });
    setSessionNonce((nonce) => nonce + 1);
  };

  const complete = async (transactionUuid: string) => {
    dispatch({ type: 'complete' });
    try {
      const { completeOrderId } = await completeCardPayment(transactionUuid, ticked, payments);
      dispatch({ type: 'completed' });
      showToast({
        content: 'Order completed Successfully.',
        type: 'success',
        closeAfter: toastDurations.long,
      });
      await finishOrder(completeOrderId);
    } catch (error) {
      const text = message(error, cardMessages.completeFailed);
      refreshChangedBasket(error);
      showToast({ content: text, type: 'danger', closeAfter: toastDurations.long });
      fail(text);
    }
  };

  const tokenise = async (): Promise<{ result: TokeniseResult; sessionKey: string }> => {
    let sessionKey = session!.sessionKey;
    let result = await tokeniseCard();
    // An expired or used session key: tokenise again once with a fresh one (payments-reference §1.2).
    if (!result.success && (result.error?.errorCode === 1002 || result.error?.errorCode === 1006)) {
      sessionKey = (await preparePayment()).sessionKey;
      result = await tokeniseCard(sessionKey);
    }
    return { result, sessionKey };
  };

  const pay = async () => {
    setProblem(null);
    if (!termsAccepted) return setProblem(termsMessage);
    if (!paySaved) {
      const errors = validateBillingDetails(billing);
      setBillingErrors(errors);
      if (Object.keys(errors).length > 0) return;
    }
    if (!session) return setProblem(cardMessages.notReady);
    dispatch({ type: 'authorise' });
    if (isStripe) return payWithStripe();
    let token;
    try {
      token = await tokenise();
    } catch (error) {
      dispatch({ type: 'clear_sca' });
      if (error instanceof TokeniseTimeout)
        showToast({ content: cardMessages.incomplete, type: 'danger', closeAfter: toastDurations.long });
      else setProblem(message(error, cardMessages.processing));
      return;
    }
    if (!token.result.success) {
      dispatch({ type: 'clear_sca' });
      return setProblem(
        providerErrorMessage(token.result.error?.errorCode, token.result.error?.errorMessage),
      );
    }
    try {
      const result = await authorisePayment({
        sessionKey: token.sessionKey,
        terms: ticked,
        payments,
        card: paySaved
          ? { kind: 'saved', savedCardId: savedCard.id }
          : {
              kind: 'new',
              cardIdentifier: token.result.cardIdentifier!,
              cardHolderName: `${billing.billingFirstName.trim()} ${billing.billingLastName.trim()}`,
              saveCard,
              billing: { ...billing },
            },
      });
      if (result.transactionStatus === 'authorised') {
        dispatch({ type: 'authorised', transactionUuid: result.transactionUuid });
        await complete(result.transactionUuid);
      } else if (result.transactionStatus === 'sca_required' && result.scaUrl && result.scaData) {
        dispatch({
          type: 'sca_required',
          challenge: {
            transactionUuid: result.transactionUuid,
            scaUrl: result.scaUrl,
            scaData: result.scaData,
          },
        });
      } else {
        fail(result.error?.message ?? cardMessages.declined);
      }
    } catch (error) {
      fail(message(error, 'Failed to authorize payment'));
    }
  };

  /** Stripe: a payment method from Stripe's frame, then 3-D Secure in the page if the bank asks. */
  const payWithStripe = async () => {
    try {
      const card: AuthoriseInput['card'] = paySaved
        ? { kind: 'saved', savedCardId: savedCard.id }
        : {
            kind: 'stripe',
            paymentMethodId: await stripeCard.createPaymentMethod(
              `${billing.billingFirstName.trim()} ${billing.billingLastName.trim()}`,
              {
                line1: billing.billingAddressLineOne.trim(),
                line2: billing.billingAddressLineTwo.trim(),
                city: billing.billingCity.trim(),
                postcode: billing.billingPostcode.trim(),
              },
            ),
            saveCard,
            billing: { ...billing },
          };
      let result = await authorisePayment({ sessionKey: session!.sessionKey, terms: ticked, payments, card });
      if (result.transactionStatus === 'sca_required' && result.clientSecret) {
        await stripeCard.handleNextAction(result.clientSecret);
        result = await confirmScaCompletion(result.transactionUuid);
      }
      if (result.transactionStatus === 'authorised') {
        dispatch({ type: 'authorised', transactionUuid: result.transactionUuid });
        await complete(result.transactionUuid);
      } else fail(result.error?.message ?? cardMessages.declined);
    } catch (error) {
      fail(message(error, 'Failed to authorize payment'));
    }
  };

  if (state.status === 'preparing' && !session) return <Spinner label="Preparing the payment form" />;

  return (
    <section className="card-payment" aria-labelledby="billing-heading">
      {state.status === 'prepare_failed' && (
        <p className="error-line" role="alert">
          {state.error}
        </p>
      )}
      {state.status === 'failed' && (
        <div className="payment-failed" role="alert">
          <h2 className="payment-failed__title">Your payment failed</h2>
          <p>We were unable to take payment, you have not been charged. Please try again.</p>
          {state.error && <p className="payment-failed__detail">{state.error}</p>}
        </div>
      )}
      <ErrorSummary
        errors={[
          ...(Object.entries(billingErrors) as [keyof BillingDetails, string][]).map(([field, text]) => ({
            fieldId: `checkout-${field}`,
            message: text,
          })),
          ...(problem ? [{ fieldId: `checkout-terms-${required[0]?.id ?? 0}`, message: problem }] : []),
        ]}
      />

      {savedCard && (
        <fieldset className="choice-group">
          <legend>How would you like to pay?</legend>
          <label className="choice">
            <input
              type="radio"
              name="payment-option"
              checked={paySaved}
              disabled={savedCard.expired || inProgress}
              onChange={() => setUseSaved(true)}
            />
            Saved card: {savedCard.cardType} ending {savedCard.lastFourDigits} (expires{' '}
            {String(savedCard.expiryMonth).padStart(2, '0')}/{String(savedCard.expiryYear).slice(-2)})
            {savedCard.expired ? ', expired' : ''}
          </label>
          <label className="choice">
            <input
              type="radio"
              name="payment-option"
              checked={!paySaved}
              disabled={inProgress}
              onChange={() => setUseSaved(false)}
            />
            A different card
          </label>
        </fieldset>
      )}

      {!paySaved && (
        <fieldset className="billing-details">
          <legend>
            <h2 id="billing-heading">Billing Details</h2>
          </legend>
          {billingFields.map((field) => (
            <TextField
              key={field.name}
              id={`checkout-${field.name}`}
              label={field.label}
              autoComplete={field.autoComplete}
              value={billing[field.name]}
              error={billingErrors[field.name]}
              disabled={inProgress}
              onChange={(event) =>
                setBilling((current) => ({ ...current, [field.name]: event.target.value }))
              }
            />
          ))}
        </fieldset>
      )}

      <h2 id={paySaved ? 'billing-heading' : undefined}>Payment Details</h2>
      {paySaved && !isStripe && <p>Enter the security code (CVV) from the back of your card.</p>}
      {cardLoadError && (
        <p className="error-line" role="alert">
          {cardLoadError}
        </p>
      )}
      <div ref={cardContainer} className="card-frame" />
      {!paySaved && settings.savedCardsEnabled && (
        <CheckboxField
          id="checkout-save-card"
          label="Save this card for future payments"
          checked={saveCard}
          disabled={inProgress}
          onChange={(event) => setSaveCard(event.target.checked)}
        />
      )}

      {terms.isError && (
        <p className="error-line">Something went wrong loading the terms, please try again.</p>
      )}
      <TermsChecks terms={required} ticked={ticked} onChange={setTicked} />

      <div className="checkout-pay-area">
        {inProgress ? (
          <Spinner label={state.status === 'sca_required' ? 'Waiting for your bank' : 'Taking payment'} />
        ) : (
          <>
            <Button
              variant="primary"
              size="lg"
              className="checkout-pay-button"
              disabled={payDisabled}
              aria-describedby={payDisabled ? 'pay-hint' : undefined}
              onClick={() => void pay()}
            >
              Pay {formattedTotal} now
            </Button>
            {payDisabled && state.status !== 'preparing' && (
              <p className="field__hint" id="pay-hint">
                Complete your {paySaved ? 'security code' : 'billing and card details'} and accept the terms
                to pay.
              </p>
            )}
            {cancelAction}
          </>
        )}
      </div>

      <ScaChallengeDialog
        challenge={state.sca}
        onResult={(result) => {
          dispatch({ type: 'sca_result', status: result.transaction_status });
          if (result.transaction_status === 'authorised') void complete(result.transaction_uuid);
          else setSessionNonce((nonce) => nonce + 1);
        }}
        onCancel={() => {
          dispatch({ type: 'failed', error: cardMessages.scaFailed });
          setSessionNonce((nonce) => nonce + 1);
        }}
      />
    </section>
  );
}
