import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSiteMode } from '../src/app/site-mode/site-mode.ts';
import { KioskChrome } from '../src/features/kiosk/kiosk-chrome.tsx';
import { loggedIn, priya } from './support/booking-fixtures.ts';
import { renderRoutesOnSite, stubFetch, testSettings } from './support/render.tsx';

describe('the kiosk on a booking confirmation (decision 0034)', () => {
  beforeEach(() => {
    loggedIn();
    setSiteMode({ embedded: false, kiosk: true, centre: 'castlefield-leisure-centre' });
    vi.stubGlobal(
      'fetch',
      stubFetch({
        '/api/auth/user': { body: { data: priya } },
        '/api/auth/logout': { body: { data: { loggedOut: true } } },
      }).fetchStub,
    );
  });
  afterEach(() => vi.useRealTimers());

  it('hides Log out and goes back to kiosk home after the order confirmation idle time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const chrome = <KioskChrome settings={testSettings} logoUrl="/logo.svg" />;
    const { router } = renderRoutesOnSite(
      [
        { path: '/booking-confirmed/:orderId', element: chrome },
        { path: '/kiosk', element: <p>Kiosk home</p> },
      ],
      { site: 'bookings', path: '/booking-confirmed/41' },
    );
    expect(screen.getByRole('button', { name: 'Home' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(testSettings.kioskIdle.orderConfirmedMs - 1_000);
    });
    expect(router.state.location.pathname).toBe('/booking-confirmed/41');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    await screen.findByText('Kiosk home');
    expect(router.state.location.search).toBe('?kiosk=true&centre=castlefield-leisure-centre');
  });
});
