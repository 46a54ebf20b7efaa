import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { accountNavItems, mobileAccountNavItems } from '../src/features/chrome/account-nav.tsx';
import { SiteHeader } from '../src/features/chrome/site-header.tsx';
import type { SessionSummary } from '../src/app/session/use-session.ts';
import type { SiteMode } from '../src/app/site-mode/site-mode.ts';
import { resolveTheme } from '../src/app/theme/resolve-theme.ts';
import { themeLogo } from '../src/app/theme/theme-logo.tsx';
import { renderOnSite, testSettings } from './support/render.tsx';

const loggedOut: SessionSummary = { isLoggedIn: false, firstName: null };
const browsing: SiteMode = { embedded: false, kiosk: false, centre: null };

function header(overrides: Partial<Parameters<typeof SiteHeader>[0]> = {}) {
  return (
    <SiteHeader
      settings={testSettings}
      mode={browsing}
      session={loggedOut}
      basketCount={0}
      logo={{ src: '/logos/brightwater.svg', name: 'Brightwater Leisure' }}
      venueSlug={undefined}
      {...overrides}
    />
  );
}

describe('the header', () => {
  it('shows the logo linking to bookings, the main links, Log in and the basket', () => {
    renderOnSite(header(), { site: 'online-joining' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Book an activity' })).toHaveProperty(
      'href',
      'http://b.test/',
    );
    // Within the joining site this is an in-app link; across sites a full URL.
    expect(within(nav).getByRole('link', { name: 'Buy a membership' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Brightwater Leisure home' })).toHaveProperty(
      'href',
      'http://b.test/',
    );
    expect(screen.getAllByRole('link', { name: 'Log in' })[0]?.getAttribute('href')).toBe(
      '/login?redirect=%2F',
    );
    expect(screen.getAllByRole('link', { name: 'Basket' })[0]).toHaveProperty('href', 'http://b.test/basket');
    expect(screen.queryByText('Back to Kiosk Home')).toBeNull();
  });

  it("names a centre's own logo with the centre's name it shows, in the header and the menu (issue 34 item 6)", async () => {
    const clifton = resolveTheme({
      themeAppLogo: '/logos/clifton-lido.svg',
      themeAppLogoName: 'Clifton Lido & Spa',
    });
    renderOnSite(header({ logo: themeLogo(clifton, testSettings.name) }), { site: 'bookings' });
    expect(screen.getByRole('link', { name: 'Clifton Lido & Spa home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('link', { name: /Brightwater/ })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open menu' }));
    expect(
      within(screen.getByRole('dialog', { name: 'Menu' }))
        .getByRole('img')
        .getAttribute('alt'),
    ).toBe('Clifton Lido & Spa');
  });

  it("names the operator's logo with the client's name when the server does not say whose it is", () => {
    const logo = themeLogo(resolveTheme({ themeAppLogo: '/logos/brightwater.svg' }), testSettings.name);
    expect(logo).toEqual({ src: '/logos/brightwater.svg', name: testSettings.name });
  });

  it("sends Buy a membership to the selected centre's page", () => {
    renderOnSite(header({ venueSlug: 'clifton-lido-and-spa' }), { site: 'bookings' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Buy a membership' })).toHaveProperty(
      'href',
      'http://j.test/centre/clifton-lido-and-spa',
    );
  });

  it('hides Buy a membership when online joining is off', () => {
    renderOnSite(header({ settings: { ...testSettings, onlineJoiningEnabled: false } }));
    expect(screen.queryByRole('link', { name: 'Buy a membership' })).toBeNull();
  });

  it('shows a count badge only when the basket has items', () => {
    renderOnSite(header({ basketCount: 3 }));
    expect(screen.getAllByRole('link', { name: 'Basket, 3 items' })).toHaveLength(1);
    expect(screen.getByText('3')).toHaveProperty('className', 'badge');
  });

  it('offers Back to Kiosk Home in kiosk mode, to the configured kiosk home when there is one', () => {
    renderOnSite(header({ mode: { ...browsing, kiosk: true, centre: 'hoe-park-fitness' } }));
    expect(screen.getByRole('link', { name: 'Back to Kiosk Home' })).toHaveProperty(
      'href',
      'http://j.test/kiosk/?kiosk=true&centre=hoe-park-fitness',
    );
  });

  it('shows My account instead of Log in when logged in', () => {
    renderOnSite(header({ session: { isLoggedIn: true, firstName: 'Ada' } }));
    // Not at a kiosk, the link carries no kiosk flag (decision 0037).
    expect(screen.getByRole('link', { name: 'My account' })).toHaveProperty('href', 'http://m.test/');
    expect(screen.queryByRole('navigation', { name: 'Main' })?.textContent).not.toContain('Log in');
  });

  it('opens the mobile drawer with its logged-out invitation', async () => {
    renderOnSite(header(), { site: 'bookings', path: '/basket' });
    // Closed, the drawer is an empty dialog: its links are not rendered with every page (decision 0066).
    const closed = document.querySelector('dialog[aria-label="Menu"]')!;
    expect(closed.childElementCount).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(drawer.hasAttribute('open')).toBe(true);
    expect(within(drawer).getByText('Login to make bookings faster and manage your account')).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'Create an account' })).toHaveProperty(
      'href',
      'http://m.test/register',
    );
    expect(within(drawer).getByRole('link', { name: 'Shopping basket' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(drawer).queryByRole('link', { name: 'My account' })).toBeNull();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close menu' }));
    expect(drawer.hasAttribute('open')).toBe(false);
    expect(drawer.childElementCount).toBe(0);
    // and it opens again
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(
      within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Close menu' }),
    ).toBeTruthy();
  });

  it('closes the drawer before its Log in opens, so no dialogs stack (issue 21 item 8)', async () => {
    renderOnSite(header(), { site: 'bookings', path: '/' });
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Log in' }));
    expect(drawer.hasAttribute('open')).toBe(false);
    const login = await screen.findByRole('dialog', { name: 'Log in' });
    expect(login.hasAttribute('open')).toBe(true);
    // The login dialog is not inside the closed drawer, where it could not be seen.
    expect(drawer.contains(login)).toBe(false);
  });
});

describe('the account navigation', () => {
  it('lists the desktop items, with Guest passes only when the setting is on', () => {
    expect(accountNavItems(false).map((item) => item.label)).toEqual([
      'Dashboard',
      'My details',
      'Memberships',
      'Membership card',
      'Packages',
      'Bookings',
      'Payments',
    ]);
    expect(accountNavItems(true).find((item) => item.label === 'Guest passes')?.path).toBe('/guest-passes');
  });

  it('labels the mobile menu as the spec does', () => {
    expect(mobileAccountNavItems().map((item) => `${item.label} ${item.path}`)).toEqual([
      'Account dashboard /',
      'My details /user-details',
      'Memberships /memberships',
      'Packages /packages',
      'Bookings /bookings/upcoming',
      'Payments /payments',
    ]);
  });
});
