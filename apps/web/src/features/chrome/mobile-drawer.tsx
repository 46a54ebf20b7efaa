import type { ClientSettings } from '@lido/contracts/client-settings';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from '../../router/index.ts';
import { CloseIcon } from '../../ui/icons.tsx';
import type { SessionSummary } from '../../app/session/use-session.ts';
import { useSite } from '../../app/site-mode/site-context.tsx';
import { SiteLink } from '../../app/site-mode/site-link.tsx';
import { type ThemeLogo, ThemeLogoImage } from '../../app/theme/theme-logo.tsx';
import { LogOutButton } from './log-out-button.tsx';
import { buyMembershipPath, LoginControl } from './login-control.tsx';
import { chromeWords } from './words.ts';

interface DrawerProps {
  /** set by the header's menu button; the drawer reports its closing (by any means) with `onClosed` */
  open: boolean;
  onClosed: () => void;
  settings: ClientSettings;
  session: SessionSummary;
  basketCount: number;
  logo: ThemeLogo;
  venueSlug: string | undefined;
  /** opens the login dialog, outside the drawer, once the drawer has closed */
  onLogIn: () => void;
}

/**
 * The left drawer on narrow screens: a modal dialog, so focus is held inside and Escape closes it.
 * Its panel is rendered only while it is open: closed, it was some thirty hidden elements (links
 * that each read the site, session and settings) in every page's first render (decision 0066).
 */
export function MobileDrawer({
  open,
  onClosed,
  settings,
  session,
  basketCount,
  logo,
  venueSlug,
  onLogIn,
}: DrawerProps) {
  const site = useSite();
  const location = useLocation();
  const dialog = useRef<HTMLDialogElement | null>(null);
  // Shown once the panel is in the page, so showModal focuses its first control.
  useLayoutEffect(() => {
    if (open && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [open]);
  // Navigating inside the site closes the drawer.
  useEffect(() => {
    if (dialog.current?.open) dialog.current.close();
  }, [location.pathname]);
  const close = () => dialog.current?.close();
  const basketActive = site === 'bookings' && location.pathname === '/basket';

  return (
    // The backdrop click is a pointer shortcut; keyboard users close with Escape or the close button.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      className="drawer"
      aria-label={chromeWords('menu')}
      onClick={(event) => {
        if (event.target === event.currentTarget) close(); // a click on the backdrop
      }}
      onClose={onClosed}
    >
      {open && (
        <div className="drawer__panel">
          <div className="drawer__top">
            <ThemeLogoImage logo={logo} height={32} />
            <button
              type="button"
              className="icon-button"
              aria-label={chromeWords('closeMenu')}
              onClick={close}
            >
              <CloseIcon />
            </button>
          </div>
          <nav aria-label={chromeWords('menu')}>
            <ul className="drawer__links">
              <li>
                <SiteLink site="bookings" to="/" onClick={close}>
                  {chromeWords('bookActivity')}
                </SiteLink>
              </li>
              {settings.onlineJoiningEnabled && (
                <li>
                  <SiteLink site="online-joining" to={buyMembershipPath(venueSlug)} onClick={close}>
                    {chromeWords('buyMembership')}
                  </SiteLink>
                </li>
              )}
              <li>
                <SiteLink
                  site="bookings"
                  to="/basket"
                  onClick={close}
                  className={basketActive ? 'is-active' : undefined}
                  aria-current={basketActive ? 'page' : undefined}
                >
                  {basketCount > 0
                    ? chromeWords('shoppingBasketCount', { count: basketCount })
                    : chromeWords('shoppingBasket')}
                </SiteLink>
              </li>
              {session.isLoggedIn && (
                <li>
                  <SiteLink site="my-account" to="/" onClick={close}>
                    {chromeWords('myAccount')}
                  </SiteLink>
                </li>
              )}
            </ul>
          </nav>
          <div className="drawer__account">
            {session.isLoggedIn ? (
              <LogOutButton className="button button--secondary button--lg" onDone={close} />
            ) : (
              <>
                <p>{chromeWords('logInPrompt')}</p>
                <LoginControl
                  className="button button--primary button--lg"
                  onOpenDialog={() => {
                    // Closing returns focus to the menu button, which the login dialog then returns to.
                    close();
                    onLogIn();
                  }}
                />
                <SiteLink site="my-account" to="/register" className="button button--secondary button--lg">
                  {chromeWords('createAccount')}
                </SiteLink>
              </>
            )}
          </div>
        </div>
      )}
    </dialog>
  );
}
