import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '../src/app/toasts/toast-store.ts';
import { Toaster } from '../src/app/toasts/toaster.tsx';
import { BasketPage } from '../src/features/cart/basket-page.tsx';
import { bookingLine, cartWith, logIn, logOut, money, wire } from './support/activity-fixtures.ts';
import { renderRoutesOnSite, stubFetch } from './support/render.tsx';

afterEach(() => {
  cleanup();
  logOut();
  act(() => clearToasts());
});

const swim = {
  name: 'Public swim',
  options: { quantity: 1 },
  unitPrice: money(260),
  heldUntil: '2099-11-24T18:15:00.000Z',
};
const covered = bookingLine({
  ...swim,
  price: money(0),
  benefit: { id: 12, name: 'Swim sessions', discount: money(260) },
});
const paid = bookingLine({ ...swim, price: money(260), benefit: null });

/** Issue 18 item 1: the basket names the benefit paying for a line, and takes it off on request. */
describe('a membership benefit on a basket line', () => {
  it('names the benefit, and "Remove benefit" takes it off with the spec toast and the new total', async () => {
    const user = userEvent.setup();
    logIn();
    const stub = stubFetch({
      '/api/cart': wire(cartWith([covered])),
      '/api/activities/benefit/remove/900': wire(cartWith([paid])),
    });
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
    const line = (await screen.findByRole('heading', { level: 2, name: 'Public swim' })).closest('li')!;
    expect(line.textContent).toContain('Paid by your membership benefit Swim sessions (−£2.60)');
    expect(screen.getByText('£0.00', { selector: 'strong' })).toBeTruthy();

    // jsdom joins the visible words and the hidden ones without the space a browser keeps.
    await user.click(
      screen.getByRole('button', {
        name: /^Remove benefit ?Swim sessions from Public swim, Tue 24 Nov 2026, 18:00 to 18:45$/,
      }),
    );
    expect(await screen.findByText('Successfully removed benefit.')).toBeTruthy();
    const call = stub.calls.find((made) => made.url.startsWith('/api/activities/benefit/remove/900'))!;
    expect(call.init?.method).toBe('DELETE');
    expect(call.url).toBe('/api/activities/benefit/remove/900?source=bookings');
    expect(screen.getByText('£2.60', { selector: 'strong' })).toBeTruthy();
    expect(screen.queryByText(/Paid by your membership benefit/)).toBeNull();
  });
});
