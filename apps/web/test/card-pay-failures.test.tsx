import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { joiningExtras } from '../src/features/checkout/checkout-source.ts';
import { useCardPay } from '../src/features/checkout/card/use-card-pay.ts';
import type { CardSession } from '../src/features/checkout/card/use-card-session.ts';
import { renderOnSite, stubFetch } from './support/render.tsx';

afterEach(() => vi.unstubAllGlobals());

const billing = {
  billingFirstName: 'Ann',
  billingLastName: 'Lee',
  billingAddressLineOne: '1 High Street',
  billingAddressLineTwo: '',
  billingCity: 'York',
  billingPostcode: 'YO1 7HH',
};

/** A card session whose frame has tokenised (or, for Stripe, made a payment method from) the card. */
function cardSession(isStripe: boolean): CardSession {
  return {
    session: { sessionKey: 'msk-1', paymentProvider: isStripe ? 'stripe' : 'opayo' },
    savedCard: null,
    paySaved: false,
    isStripe,
    renew: () => undefined,
    tokeniseCard: () => Promise.resolve({ success: true, cardIdentifier: 'card-1' }),
    stripeCard: {
      createPaymentMethod: () => Promise.resolve('pm_1'),
      handleNextAction: () => Promise.resolve(),
    },
  } as unknown as CardSession;
}

/** Pays with `card` and shows the payment's failure as the page would. */
function Paying({ card }: { card: CardSession }) {
  const dispatch = vi.fn((event: { type: string; error?: string }) => {
    if (event.type === 'failed') document.getElementById('failed')!.textContent = event.error ?? '';
  });
  const { pay } = useCardPay({
    card,
    dispatch,
    billing,
    setBillingErrors: () => undefined,
    saveCard: false,
    ticked: [],
    termsAccepted: true,
    termsReady: true,
    payments: [],
    extras: joiningExtras,
    setProblem: () => undefined,
    onLeaving: () => undefined,
  });
  return (
    <>
      <button onClick={() => void pay()}>Pay</button>
      <p id="failed" />
    </>
  );
}

async function payAnswered(card: CardSession, routes: Parameters<typeof stubFetch>[0]) {
  vi.stubGlobal('fetch', stubFetch(routes).fetchStub);
  renderOnSite(<Paying card={card} />, { site: 'online-joining' });
  await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
  await waitFor(() => expect(document.getElementById('failed')!.textContent).not.toBe(''));
  return document.getElementById('failed')!.textContent;
}

const uuid = '5b1f0a52-3f8e-4a8e-9d55-0c4b1f1d2a10';

describe('paying by card when the server says no (platform spec §8, joining spec §8)', () => {
  it('"Authorization failed" when authorise answers with nothing to go on', async () => {
    expect(
      await payAnswered(cardSession(false), {
        '/api/checkout/authorise': {
          body: { data: { transaction_uuid: uuid, transaction_status: 'sca_required' } },
        },
      }),
    ).toBe('Authorization failed');
  });

  it('"Failed to complete payment" when completing fails without a reason', async () => {
    expect(
      await payAnswered(cardSession(false), {
        '/api/checkout/authorise': {
          body: { data: { transaction_uuid: uuid, transaction_status: 'authorised' } },
        },
        '/api/checkout/complete': { status: 500, body: {} },
      }),
    ).toBe('Failed to complete payment');
  });

  it('"Payment authentication failed" when the bank’s check leaves the payment unpaid (Stripe)', async () => {
    expect(
      await payAnswered(cardSession(true), {
        '/api/checkout/authorise': {
          body: {
            data: { transaction_uuid: uuid, transaction_status: 'sca_required', client_secret: 'pi_secret' },
          },
        },
        [`/api/payment-providers/sca-completion/${uuid}`]: {
          body: { data: { transaction_status: 'failed' } },
        },
      }),
    ).toBe('Payment authentication failed');
  });
});
