import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  it('asks whether to start over after the warning time on the bookings site', () => {
    vi.useFakeTimers();
    renderOnSite(<KioskIdle settings={testSettings} />, { site: 'bookings', path: '/location/castlefield' });
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => vi.advanceTimersByTime(90_000));
    expect(screen.getByRole('dialog', { name: 'Are you sure you want to leave this screen?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear selection and go home' })).toBeTruthy();
  });
});
