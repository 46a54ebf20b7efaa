import type { Cart } from '@lido/contracts/cart';
import { act, render, screen } from '@testing-library/react';
import { Toaster } from '../src/app/toasts/toaster.tsx';
import { clearToasts } from '../src/app/toasts/toast-store.ts';
import userEvent from '@testing-library/user-event';
import { useLocation } from '../src/router/index.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartKeys } from '../src/features/cart/keys.ts';
import { CheckoutPage } from '../src/features/checkout/checkout-page.tsx';
import { markNewMandate } from '../src/features/joining/bank-details.ts';
import { setSiteMode } from '../src/app/site-mode/site-mode.ts';
import { renderRoutesOnSite, stubFetch } from './support/render.tsx';

/** A basket as GET /api/cart answers it: one £0 line, or none. */
function basket({ items, completeOrderId = null }: { items: number; completeOrderId?: number | null }): Cart {
  const zero = { total: 0, taxTotal: 0, subTotal: 0, balance: 0, formattedTotal: '£0.00' };
  const pounds = (pence: number) => ({
    raw: { amount: pence, currency: 'GBP' },
    decimal: (pence / 100).toFixed(2),
    formatted: `£${(pence / 100).toFixed(2)}`,
  });
  return {
    cartId: items > 0 ? 3 : null,
    uuid: null,
    items: Array.from({ length: items }, () => ({
      id: 11,
      type: 'membership_change' as const,
      objectId: 2,
      pricingOptionId: 4,
      purchasedForUserId: 1,
      renewsMembershipId: null,
      changesMembershipId: 9,
      change: null,
      name: 'Off-peak Gym',
      description: 'Off-peak Gym, Monthly',
      venue: { id: 1, name: 'Castlefield Leisure Centre' },
      categories: ['Gym'],
      options: { startDate: '2026-12-01', billingDay: 15, venueId: 1, promotionCodeId: null },
      costs: {
        paymentType: 'recurring' as const,
        fixedDuration: null,
        fixedPeriod: null,
        promotionEnabled: false,
        globalBasePrice: pounds(2000),
        fees: {
          baseFee: pounds(2000),
          joiningFee: pounds(0),
          proRataFee: pounds(0),
          monthInHandFee: pounds(0),
          discount: pounds(0),
        },
        proRataDays: 0,
        startDate: '2026-12-01',
        endDate: null,
        firstBillingDate: '2026-12-15',
        prettyFirstBillingDate: '15 Dec 2026',
        totalToPayNow: pounds(0),
      },
      price: pounds(0),
      sortBy: 1,
      enablePrintReceipt: true,
    })),
    totals: { ...zero, itemCount: items, formattedBalance: '£0.00' },
    selectedUserId: 1,
    completeOrderId,
    credits: {
      membership: { type: 'membership', totalAvailable: 0, maxApplicable: 0 },
      general: { type: 'general', totalAvailable: 0, maxApplicable: 0 },
    },
    payments: [],
    attendeeWaiversRequired: false,
  };
}

/** Where the tab is, and the confirmation's history state. */
function Landed({ name }: { name: string }) {
  const location = useLocation();
  return (
    <h1>
      {name} {location.pathname}
      {location.search} {JSON.stringify(location.state)}
    </h1>
  );
}

/** /checkout with the basket given; the confirmation route loads when `confirmationLoaded` resolves. */
function renderCheckout(cart: Cart, confirmationLoaded: Promise<void> = Promise.resolve(), state?: unknown) {
  const rendered = renderRoutesOnSite(
    [
      { path: '/checkout', element: <CheckoutPage /> },
      {
        path: '/order-confirmed/:completeOrderId',
        lazy: async () => {
          await confirmationLoaded;
          return { element: <Landed name="Confirmation" /> };
        },
      },
      { path: '/', element: <Landed name="Centre finder" /> },
    ],
    { site: 'online-joining', path: '/checkout', state },
  );
  rendered.queryClient.setQueryData(cartKeys.cart, cart);
  return rendered;
}

describe("the checkout page's way out of an empty basket (issue 15)", () => {
  afterEach(() => setSiteMode({ embedded: false, kiosk: false, centre: null }));

  it('sends an empty basket that was never paid for to the centre finder, saying why (issue 21 item 8)', async () => {
    render(<Toaster />);
    renderCheckout(basket({ items: 0 }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Centre finder / null');
    expect(await screen.findByText('Your basket is empty, so there is nothing to check out.')).toBeTruthy();
  });

  it('sends a basket that has just become an order to its confirmation', async () => {
    renderCheckout(basket({ items: 0, completeOrderId: 7 }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Confirmation /order-confirmed/7 null',
    );
  });

  it('keeps kiosk mode on the way to that confirmation', async () => {
    setSiteMode({ embedded: false, kiosk: true, centre: null });
    renderCheckout(basket({ items: 0, completeOrderId: 7 }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Confirmation /order-confirmed/7?kiosk=true null',
    );
  });

  it('never leaves for the centre finder while its own way to the confirmation is under way', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/api/terms': { body: { data: { data: [] } } },
        '/api/checkout/complete': { body: { data: { complete_order_id: 7, status: 'completed' } } },
      }).fetchStub,
    );
    let loadConfirmation = () => {};
    const confirmationLoaded = new Promise<void>((resolve) => (loadConfirmation = resolve));
    const { router, queryClient } = renderCheckout(basket({ items: 1 }), confirmationLoaded);
    // The joining page set up a Direct Debit on the way: the confirmation's banner must survive.
    markNewMandate(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm order' }));
    await vi.waitFor(() => expect(router.state.navigation.location?.pathname).toBe('/order-confirmed/7'));

    // While the page is still leaving, the basket comes back empty, as a refetch would answer it.
    act(() => queryClient.setQueryData(cartKeys.cart, basket({ items: 0 })));
    expect(await screen.findByText('Opening your order confirmation')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/checkout');

    await act(async () => loadConfirmation());
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Confirmation /order-confirmed/7 {"newMandate":true}',
    );
  });
});

describe('checkout asks only for terms not accepted on the joining page (issue 21 item 5)', () => {
  afterEach(() => clearToasts());
  // A waiting limit only, for a busy machine: nothing here depends on how long anything takes.
  const slow = { timeout: 10_000 };
  const healthTerms = { id: 31, type: 'health_commitment', title: 'Health Commitment', html: '<p>Fit.</p>' };
  const membershipTerms = { id: 32, type: 'membership', title: 'Membership Terms', html: '<p>Rules.</p>' };
  const answerTerms = (acceptedIds: number[]) => {
    const stub = stubFetch({
      '/api/terms': {
        body: {
          data: {
            data: [healthTerms, membershipTerms].map((terms) => ({
              ...terms,
              is_required: true,
              accepted: acceptedIds.includes(terms.id),
            })),
          },
        },
      },
      '/api/checkout/complete': { body: { data: { complete_order_id: 7, status: 'completed' } } },
    });
    vi.stubGlobal('fetch', stub.fetchStub);
    return stub.calls;
  };

  it('says which terms were agreed, asks for the rest, and sends only those', async () => {
    render(<Toaster />);
    // The terms dialog scrolls its checkbox back into view as it closes (jsdom lays nothing out).
    Element.prototype.scrollIntoView = () => {};
    const calls = answerTerms([31]);
    let land!: () => void;
    renderCheckout(basket({ items: 1 }), new Promise<void>((resolve) => (land = resolve)));
    expect(
      await screen.findByText(
        'You agreed to the Health Commitment when you chose your membership.',
        {},
        slow,
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Health Commitment/ })).toBeNull();
    const membershipBox = screen.getByRole('checkbox', {
      name: 'I have read and agree to the Membership Terms',
    });
    // Confirming without it says what is missing, and nothing is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Confirm order' }));
    expect((await screen.findByRole('alert', { name: 'There is a problem' }, slow)).textContent).toContain(
      'Please check all required terms and conditions',
    );
    expect(calls.some((call) => call.url === '/api/checkout/complete')).toBe(false);
    // Ticking only ticks: no dialog opens (WCAG 3.2.2; issue 34 item 5).
    await userEvent.click(membershipBox);
    expect((membershipBox as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Unticked again, the terms are read from the button beside the box, and "I Agree" ticks it.
    await userEvent.click(membershipBox);
    expect((membershipBox as HTMLInputElement).checked).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Read the Membership Terms' }));
    await userEvent.click(await screen.findByRole('button', { name: 'I Agree' }, slow));
    await vi.waitFor(() => expect((membershipBox as HTMLInputElement).checked).toBe(true), slow);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm order' }));
    await vi.waitFor(
      () => expect(calls.some((call) => call.url === '/api/checkout/complete')).toBe(true),
      slow,
    );
    const complete = calls.find((call) => call.url === '/api/checkout/complete')!;
    expect(JSON.parse(String(complete.init?.body)).terms).toEqual([32]);
    // The free order's success toast (platform spec §8, issue 21 item 13), until the confirmation
    // page, which says the same, is shown: it covered that page on a phone (issue 34 item 4).
    expect(await screen.findByText('Order completed Successfully.', {}, slow)).toBeTruthy();
    await act(async () => land());
    await screen.findByRole('heading', { level: 1, name: /^Confirmation \/order-confirmed\/7/ }, slow);
    await vi.waitFor(() => expect(screen.queryByText('Order completed Successfully.')).toBeNull(), slow);
  }, 20_000);

  it('asks for nothing when every term was agreed on the joining page', async () => {
    answerTerms([31, 32]);
    renderCheckout(basket({ items: 1 }), undefined, { fromJoiningPage: true });
    expect(
      await screen.findByText('You agreed to the Membership Terms when you chose your membership.', {}, slow),
    ).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  }, 20_000);

  it('sends the joining page back to / with the spec’s toast when its terms are not all accepted', async () => {
    answerTerms([31]);
    render(<Toaster />);
    renderCheckout(basket({ items: 1 }), undefined, { fromJoiningPage: true });
    // Sent back by checkout itself, so the leave-checkout question is not asked on the way.
    await vi.waitFor(
      () =>
        expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
          'Centre finder / {"sentBackFromCheckout":true}',
        ),
      { timeout: 10_000 },
    );
    expect(await screen.findByText('Please check all required terms and conditions', {}, slow)).toBeTruthy();
  }, 20_000);
});
