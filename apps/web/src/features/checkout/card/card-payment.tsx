import type { OfflinePayment } from '@lido/contracts/offline-payments';
import type { BillingDetails, BillingErrors } from '@lido/contracts/billing-details';
import { type ReactNode, useEffect, useReducer, useRef, useState } from 'react';
import { useClientSettings } from '../../../app/client-settings/get-client-settings.ts';
import { Button } from '../../../ui/button.tsx';
import { ErrorSummary } from '../../../ui/error-summary.tsx';
import { CheckboxField } from '../../../ui/form-fields.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useCartTerms } from '../complete-order.ts';
import { AcceptedTerms, TermsChecks, termsMessage, termsToAsk } from '../terms-checks.tsx';
import { differentAddress, useAccountBilling } from './account-billing.ts';
import {
  AccountBillingSummary,
  BillingDetailsFields,
  cardHolderName,
  emptyBilling,
} from './billing-details.tsx';
import { cardMessages } from './card-errors.ts';
import { initialPayment, paymentInProgress, paymentReducer } from './payment-status.ts';
import { SavedCardChoice } from './saved-card-choice.tsx';
import { ScaChallengeDialog } from './sca-challenge.tsx';
import { useCardPay } from './use-card-pay.ts';
import { useCardSession } from './use-card-session.ts';
import { useEarlierPayment } from './earlier-payment.ts';
import { useFinishOrder } from '../finish-order.ts';
import type { CheckoutExtras } from '../checkout-source.ts';
import { checkoutWords } from '../words.ts';

/**
 * Paying by card at checkout (joining spec, "Checkout page"): billing details, a saved card or a
 * different one in the provider's frame, the terms, "Pay {amount} now", 3-D Secure in a frame,
 * then the order. The pay area follows the form, never fixed over it. The card session lives in
 * useCardSession, paying in useCardPay; this component holds the form and lays it out.
 */
/** The card frame's place on the page, where a card problem's message leads. */
const cardFieldId = 'checkout-card';

export function CardPayment({
  cartId,
  formattedTotal,
  payments,
  cancelAction,
  onLeaving,
  extras,
  offerSaving = true,
}: {
  cartId: number;
  /** what the card pays: the total less any account credit */
  formattedTotal: string;
  /** account credit paying the rest (platform spec §3 "Offline payment") */
  payments: OfflinePayment[];
  cancelAction: ReactNode;
  /** the order made, as the page starts leaving for its confirmation */
  onLeaving: (orderId: number) => void;
  /** the source, the agreed waivers, and a waiver not yet agreed */
  extras: CheckoutExtras;
  /** false at the desk: no card is kept there, and no saved card is offered (decision 0058) */
  offerSaving?: boolean;
}) {
  const settings = useClientSettings();
  const terms = useCartTerms(cartId);
  const [state, dispatch] = useReducer(paymentReducer, initialPayment);
  const accountBilling = useAccountBilling();
  const fromAccount = accountBilling.data ?? { details: emptyBilling, complete: false };
  // null: the account's name and address (issue 21 item 5); set once the customer types their own.
  const [typedBilling, setTypedBilling] = useState<BillingDetails | null>(null);
  const billing = typedBilling ?? fromAccount.details;
  // The billing name is the name on the card unless the cardholder types another in the frame.
  const card = useCardSession(dispatch, cardHolderName(billing));
  const { session, savedCard, paySaved, isStripe, cardContainer, cardLoadError } = card;
  const [billingErrors, setBillingErrors] = useState<BillingErrors>({});
  const [saveCard, setSaveCard] = useState(false);
  const [ticked, setTicked] = useState<number[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  // A payment whose answer was lost, looked up when checkout opens and when Pay is pressed again
  // (issue 33 item 8): paid goes on to the confirmation; otherwise the page says where it stands.
  const finishOrder = useFinishOrder(onLeaving, extras.source);
  const earlier = useEarlierPayment(finishOrder);
  const [checking, setChecking] = useState<string | null>(null);
  const checkingNotice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (checking) checkingNotice.current?.focus();
  }, [checking]);
  const earlierNotice =
    checking !== null
      ? { title: checkoutWords('checkingPayment'), message: checking }
      : earlier?.message && earlier.status !== 'paid' && state.status !== 'failed'
        ? {
            title:
              earlier.status === 'checking'
                ? checkoutWords('checkingPayment')
                : checkoutWords('earlierNotTaken'),
            message: earlier.message,
          }
        : null;

  const required = termsToAsk(terms.data);
  const termsAccepted = required.every((term) => ticked.includes(term.id));
  const inProgress = paymentInProgress(state.status);
  // Pay gives way to the status while paying, and the fields are locked: focus goes to the status,
  // then after a decline to the card, the first thing to fix (issue 34 item 1), never to the page.
  const payingStatus = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (inProgress) payingStatus.current?.focus();
  }, [inProgress]);
  useEffect(() => {
    if (state.status === 'failed') document.getElementById(cardFieldId)?.focus();
  }, [state.status]);
  const { pay, complete } = useCardPay({
    card,
    dispatch,
    billing,
    setBillingErrors,
    saveCard,
    ticked,
    termsAccepted,
    termsReady: !terms.isPending,
    payments,
    extras,
    setProblem,
    onLeaving,
    onChecking: setChecking,
  });

  if (earlier?.status === 'paid') return <Spinner label={checkoutWords('paidOpening')} />;
  if (state.status === 'preparing' && !session) return <Spinner label={checkoutWords('preparingForm')} />;

  return (
    <section className="card-payment" aria-labelledby="billing-heading">
      {state.status === 'prepare_failed' && (
        <p className="error-line" role="alert">
          {state.error}
        </p>
      )}
      {earlierNotice && (
        <div ref={checkingNotice} tabIndex={-1} className="notice notice--warning" role="status">
          <h2>{earlierNotice.title}</h2>
          <p>{earlierNotice.message}</p>
        </div>
      )}
      {state.status === 'failed' && (
        <div className="payment-failed" role="alert">
          <h2 className="payment-failed__title">{checkoutWords('paymentFailed')}</h2>
          <p>{checkoutWords('notCharged')}</p>
          {state.error && <p className="payment-failed__detail">{state.error}</p>}
        </div>
      )}
      <ErrorSummary
        errors={[
          ...(Object.entries(billingErrors) as [keyof BillingDetails, string][]).map(([field, text]) => ({
            fieldId: `checkout-${field}`,
            message: text,
          })),
          ...(problem
            ? [
                {
                  fieldId:
                    problem === extras.waiverProblem?.message
                      ? extras.waiverProblem.fieldId
                      : problem === termsMessage()
                        ? `checkout-terms-${required.find((term) => !ticked.includes(term.id))?.id ?? 0}`
                        : cardFieldId,
                  message: problem,
                },
              ]
            : []),
        ]}
      />

      {savedCard && (
        <SavedCardChoice
          savedCard={savedCard}
          paySaved={paySaved}
          disabled={inProgress}
          onChoose={card.setUseSaved}
        />
      )}

      {!paySaved &&
        (accountBilling.isPending ? (
          <Spinner label={checkoutWords('loadingBilling')} />
        ) : typedBilling === null && fromAccount.complete && Object.keys(billingErrors).length === 0 ? (
          <AccountBillingSummary
            billing={billing}
            disabled={inProgress}
            onUseDifferent={() => {
              setTypedBilling(differentAddress(fromAccount.details));
              // The button is gone: focus moves to the first field of the new address.
              requestAnimationFrame(() => document.getElementById('checkout-billingAddressLineOne')?.focus());
            }}
          />
        ) : (
          <BillingDetailsFields
            billing={billing}
            errors={billingErrors}
            disabled={inProgress}
            onChange={(update) => setTypedBilling(update(billing))}
          />
        ))}

      <h2 id={paySaved ? 'billing-heading' : undefined}>{checkoutWords('paymentDetails')}</h2>
      {paySaved && !isStripe && <p>{checkoutWords('enterCvv')}</p>}
      {cardLoadError && (
        <p className="error-line" role="alert">
          {cardLoadError}
        </p>
      )}
      <div ref={cardContainer} id={cardFieldId} tabIndex={-1} className="card-frame" />
      {!paySaved && offerSaving && settings.savedCardsEnabled && (
        <CheckboxField
          id="checkout-save-card"
          label={checkoutWords('saveCard')}
          checked={saveCard}
          disabled={inProgress}
          onChange={(event) => setSaveCard(event.target.checked)}
        />
      )}

      {terms.isError && <p className="error-line">{checkoutWords('termsLoadFailed')}</p>}
      <AcceptedTerms terms={terms.data} />
      <TermsChecks terms={required} ticked={ticked} onChange={setTicked} />

      <div className="checkout-pay-area">
        {inProgress ? (
          <div ref={payingStatus} tabIndex={-1} className="checkout-pay-status">
            <Spinner
              label={
                state.status === 'sca_required'
                  ? checkoutWords('waitingForBank')
                  : checkoutWords('takingPayment')
              }
            />
          </div>
        ) : (
          <>
            {/* Never disabled (WCAG 3.3.1; GOV.UK): pressed early, it says what is missing. */}
            <Button
              variant="primary"
              size="lg"
              className="checkout-pay-button"
              onClick={() => {
                setChecking(null);
                void pay();
              }}
            >
              {checkoutWords('payNow', { amount: formattedTotal })}
            </Button>
            {cancelAction}
          </>
        )}
      </div>

      <ScaChallengeDialog
        challenge={state.sca}
        onResult={(result) => {
          dispatch({ type: 'sca_result', status: result.transaction_status });
          if (result.transaction_status === 'authorised') void complete(result.transaction_uuid);
          else card.renew();
        }}
        onCancel={() => {
          dispatch({ type: 'failed', error: cardMessages.scaFailed });
          card.renew();
        }}
      />
    </section>
  );
}
