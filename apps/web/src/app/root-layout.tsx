import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useMatches } from '../router/index.ts';
import { loadTagScripts, needsCleanDocument } from './analytics/tag-scripts.ts';
import { recordPageView } from './analytics/data-layer.ts';
import { useConsent } from './analytics/consent.ts';
import { startErrorReporting } from './analytics/error-reporting.ts';
import {
  AccountNav,
  Breadcrumbs,
  chromeWords,
  LanguageSwitch,
  type RouteHandle,
  SiteHeader,
} from '../features/chrome/index.ts';
import { SiteFooter } from '../features/footer/index.ts';
import { CookieBanner } from '../features/cookie-consent/index.ts';
import { SessionTimeout } from '../features/session-timeout/index.ts';
import { useBasketCount } from '../features/cart/index.ts';
import { useAuthStateWatcher, useSession } from './session/use-session.ts';
import { venueSlugFor } from './site-mode/cross-site.ts';
import { recordThemeVenue, themeVenueFor, useThemeVenueState } from './theme/theme-venue.ts';
import { useSite } from './site-mode/site-context.tsx';
import { updateSiteModeFromSearch, useSiteMode } from './site-mode/site-mode.ts';
import { Toaster } from './toasts/toaster.tsx';
import { useRouteFocus } from './route-focus.ts';
import { usePageName } from './page-title.ts';
import { ThemeGate } from './theme-gate.tsx';
import { type ThemeLogo, themeLogo } from './theme/theme-logo.tsx';

// Only kiosks need the kiosk header and its idle timers: they load on their own.
const KioskChrome = lazy(async () => ({
  default: (await import('../features/kiosk/kiosk-chrome.tsx')).KioskChrome,
}));
// The bookings and my-account sites at a kiosk keep the normal header ("Back to Kiosk Home") and add
// the kiosk's idle rules.
const KioskIdle = lazy(async () => ({
  default: (await import('../features/kiosk/kiosk-idle.tsx')).KioskIdle,
}));

function useDocumentTitle(clientName: string): string {
  const title = usePageName();
  const full = title ? `${title} | ${clientName}` : clientName;
  useEffect(() => {
    document.title = full;
  }, [full]);
  return full;
}

function Chrome({
  settings,
  logo,
  venueSlug,
}: {
  settings: Parameters<typeof SiteHeader>[0]['settings'];
  logo: ThemeLogo;
  venueSlug: string | undefined;
}) {
  const site = useSite();
  const mode = useSiteMode();
  const session = useSession();
  const basketCount = useBasketCount();
  const location = useLocation();
  const title = useDocumentTitle(settings.name);
  useAuthStateWatcher();
  useRouteFocus(location.pathname);

  useEffect(() => {
    startErrorReporting(settings.errorReportingDsn);
  }, [settings.errorReportingDsn]);
  const consent = useConsent();
  useEffect(() => {
    // Any other way onto a card page with tags loaded (Back, an address typed in) loads it afresh.
    if (needsCleanDocument(location.pathname)) window.location.reload();
  }, [location.pathname]);
  useEffect(() => {
    recordPageView(location.pathname, title);
  }, [location.pathname, title]);
  useEffect(() => {
    // Tags arrive after this page's view was recorded: GA is told of it once it can listen.
    if (loadTagScripts(settings.analytics, location.pathname, consent === 'granted').length > 0)
      window.gtag?.('event', 'page_view', { page_path: location.pathname, page_title: title });
  }, [location.pathname, settings.analytics, title, consent]);

  // Chrome is hidden when embedded, and in kiosk mode on the joining site (the kiosk has its own).
  const showChrome = !mode.embedded && !(mode.kiosk && site === 'online-joining');
  const atKiosk = mode.kiosk && !mode.embedded;
  return (
    <div className="app" data-embedded={mode.embedded || undefined} data-kiosk={atKiosk || undefined}>
      <a className="skip-link" href="#main-content">
        {chromeWords('skipLink')}
      </a>
      <LanguageSwitch languages={settings.languages} isLoggedIn={session.isLoggedIn} />
      <CookieBanner />
      {atKiosk && site === 'online-joining' && (
        <Suspense fallback={<div className="site-header kiosk-header" aria-hidden="true" />}>
          <KioskChrome settings={settings} logo={logo} />
        </Suspense>
      )}
      {showChrome && (
        <SiteHeader
          settings={settings}
          mode={mode}
          session={session}
          basketCount={basketCount}
          logo={logo}
          venueSlug={venueSlug}
        />
      )}
      {showChrome && <Breadcrumbs />}
      {site === 'my-account' && session.isLoggedIn && (
        <AccountNav guestPassesEnabled={settings.onlineGuestPassesEnabled} />
      )}
      <main id="main-content" className="page" tabIndex={-1}>
        <Outlet />
      </main>
      {/* Every mode keeps the accessibility statement's link; only the operator's part goes (issue 34 item 6). */}
      <SiteFooter venueSlug={venueSlug} operatorFooter={showChrome} />
      {atKiosk && site !== 'online-joining' && (
        <Suspense fallback={null}>
          <KioskIdle settings={settings} />
        </Suspense>
      )}
      <Toaster />
      <SessionTimeout kioskIdleRules={atKiosk} />
    </div>
  );
}

/** Every page of every site renders inside this: mode, theme gate, chrome, toasts. */
export function RootLayout() {
  const location = useLocation();
  const mode = useSiteMode();
  const matches = useMatches();
  const venues = useThemeVenueState();
  useEffect(() => updateSiteModeFromSearch(location.search), [location.search]);
  // Whose look the page wears: the centre's all the way through its journey (decision 0084).
  const operatorPage = matches.some(
    (match) => (match.handle as RouteHandle | undefined)?.look === 'operator',
  );
  const venueSlug = themeVenueFor({
    selectedCentre: mode.centre,
    pathVenue: venueSlugFor(location.pathname, null),
    declaredVenue: venues.declared,
    journeyVenue: venues.journey,
    operatorPage,
  });
  useEffect(() => recordThemeVenue(venueSlug, operatorPage), [venueSlug, operatorPage]);
  return (
    <ThemeGate venueSlug={venueSlug}>
      {({ settings, theme }) => (
        <Chrome settings={settings} logo={themeLogo(theme, settings.name)} venueSlug={venueSlug} />
      )}
    </ThemeGate>
  );
}
