import type { ClientSettings } from '@lido/contracts/client-settings';
import { useRef, useState } from 'react';
import { LoginDialog } from '../auth/index.ts';
import { AccountMenu } from './account-menu.tsx';
import { useLocation } from '../../router/index.ts';
import { BasketIcon, MenuIcon } from '../../ui/icons.tsx';
import type { SessionSummary } from '../../app/session/use-session.ts';
import { crossSiteUrl } from '../../app/site-mode/cross-site.ts';
import { type ThemeLogo, ThemeLogoImage } from '../../app/theme/theme-logo.tsx';
import { useSite } from '../../app/site-mode/site-context.tsx';
import { CrossSiteAnchor, SiteLink } from '../../app/site-mode/site-link.tsx';
import type { SiteMode } from '../../app/site-mode/site-mode.ts';
import { MobileDrawer } from './mobile-drawer.tsx';
import { buyMembershipPath, LoginControl } from './login-control.tsx';
import { chromeWords } from './words.ts';

export interface HeaderProps {
  settings: ClientSettings;
  mode: SiteMode;
  session: SessionSummary;
  basketCount: number;
  /** the theme's logo and whose name it shows */
  logo: ThemeLogo;
  /** The selected centre, for "Buy a membership". */
  venueSlug: string | undefined;
}

export function BasketLink({ count, label = chromeWords('basket') }: { count: number; label?: string }) {
  const { pathname } = useLocation();
  const site = useSite();
  const countText = count > 0 ? chromeWords('basketCount', { count }) : '';
  return (
    <SiteLink
      site="bookings"
      to="/basket"
      className="header-link header-basket"
      aria-current={site === 'bookings' && pathname === '/basket' ? 'page' : undefined}
    >
      <BasketIcon />
      <span className="header-basket__label">
        {label}
        <span className="visually-hidden">{countText}</span>
      </span>
      {count > 0 && (
        <span className="badge" aria-hidden="true">
          {count}
        </span>
      )}
    </SiteLink>
  );
}

export function SiteHeader({ settings, mode, session, basketCount, logo, venueSlug }: HeaderProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  // The menu's Log in: the menu closes first, so no dialogs stack on a phone (issue 21 item 8).
  const [menuLoginOpen, setMenuLoginOpen] = useState(false);
  const kioskHome =
    settings.kioskHomeUrl ??
    crossSiteUrl(settings.siteUrls, 'online-joining', '/kiosk/', {
      embedded: false,
      extraParams: { kiosk: 'true', ...(mode.centre ? { centre: mode.centre } : {}) },
    });

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <button
          ref={menuButtonRef}
          type="button"
          className="site-header__menu-button"
          aria-label={chromeWords('openMenu')}
          aria-haspopup="dialog"
          onClick={() => setDrawerOpen(true)}
        >
          <MenuIcon />
        </button>
        <SiteLink site="bookings" to="/" className="site-header__logo">
          <ThemeLogoImage logo={logo} purpose="home" height={40} />
        </SiteLink>
        <nav className="site-header__nav" aria-label={chromeWords('mainNav')}>
          <ul>
            {mode.kiosk && (
              <li>
                <CrossSiteAnchor className="header-link" href={kioskHome}>
                  {chromeWords('kioskHome')}
                </CrossSiteAnchor>
              </li>
            )}
            <li>
              <SiteLink site="bookings" to="/" className="header-link">
                {chromeWords('bookActivity')}
              </SiteLink>
            </li>
            {settings.onlineJoiningEnabled && (
              <li>
                <SiteLink site="online-joining" to={buyMembershipPath(venueSlug)} className="header-link">
                  {chromeWords('buyMembership')}
                </SiteLink>
              </li>
            )}
          </ul>
        </nav>
        <div className="site-header__actions">
          {session.isLoggedIn ? (
            <>
              <SiteLink site="my-account" to="/" className="header-link site-header__account">
                {chromeWords('myAccount')}
              </SiteLink>
              <AccountMenu />
            </>
          ) : (
            <LoginControl className="button button--secondary button--md site-header__login" />
          )}
          <BasketLink count={basketCount} />
        </div>
      </div>
      <MobileDrawer
        open={drawerOpen}
        onClosed={() => setDrawerOpen(false)}
        settings={settings}
        session={session}
        basketCount={basketCount}
        logo={logo}
        venueSlug={venueSlug}
        onLogIn={() => setMenuLoginOpen(true)}
      />
      <LoginDialog open={menuLoginOpen} onClose={() => setMenuLoginOpen(false)} />
    </header>
  );
}
