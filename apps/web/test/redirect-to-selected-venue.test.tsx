import { screen } from '@testing-library/react';
import { useLocation } from '../src/router/index.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteRoutes } from '../src/app/create-site.tsx';
import { RedirectToSelectedVenue } from '../src/app/redirect-to-selected-venue.tsx';
import { noteAuthState } from '../src/app/session/session-store.ts';
import type { SiteName } from '../src/app/site-mode/site-context.tsx';
import { setSiteMode } from '../src/app/site-mode/site-mode.ts';
import { loggedIn, priya } from './support/booking-fixtures.ts';
import { renderRoutesOnSite, stubFetch } from './support/render.tsx';

function Landed() {
  return <h1>Landed {useLocation().pathname}</h1>;
}

function visit(site: SiteName) {
  vi.stubGlobal('fetch', stubFetch({ '/api/auth/user': { body: { data: priya } } }).fetchStub);
  renderRoutesOnSite(
    [
      { path: '/redirect-to-selected-venue', element: <RedirectToSelectedVenue /> },
      { path: '*', element: <Landed /> },
    ],
    { site, path: '/redirect-to-selected-venue' },
  );
}

afterEach(() => {
  setSiteMode({ embedded: false, kiosk: false, centre: null });
  document.cookie = 'lido_authState=; max-age=0';
  noteAuthState(null);
  vi.unstubAllGlobals();
});

describe('/redirect-to-selected-venue', () => {
  it('is a route on every site', () => {
    const paths = siteRoutes([])[0]!.children!.map((route) => route.path);
    expect(paths).toContain('redirect-to-selected-venue');
  });

  it('goes to the chosen centre’s page on the bookings site', async () => {
    setSiteMode({ embedded: false, kiosk: false, centre: 'riverside' });
    visit('bookings');
    expect((await screen.findByRole('heading')).textContent).toBe('Landed /location/riverside');
  });

  it('goes to the signed-in customer’s home centre when none is chosen', async () => {
    loggedIn();
    visit('online-joining');
    expect((await screen.findByRole('heading')).textContent).toBe(`Landed /centre/${priya.homeVenueSlug}`);
  });

  it('goes to the site’s home when no centre is chosen and no one is signed in', async () => {
    visit('online-joining');
    expect((await screen.findByRole('heading')).textContent).toBe('Landed /');
  });

  it('goes home on my-account, which has no centre page', async () => {
    setSiteMode({ embedded: false, kiosk: false, centre: 'riverside' });
    visit('my-account');
    expect((await screen.findByRole('heading')).textContent).toBe('Landed /');
  });
});
