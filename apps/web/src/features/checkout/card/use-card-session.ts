import type { PrepareResponse } from '@lido/contracts/payments';
import { type Dispatch, useEffect, useState } from 'react';
import { prepareFailure, providerProblem } from './card-errors.ts';
import { useDropIn } from './drop-in.ts';
import { preparePayment } from './payment-calls.ts';
import type { PaymentEvent } from './payment-status.ts';
import { useStripeCard } from './stripe-card.ts';
import { checkoutWords } from '../words.ts';

const supportedProviders = ['sandbox', 'opayo', 'stripe'];

/**
 * The card session: a fresh one on arrival and after every failed attempt (`renew`; a session mints
 * one card), whether the saved card pays, and the provider's card frame (Stripe's, or the drop-in),
 * which shows the billing name as the name on the card.
 */
export function useCardSession(dispatch: Dispatch<PaymentEvent>, cardholderName = '') {
  const [session, setSession] = useState<PrepareResponse | null>(null);
  const [sessionNonce, setSessionNonce] = useState(0);
  const [useSaved, setUseSaved] = useState<boolean | null>(null);

  useEffect(() => {
    let cancelled = false;
    dispatch({ type: 'prepare' });
    preparePayment()
      .then((prepared) => {
        if (cancelled) return;
        const problem = providerProblem(prepared.paymentProvider, supportedProviders);
        if (problem) throw new Error(problem);
        setSession(prepared);
        // A saved card is the default unless it has (recently) expired.
        setUseSaved(
          (current) => current ?? (prepared.savedCard !== null && !prepared.savedCard.recentlyExpired),
        );
        dispatch({ type: 'prepared' });
      })
      .catch((error: unknown) => {
        if (!cancelled) dispatch({ type: 'prepare_failed', error: prepareFailure(error) });
      });
    return () => {
      cancelled = true;
    };
  }, [sessionNonce, dispatch]);

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
    title: paySaved ? checkoutWords('securityCodeFrameTitle') : checkoutWords('cardFrameTitle'),
    cardholderName,
  });
  const frame = isStripe ? stripeCard : dropIn;

  return {
    session,
    savedCard,
    paySaved,
    isStripe,
    setUseSaved,
    renew: () => setSessionNonce((nonce) => nonce + 1),
    stripeCard,
    tokeniseCard: dropIn.tokenise,
    cardContainer: frame.containerRef,
    cardValid: frame.valid,
    cardLoadError: frame.loadError,
  };
}

export type CardSession = ReturnType<typeof useCardSession>;
