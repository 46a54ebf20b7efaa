import { useEffect, useRef, useState } from 'react';
import { cardMessages, scaFailed } from './card-errors.ts';
import { useFrameStatus } from './frame-status.ts';
import { loadProviderScript } from './drop-in.ts';

/**
 * Stripe's card Element (payments-reference.md §2.2): the card fields are Stripe's iframe, the
 * browser turns them into a payment method, and 3-D Secure is `handleNextAction` in the page. Only
 * the subset of Stripe.js we call is typed here. Stripe.js must come from js.stripe.com, so this
 * half is checked where that is reachable; the server half runs against our Stripe fake.
 */
interface StripeError {
  message?: string;
  code?: string;
}
interface StripeCardElement {
  mount(element: HTMLElement): void;
  destroy(): void;
  on(event: 'ready', handler: () => void): void;
  on(event: 'change', handler: (change: { complete: boolean; error?: StripeError }) => void): void;
}
interface StripeJs {
  elements(): { create(type: 'card', options: { hidePostalCode: boolean }): StripeCardElement };
  createPaymentMethod(input: {
    type: 'card';
    card: StripeCardElement;
    billing_details: {
      name: string;
      address: { line1: string; line2?: string; city: string; postal_code: string };
    };
  }): Promise<{ paymentMethod?: { id: string }; error?: StripeError }>;
  handleNextAction(input: { clientSecret: string }): Promise<{
    error?: StripeError & { payment_intent?: { status?: string } };
    paymentIntent?: { status?: string };
  }>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

export function useStripeCard(options: {
  scriptUrl: string | undefined;
  publishableKey: string | undefined;
  /** a saved card needs no card fields (Stripe re-uses the saved payment method) */
  showCardFields: boolean;
}) {
  const { scriptUrl, publishableKey, showCardFields } = options;
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const stripe = useRef<StripeJs | null>(null);
  const element = useRef<StripeCardElement | null>(null);
  const frameKey = `${scriptUrl}|${publishableKey}|${showCardFields}`;
  const { current, report } = useFrameStatus(frameKey);

  useEffect(() => {
    if (!scriptUrl) return;
    if (!publishableKey) return report({ error: cardMessages.noPublishableKey });
    if (showCardFields && !container) return;
    let cancelled = false;
    loadProviderScript(scriptUrl)
      .then(() => {
        if (cancelled) return;
        if (!window.Stripe) throw new Error(cardMessages.notLoaded);
        stripe.current = window.Stripe(publishableKey);
        if (!showCardFields || !container) return report({ ready: true, valid: true });
        const card = stripe.current.elements().create('card', { hidePostalCode: true });
        card.on('ready', () => report({ ready: true }));
        card.on('change', (change) =>
          report({ valid: change.complete, error: change.error?.message ?? null }),
        );
        card.mount(container);
        element.current = card;
      })
      .catch((error: unknown) => {
        if (!cancelled) report({ error: error instanceof Error ? error.message : cardMessages.notLoaded });
      });
    return () => {
      cancelled = true;
      element.current?.destroy();
      element.current = null;
    };
  }, [scriptUrl, publishableKey, showCardFields, container, report]);

  return {
    containerRef: setContainer,
    ready: current.ready,
    valid: current.valid,
    loadError: current.error,
    /** the card in Stripe's frame as a payment method id, or Stripe's message */
    async createPaymentMethod(
      name: string,
      address: { line1: string; line2: string; city: string; postcode: string },
    ) {
      if (!stripe.current || !element.current) throw new Error(cardMessages.notReady);
      const { paymentMethod, error } = await stripe.current.createPaymentMethod({
        type: 'card',
        card: element.current,
        billing_details: {
          name,
          address: {
            line1: address.line1,
            ...(address.line2 ? { line2: address.line2 } : {}),
            city: address.city,
            postal_code: address.postcode,
          },
        },
      });
      if (!paymentMethod) throw new Error(error?.message ?? cardMessages.paymentMethodFailed);
      return paymentMethod.id;
    },
    /** Stripe.js runs the bank's challenge in the page; the server then re-reads the payment. */
    async handleNextAction(clientSecret: string) {
      if (!stripe.current) throw new Error(cardMessages.notReady);
      const { error, paymentIntent } = await stripe.current.handleNextAction({ clientSecret });
      if (error) throw new Error(scaFailed(error.payment_intent?.status ?? paymentIntent?.status));
    },
  };
}
