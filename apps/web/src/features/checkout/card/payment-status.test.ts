import { describe, expect, it } from 'vitest';
import { cardMessages, providerErrorMessage, unsupportedProvider } from './card-errors.ts';
import { initialPayment, paymentInProgress, paymentReducer, type PaymentEvent } from './payment-status.ts';

const run = (...events: PaymentEvent[]) => events.reduce(paymentReducer, initialPayment);
const challenge = { transactionUuid: 'tx-1', scaUrl: 'https://acs.example/c', scaData: { creq: 'x' } };

describe('the card payment status machine', () => {
  it('goes idle → preparing → ready, or prepare_failed with the message', () => {
    expect(run({ type: 'prepare' }).status).toBe('preparing');
    expect(run({ type: 'prepare' }, { type: 'prepared' }).status).toBe('ready');
    expect(run({ type: 'prepare' }, { type: 'prepare_failed', error: 'Preparation failed' })).toMatchObject({
      status: 'prepare_failed',
      error: 'Preparation failed',
    });
  });

  it('keeps the transaction through 3-D Secure and completes only an authorised result', () => {
    const challenged = run({ type: 'prepared' }, { type: 'authorise' }, { type: 'sca_required', challenge });
    expect(challenged).toMatchObject({ status: 'sca_required', transactionUuid: 'tx-1', sca: challenge });
    const passed = paymentReducer(challenged, { type: 'sca_result', status: 'authorised' });
    expect(passed.status).toBe('sca_processing');
    expect(paymentReducer(passed, { type: 'complete' }).status).toBe('completing');
    expect(paymentReducer(challenged, { type: 'sca_result', status: 'failed' })).toMatchObject({
      status: 'failed',
      error: '3D Secure verification failed',
    });
  });

  it('cannot complete without a transaction, and clearing the challenge returns to ready', () => {
    expect(run({ type: 'complete' })).toMatchObject({
      status: 'failed',
      error: 'No transaction ID available for payment completion',
    });
    expect(
      run({ type: 'authorise' }, { type: 'sca_required', challenge }, { type: 'clear_sca' }),
    ).toMatchObject({
      status: 'ready',
      sca: null,
    });
    expect(run({ type: 'failed', error: 'x' }, { type: 'reset' })).toEqual(initialPayment);
  });

  it('keeps the failure notice while a fresh session is prepared behind it', () => {
    const failed = run(
      { type: 'failed', error: 'Payment was declined' },
      { type: 'prepare' },
      { type: 'prepared' },
    );
    expect(failed).toMatchObject({ status: 'failed', error: 'Payment was declined' });
  });

  it('hides the pay and cancel buttons only while a payment is on its way', () => {
    expect(paymentInProgress('ready')).toBe(false);
    expect(paymentInProgress('failed')).toBe(false);
    expect(paymentInProgress('authorizing')).toBe(true);
    expect(paymentInProgress('sca_required')).toBe(true);
  });
});

describe('the card error catalogue', () => {
  it('has a message for every provider code 1000–1021, 9998 and 9999', () => {
    const codes = [...Array.from({ length: 22 }, (_, index) => 1000 + index), 9998, 9999];
    const messages = codes.map((code) =>
      providerErrorMessage({ errorCode: code, errorMessage: 'provider text' }),
    );
    expect(messages.every((text) => text !== 'provider text' && text.length > 0)).toBe(true);
    expect(new Set(messages).size).toBe(codes.length);
    expect(providerErrorMessage({ errorCode: 1006 })).toBe(
      'Your payment session has expired. Please try again.',
    );
    expect(providerErrorMessage({ errorCode: 9998 })).toBe('The payment timed out. Please try again.');
  });

  it('falls back to the provider’s message, then to "Card validation failed."', () => {
    expect(providerErrorMessage({ errorCode: 4026, errorMessage: 'Declined by the issuer' })).toBe(
      'Declined by the issuer',
    );
    expect(providerErrorMessage(undefined)).toBe(cardMessages.validationFailed);
    expect(unsupportedProvider('paypal')).toBe('paypal payment provider is not supported');
  });
});
