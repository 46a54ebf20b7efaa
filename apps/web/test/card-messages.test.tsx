import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cardMessages,
  notAuthorisedMessage,
  providerErrorMessage,
} from '../src/features/checkout/card/card-errors.ts';
import { useCardSession } from '../src/features/checkout/card/use-card-session.ts';
import { useStripeCard } from '../src/features/checkout/card/stripe-card.ts';
import { stubFetch } from './support/render.tsx';

// The provider's script is not fetched in a test; Stripe.js is the fake below.
vi.mock('../src/features/checkout/card/drop-in.ts', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  loadProviderScript: () => Promise.resolve(),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.Stripe;
});

/** The prepare call answering `answer`; the message the card session fails with. */
async function prepareFailsWith(answer: { status?: number; body: unknown }) {
  vi.stubGlobal('fetch', stubFetch({ '/api/checkout/prepare': answer }).fetchStub);
  const dispatch = vi.fn();
  renderHook(() => useCardSession(dispatch));
  await waitFor(() =>
    expect(dispatch).toHaveBeenCalledWith(expect.objectContaining({ type: 'prepare_failed' })),
  );
  return dispatch.mock.calls.find(([event]) => event.type === 'prepare_failed')![0].error as string;
}

const prepared = (paymentProvider: string) => ({
  body: {
    data: {
      payment_provider: paymentProvider,
      session_key: 'msk-1',
      payment_provider_configuration: { url: '/provider.js' },
      saved_card: null,
    },
  },
});

describe('the prepare call’s failures (platform spec §8)', () => {
  it('shows the server’s message for a 403 flagged paid_booking_disabled', async () => {
    const message = 'Paid bookings are switched off at this centre.';
    expect(await prepareFailsWith({ status: 403, body: { message, paid_booking_disabled: true } })).toBe(
      message,
    );
  });

  it('shows the server’s message for other failures, or "Preparation failed" when it has none', async () => {
    expect(await prepareFailsWith({ status: 502, body: { message: 'Failed to create session' } })).toBe(
      'Failed to create session',
    );
    expect(await prepareFailsWith({ status: 403, body: {} })).toBe('Preparation failed');
  });

  it('says "No payment provider selected", or that a provider is not supported', async () => {
    expect(await prepareFailsWith(prepared(''))).toBe('No payment provider selected');
    expect(await prepareFailsWith(prepared('paypal'))).toBe('paypal payment provider is not supported');
  });
});

describe('the card form’s messages (joining spec §8)', () => {
  it('"No publishable key found" when Stripe has no key', async () => {
    const { result } = renderHook(() =>
      useStripeCard({ scriptUrl: '/stripe.js', publishableKey: undefined, showCardFields: true }),
    );
    await waitFor(() => expect(result.current.loadError).toBe('No publishable key found'));
  });

  function stripeWith(fake: { createPaymentMethod?: unknown; handleNextAction?: unknown }) {
    const card = { mount: vi.fn(), destroy: vi.fn(), on: vi.fn() };
    window.Stripe = () =>
      ({ elements: () => ({ create: () => card }), ...fake }) as unknown as ReturnType<
        NonNullable<typeof window.Stripe>
      >;
    const rendered = renderHook(() =>
      useStripeCard({ scriptUrl: '/stripe.js', publishableKey: 'pk_test', showCardFields: true }),
    );
    act(() => rendered.result.current.containerRef(document.createElement('div')));
    return rendered;
  }

  it('"Failed to create payment method" when Stripe gives neither a method nor a reason', async () => {
    const { result } = stripeWith({ createPaymentMethod: () => Promise.resolve({}) });
    await waitFor(() => expect(window.Stripe).toBeDefined());
    const address = { line1: '1 High St', line2: '', city: 'York', postcode: 'YO1 1AA' };
    await waitFor(() =>
      expect(result.current.createPaymentMethod('Ann Lee', address)).rejects.toThrow(
        'Failed to create payment method',
      ),
    );
  });

  it('"SCA failed or canceled with status …" when the bank’s check ends unpaid', async () => {
    const { result } = stripeWith({
      handleNextAction: () =>
        Promise.resolve({
          error: { message: 'cancelled', payment_intent: { status: 'requires_payment_method' } },
        }),
    });
    await waitFor(() =>
      expect(result.current.handleNextAction('secret')).rejects.toThrow(
        'SCA failed or canceled with status requires_payment_method',
      ),
    );
  });

  // Issue 34 item 4: a wrong card number was "Some required payment information is missing."
  it('says what the card frame found wrong, in its words naming the field', () => {
    expect(
      providerErrorMessage({
        errorCode: 1003,
        errorMessage: 'Enter the expiry date. Enter a valid card number.',
        field: 'expiry-date',
      }),
    ).toBe('Enter the expiry date. Enter a valid card number.');
    // A code with no field of the frame's: the code's message, which names the card fields.
    expect(providerErrorMessage({ errorCode: 1003, errorMessage: 'Missing mandatory field' })).toBe(
      'A card detail is missing: check the name on the card, card number, expiry date and security code.',
    );
    expect(providerErrorMessage({ errorCode: 4242, errorMessage: 'Something new' })).toBe('Something new');
    expect(providerErrorMessage(undefined)).toBe(cardMessages.validationFailed);
  });
});

describe('authorise and complete failures (platform spec §8)', () => {
  it('an answer that can go no further is "Authorization failed"; after 3-D Secure "Payment authentication failed"', () => {
    expect(notAuthorisedMessage({ transactionStatus: 'sca_required' }, false)).toBe('Authorization failed');
    expect(notAuthorisedMessage({ transactionStatus: 'failed' }, false)).toBe('Payment was declined');
    expect(notAuthorisedMessage({ transactionStatus: 'failed' }, true)).toBe('Payment authentication failed');
    expect(
      notAuthorisedMessage({ transactionStatus: 'failed', error: { message: 'Insufficient funds' } }, true),
    ).toBe('Insufficient funds');
  });

  it('a failed completion says "Failed to complete payment"', () => {
    expect(cardMessages.paymentNotCompleted).toBe('Failed to complete payment');
  });
});
