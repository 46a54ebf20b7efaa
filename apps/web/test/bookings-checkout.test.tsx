import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from '../src/router/index.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSiteMode } from '../src/app/site-mode/site-mode.ts';
import { cartKeys } from '../src/features/cart/keys.ts';
import { confirmationPath } from '../src/features/checkout/checkout-exit.ts';
import { CheckoutPage } from '../src/features/checkout/checkout-page.tsx';
import { bookingLine, cartWith, money } from './support/activity-fixtures.ts';
import { renderRoutesOnSite, stubFetch } from './support/render.tsx';

function Landed() {
  const location = useLocation();
  return <h1>Landed {location.pathname}</h1>;
}

const waiverLine = bookingLine({
  id: 905,
  name: 'Climbing taster',
  price: money(0),
  unitPrice: money(0),
  options: { quantity: 1 },
  waiverRequired: true,
  waiverText: 'Climbing is dangerous.\n\nI will follow the instructor.',
});

function renderBookingsCheckout() {
  const stub = stubFetch({
    '/api/terms': { body: { data: { data: [] } } },
    '/api/checkout/complete': { body: { data: { complete_order_id: 77, status: 'completed' } } },
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  const rendered = renderRoutesOnSite(
    [
      { path: '/checkout', element: <CheckoutPage /> },
      { path: '/booking-confirmed/:orderId', element: <Landed /> },
      { path: '/order-confirmed/:orderId', element: <Landed /> },
    ],
    { site: 'bookings', path: '/checkout' },
  );
  rendered.queryClient.setQueryData(cartKeys.cart, cartWith([waiverLine]));
  return { ...rendered, calls: stub.calls };
}

describe('checkout on the bookings site', () => {
  afterEach(() => setSiteMode({ embedded: false, kiosk: false, centre: null }));

  it('asks for each waiver, sends the agreed ones with source bookings, and lands on /booking-confirmed', async () => {
    const user = userEvent.setup();
    const { calls } = renderBookingsCheckout();
    const waivers = await screen.findByRole('region', { name: 'Waivers' });
    expect(within(waivers).getByRole('region', { name: 'Waiver for Climbing taster' }).textContent).toContain(
      'I will follow the instructor.',
    );
    // The booking is summarised beside the payment.
    const summary = screen.getByRole('complementary', { name: 'Summary' });
    expect(summary.textContent).toContain('Tue 24 Nov 2026, 18:00 to 18:45');
    // Confirming without the waiver says what is missing and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByText('Agree to the waiver for each activity that needs one')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/checkout/complete')).toBe(false);
    await user.click(
      within(waivers).getByRole('checkbox', { name: 'I agree to the waiver for Climbing taster' }),
    );
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    expect((await screen.findByRole('heading', { name: /^Landed/ })).textContent).toBe(
      'Landed /booking-confirmed/77',
    );
    const complete = calls.find((call) => call.url === '/api/checkout/complete')!;
    expect(JSON.parse(String(complete.init?.body))).toMatchObject({
      completed_waivers: [905],
      source: 'bookings',
    });
  });

  it('goes back to the basket instead of clearing it', async () => {
    renderBookingsCheckout();
    const back = await screen.findByRole('link', { name: 'Back to basket' });
    expect(back.getAttribute('href')).toBe('/basket');
    expect(screen.queryByRole('button', { name: 'Cancel selection and start over' })).toBeNull();
  });

  it('confirms online-joining orders at /order-confirmed and others at /booking-confirmed, keeping kiosk mode', () => {
    expect(confirmationPath(7, false)).toBe('/order-confirmed/7');
    expect(confirmationPath(7, true, 'bookings')).toBe('/booking-confirmed/7?kiosk=true');
  });
});
