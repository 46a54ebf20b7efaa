import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteLink } from '../src/app/site-mode/site-link.tsx';
import { setSiteMode } from '../src/app/site-mode/site-mode.ts';
import { KioskHomePage } from '../src/features/kiosk/kiosk-home-page.tsx';
import { KioskIdle, kioskHomeUrl } from '../src/features/kiosk/kiosk-idle.tsx';
import { renderOnSite, stubFetch, testSettings } from './support/render.tsx';

afterEach(() => {
  setSiteMode({ embedded: false, kiosk: false, centre: null });
  vi.useRealTimers();
});

describe('booking at a kiosk (issue 17 item 7)', () => {
  it("opens the kiosk centre's timetable on the bookings site, keeping the kiosk flag", async () => {
    setSiteMode({ embedded: false, kiosk: true, centre: 'castlefield' });
    vi.stubGlobal('fetch', stubFetch({}).fetchStub);
    renderOnSite(<KioskHomePage />, { site: 'online-joining', path: '/kiosk' });
    const book = await screen.findByRole('link', { name: 'Book an activity' });
    expect(book.getAttribute('href')).toBe(
      'http://b.test/location/castlefield?kiosk=true&centre=castlefield',
    );
  });

  it("goes home to the joining site's kiosk page, or the configured one, saying why", () => {
    setSiteMode({ embedded: false, kiosk: true, centre: 'castlefield' });
    expect(kioskHomeUrl(testSettings, 'inactivity')).toBe(
      'http://j.test/kiosk/?kiosk=true&centre=castlefield&cleared=inactivity',
    );
    expect(kioskHomeUrl({ ...testSettings, kioskHomeUrl: 'https://kiosk.example/home' })).toBe(
      'https://kiosk.example/home',
    );
  });

  it.each(['bookings', 'my-account'] as const)(
    'asks "Do you need more time?" 20 s before the reset on the %s site',
    (site) => {
      vi.useFakeTimers();
      renderOnSite(<KioskIdle settings={testSettings} />, { site, path: '/' });
      act(() => vi.advanceTimersByTime(74_000));
      expect(screen.queryByRole('dialog')).toBeNull();
      act(() => vi.advanceTimersByTime(1_000));
      const dialog = screen.getByRole('dialog', { name: 'Do you need more time?' });
      expect(dialog.textContent).toContain('This screen will be cleared in 20 seconds.');
      expect(screen.getByRole('button', { name: 'Clear selection and go home' })).toBeTruthy();
    },
  );

  it.each([
    ['bookings', '/booking-confirmed/12'],
    ['my-account', '/order-confirmed/12'],
  ] as const)(
    'warns 20 s before a %s confirmation page goes home, aloud, and waits when asked (issue 34 item 3)',
    (site, path) => {
      vi.useFakeTimers();
      // jsdom lays nothing out; the modal scrolls its opener into view as it closes.
      Element.prototype.scrollIntoView ??= () => undefined;
      renderOnSite(<KioskIdle settings={testSettings} />, { site, path });
      // The operator's confirmation time (10 s) passes with no reset, only the question.
      act(() => vi.advanceTimersByTime(9_000));
      expect(screen.queryByRole('dialog')).toBeNull();
      act(() => vi.advanceTimersByTime(1_000));
      const dialog = screen.getByRole('dialog', { name: 'Do you need more time?' });
      expect(dialog.textContent).toContain('This screen will be cleared in 20 seconds.');
      act(() => vi.advanceTimersByTime(200));
      expect(dialog.querySelector('[aria-live="polite"]')?.textContent).toBe(
        'This screen will be cleared in 20 seconds.',
      );
      act(() => screen.getByRole('button', { name: 'Yes, I need more time' }).click());
      expect(screen.queryByRole('dialog', { name: 'Do you need more time?' })).toBeNull();
      // Asked again only after another 10 s idle.
      act(() => vi.advanceTimersByTime(9_000));
      expect(screen.queryByRole('dialog', { name: 'Do you need more time?' })).toBeNull();
      act(() => vi.advanceTimersByTime(1_000));
      expect(screen.getByRole('dialog', { name: 'Do you need more time?' })).toBeTruthy();
    },
  );
});

describe('kiosk mode across the sites (issue 21 item 11)', () => {
  it('carries the kiosk flag and centre on links to the other sites, and nothing when not a kiosk', async () => {
    vi.stubGlobal('fetch', stubFetch({}).fetchStub);
    setSiteMode({ embedded: false, kiosk: true, centre: 'castlefield' });
    const { unmount } = renderOnSite(
      <SiteLink site="my-account" to="/">
        My account
      </SiteLink>,
      {
        site: 'bookings',
        path: '/',
      },
    );
    expect((await screen.findByRole('link', { name: 'My account' })).getAttribute('href')).toBe(
      'http://m.test/?kiosk=true&centre=castlefield',
    );
    unmount();
    setSiteMode({ embedded: false, kiosk: false, centre: 'castlefield' });
    renderOnSite(
      <SiteLink site="my-account" to="/">
        My account
      </SiteLink>,
      { site: 'bookings', path: '/' },
    );
    expect((await screen.findByRole('link', { name: 'My account' })).getAttribute('href')).toBe(
      'http://m.test/',
    );
  });
});
