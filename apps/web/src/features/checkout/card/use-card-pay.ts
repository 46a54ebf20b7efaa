import {
  type BillingDetails,
  type BillingErrors,
  validateBillingDetails,
} from '@lido/contracts/billing-details';
import type { OfflinePayment } from '@lido/contracts/offline-payments';
import type { Dispatch } from 'react';
import { showToast, toastDurations } from '../../../app/toasts/toast-store.ts';
import { useRefreshChangedBasket } from '../basket-changed.ts';
import { useFinishOrder } from '../finish-order.ts';
import { termsMessage } from '../terms-checks.tsx';
import { cardHolderName } from './billing-details.tsx';
import { cardMessages, errorMessage, notAuthorisedMessage, providerErrorMessage } from './card-errors.ts';
import { type TokeniseResult, TokeniseTimeout } from './drop-in.ts';
import {
  type AuthoriseInput,
  authorisePayment,
  completeCardPayment,
  confirmScaCompletion,
  preparePayment,
} from './payment-calls.ts';
import type { PaymentEvent } from './payment-status.ts';
import { stillChecking } from './earlier-payment.ts';
import type { CardSession } from './use-card-session.ts';
import type { CheckoutExtras } from '../checkout-source.ts';
import { checkoutWords } from '../words.ts';

/** The billing check's words, by field: the rules are shared with the server, whose words are English. */
const billingErrorIds: Partial<Record<keyof BillingDetails, string>> = {
  billingFirstName: 'billingFirstNameMissing',
  billingLastName: 'billingLastNameMissing',
  billingAddressLineOne: 'billingAddressLineOneMissing',
  billingCity: 'billingCityMissing',
  billingPostcode: 'billingPostcodeInvalid',
};

/** The billing check's errors in the page's language. */
const inPageWords = (errors: BillingErrors): BillingErrors =>
  Object.fromEntries(
    (Object.entries(errors) as [keyof BillingDetails, string][]).map(([field, text]) => {
      const id = billingErrorIds[field];
      return [field, id ? checkoutWords(id) : text];
    }),
  );

/** What paying needs from the form: the card session, the billing details, the terms and credit. */
export interface CardPayInput {
  card: CardSession;
  dispatch: Dispatch<PaymentEvent>;
  billing: BillingDetails;
  setBillingErrors: (errors: BillingErrors) => void;
  saveCard: boolean;
  ticked: number[];
  termsAccepted: boolean;
  /** the basket's terms have loaded */
  termsReady: boolean;
  /** account credit paying the rest (platform spec §3 "Offline payment") */
  payments: OfflinePayment[];
  /** the source, the agreed waivers, and a waiver not yet agreed */
  extras: CheckoutExtras;
  setProblem: (problem: string | null) => void;
  onLeaving: (orderId: number) => void;
  /** the provider cannot yet say whether an earlier payment was taken: what to tell the customer */
  onChecking?: (message: string) => void;
}

/**
 * "Pay {amount} now": the card tokenised in the provider's frame (or a Stripe payment method),
 * authorised, 3-D Secure when the bank asks, then the order completed and the page leaving for its
 * confirmation. A failure shows why and starts a fresh card session.
 */
export function useCardPay(input: CardPayInput) {
  const {
    card,
    dispatch,
    billing,
    setBillingErrors,
    saveCard,
    ticked,
    termsAccepted,
    termsReady,
    payments,
    extras,
    setProblem,
  } = input;
  const { session, savedCard, paySaved, isStripe, stripeCard, tokeniseCard, renew } = card;
  const finishOrder = useFinishOrder(input.onLeaving, extras.source);
  const refreshChangedBasket = useRefreshChangedBasket();

  const fail = (text: string) => {
    dispatch({ type: 'failed', error: text });
    renew();
  };

  /** Neither paid nor failed (issue 33 item 8): said as such, never as "you have not been charged". */
  const checking = (outcome: unknown): boolean => {
    const message = stillChecking(outcome);
    if (message === null) return false;
    dispatch({ type: 'clear_sca' });
    input.onChecking?.(message);
    renew();
    return true;
  };

  const complete = async (transactionUuid: string) => {
    dispatch({ type: 'complete' });
    try {
      const { completeOrderId } = await completeCardPayment(transactionUuid, ticked, payments, extras);
      dispatch({ type: 'completed' });
      await finishOrder(completeOrderId);
    } catch (error) {
      refreshChangedBasket(error);
      showToast({
        content: errorMessage(error, cardMessages.completeFailed),
        type: 'danger',
        closeAfter: toastDurations.long,
      });
      fail(errorMessage(error, cardMessages.paymentNotCompleted));
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
    // Everything missing is said at once, the billing fields under themselves (WCAG 3.3.1).
    const errors = paySaved ? {} : validateBillingDetails(billing);
    setBillingErrors(inPageWords(errors));
    if (extras.waiverProblem) return setProblem(extras.waiverProblem.message);
    if (!termsReady || !session) return setProblem(cardMessages.notReady);
    if (!termsAccepted) return setProblem(termsMessage());
    // The card itself is checked by tokenising it: the frame's own validity reaches the page a
    // moment after typing, and the provider's answer says what is wrong with the card.
    if (Object.keys(errors).length > 0) return;
    dispatch({ type: 'authorise' });
    if (isStripe) return payWithStripe();
    let token;
    try {
      token = await tokenise();
    } catch (error) {
      dispatch({ type: 'clear_sca' });
      if (error instanceof TokeniseTimeout)
        showToast({ content: cardMessages.incomplete, type: 'danger', closeAfter: toastDurations.long });
      else setProblem(errorMessage(error, cardMessages.processing));
      return;
    }
    if (!token.result.success) {
      dispatch({ type: 'clear_sca' });
      return setProblem(providerErrorMessage(token.result.error));
    }
    try {
      const result = await authorisePayment({
        sessionKey: token.sessionKey,
        terms: ticked,
        payments,
        extras,
        card:
          paySaved && savedCard
            ? { kind: 'saved', savedCardId: savedCard.id }
            : {
                kind: 'new',
                cardIdentifier: token.result.cardIdentifier!,
                cardHolderName: cardHolderName(billing),
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
      } else if (!checking(result)) {
        fail(notAuthorisedMessage(result, false));
      }
    } catch (error) {
      if (!checking(error)) fail(errorMessage(error, cardMessages.authoriseFailed));
    }
  };

  /** Stripe: a payment method from Stripe's frame, then 3-D Secure in the page if the bank asks. */
  const payWithStripe = async () => {
    try {
      const card: AuthoriseInput['card'] =
        paySaved && savedCard
          ? { kind: 'saved', savedCardId: savedCard.id }
          : {
              kind: 'stripe',
              paymentMethodId: await stripeCard.createPaymentMethod(cardHolderName(billing), {
                line1: billing.billingAddressLineOne.trim(),
                line2: billing.billingAddressLineTwo.trim(),
                city: billing.billingCity.trim(),
                postcode: billing.billingPostcode.trim(),
              }),
              saveCard,
              billing: { ...billing },
            };
      let result = await authorisePayment({
        sessionKey: session!.sessionKey,
        terms: ticked,
        payments,
        extras,
        card,
      });
      let afterSca = false;
      if (result.transactionStatus === 'sca_required' && result.clientSecret) {
        await stripeCard.handleNextAction(result.clientSecret);
        result = await confirmScaCompletion(result.transactionUuid);
        afterSca = true;
      }
      if (result.transactionStatus === 'authorised') {
        dispatch({ type: 'authorised', transactionUuid: result.transactionUuid });
        await complete(result.transactionUuid);
      } else if (!checking(result)) fail(notAuthorisedMessage(result, afterSca));
    } catch (error) {
      if (!checking(error)) fail(errorMessage(error, cardMessages.authoriseFailed));
    }
  };

  return { pay, complete };
}
