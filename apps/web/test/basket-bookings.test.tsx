import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '../src/app/toasts/toast-store.ts';
import { Toaster } from '../src/app/toasts/toaster.tsx';
import { BasketPage, checkoutSite } from '../src/features/cart/basket-page.tsx';
import { clockTime } from '../src/features/cart/hold-time.ts';
import { bookingLine, cartWith, logIn, logOut, money, wire } from './support/activity-fixtures.ts';
import { renderRoutesOnSite, stubFetch } from './support/render.tsx';

afterEach(() => {
  // Unmounted before logging out, so a page behind RequireLogin doesn't go looking for /login.
  cleanup();
  logOut();
  act(() => clearToasts());
});

function renderBasket(routes: Parameters<typeof stubFetch>[0]) {
  logIn();
  const stub = stubFetch(routes);
  vi.stubGlobal('fetch', stub.fetchStub);
  renderRoutesOnSite(
    [
      {
        path: '/basket',
        element: (
          <>
            <BasketPage />
            <Toaster />
          </>
        ),
      },
    ],
    { path: '/basket' },
  );
  return stub.calls;
}

describe('booking lines in the basket', () => {
  it('shows what, when, where, band, places, price and until when the places are held', async () => {
    renderBasket({ '/api/cart': wire(cartWith([bookingLine({ heldUntil: '2099-11-24T18:15:00.000Z' })])) });
    const line = (await screen.findByRole('heading', { level: 2, name: 'Spin' })).closest('li')!;
    expect(line.textContent).toContain('Tue 24 Nov 2026, 18:00 to 18:45');
    expect(line.textContent).toContain('Castlefield Leisure Centre, Studio 1 · with Sam Patel');
    expect(line.textContent).toContain('Adult, £6.50 each');
    expect((within(line).getByLabelText('Places') as HTMLSelectElement).value).toBe('2');
    expect(line.textContent).toContain('£13.00');
    // 18:15 UTC in November is 18:15 in London.
    expect(line.textContent).toContain('Held for you until 18:15');
    const checkout = screen.getByRole('link', { name: 'Continue to checkout' });
    expect(checkout.getAttribute('href')).toBe('/checkout');
    expect(screen.getByText('£13.00', { selector: 'strong' })).toBeTruthy();
  });

  it('changes the number of places with the spec toast', async () => {
    const user = userEvent.setup();
    const calls = renderBasket({
      '/api/cart': wire(cartWith([bookingLine()])),
      '/api/cart/900': wire(cartWith([bookingLine({ options: { quantity: 3 }, price: money(1950) })])),
    });
    await user.selectOptions(await screen.findByLabelText('Places'), '3');
    expect(await screen.findByText('Successfully updated item in the basket.')).toBeTruthy();
    const put = calls.find((call) => call.url === '/api/cart/900')!;
    expect(put.init?.method).toBe('PUT');
    expect(JSON.parse(String(put.init?.body))).toEqual({ options: { quantity: 3 } });
    expect((screen.getByLabelText('Places') as HTMLSelectElement).value).toBe('3');
  });

  it('removes a booking line with the spec toast', async () => {
    const user = userEvent.setup();
    const calls = renderBasket({
      '/api/cart': wire(cartWith([bookingLine()])),
      '/api/cart/remove': wire(cartWith([])),
    });
    await user.click(await screen.findByRole('button', { name: /^Remove ?Spin, Tue 24 Nov 2026/ }));
    expect(await screen.findByText('Successfully removed item from the basket.')).toBeTruthy();
    expect(JSON.parse(String(calls.find((call) => call.url === '/api/cart/remove')!.init?.body))).toEqual({
      cart_item_ids: [900],
    });
    expect(screen.getByRole('heading', { name: 'Your basket is empty' })).toBeTruthy();
  });

  it('moves focus to what is left when a line or the whole basket goes, never to the page (issue 34)', async () => {
    // jsdom has no scrolling; a closing dialog scrolls its opener into view.
    Element.prototype.scrollIntoView ??= () => {};
    const user = userEvent.setup();
    let lines = [bookingLine(), bookingLine({ id: 901, name: 'Yoga' })];
    renderBasket({
      '/api/cart': (_url, init) => {
        if (init?.method === 'DELETE') lines = [];
        return wire(cartWith(lines));
      },
      '/api/cart/remove': () => {
        lines = lines.slice(1);
        return wire(cartWith(lines));
      },
    });
    await user.click(await screen.findByRole('button', { name: /^Remove ?Spin, Tue 24 Nov 2026/ }));
    await screen.findByText('Successfully removed item from the basket.');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Shopping basket' }));
    // Emptying asks first, saying what goes (issue 34 item 4); "Keep my basket" keeps it.
    await user.click(screen.getByRole('button', { name: 'Empty basket' }));
    let dialog = await screen.findByRole('dialog', { name: 'Empty your basket?' });
    expect(dialog.textContent).toContain(
      'This removes all 1 item from your basket, and the places held for you go back on sale.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep my basket' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Shopping basket' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Empty basket' }));
    dialog = await screen.findByRole('dialog', { name: 'Empty your basket?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, empty my basket' }));
    const empty = await screen.findByRole('heading', { name: 'Your basket is empty' });
    expect(document.activeElement).toBe(empty);
    // What happened, said where focus lands.
    expect(
      screen.getByText(
        'You emptied your basket: 1 item removed, and the places held for you went back on sale.',
      ),
    ).toBeTruthy();
  });

  it('explains a hold that has ended and keeps checkout closed until the line goes', async () => {
    renderBasket({ '/api/cart': wire(cartWith([bookingLine({ heldUntil: '2020-01-01T12:00:00.000Z' })])) });
    expect(
      await screen.findByText(
        'Your hold on these places ended at 12:00. Remove it and book again from the timetable if places are left.',
      ),
    ).toBeTruthy();
    const checkout = screen.getByRole('button', { name: 'Continue to checkout' });
    expect(checkout.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Remove the places whose hold has ended to continue.')).toBeTruthy();
  });

  it('pays for bookings on the bookings site, and memberships alone on the joining site', () => {
    expect(checkoutSite([bookingLine()])).toBe('bookings');
    expect(checkoutSite([])).toBe('online-joining');
  });

  it('shows hold times on the operator clock', () => {
    expect(clockTime('2026-07-01T17:15:00.000Z', 'Europe/London')).toBe('18:15');
  });
});
