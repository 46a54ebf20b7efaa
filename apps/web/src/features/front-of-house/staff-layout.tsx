import type { ClientSettings } from '@lido/contracts/client-settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from '../../router/index.ts';
import { ApiError } from '../../lib/api/api-client.ts';
import { genericErrorLine } from '../../lib/api/generic-error.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { useRouteFocus } from '../../app/route-focus.ts';
import { usePageName } from '../../app/page-title.ts';
import { type SiteOverrides, SiteOverridesContext } from '../../app/site-mode/site-overrides.ts';
import { deskVoice } from '../../app/site-mode/voice.ts';
import { ThemeGate } from '../../app/theme-gate.tsx';
import { Toaster } from '../../app/toasts/toaster.tsx';
import { type SessionAccount, SessionTimeout } from '../session-timeout/index.ts';
import { SelectedCustomerBar } from './selected-customer-bar.tsx';
import { selectCustomerFromSearch, useSelectCustomer, useSelectedCustomerId } from './selected-customer.ts';
import { staffSitePath } from './staff-links.ts';
import { staffKeys, staffMeQuery, useStaffLogout } from './staff-api.ts';
import { StaffHeader } from './staff-header.tsx';
import { recheckStaffState, useStaffLoggedIn } from './staff-session-state.ts';
import './front-of-house.css';

/** The session timer of the customer sites, mirroring the staff session instead. */
export const staffSessionAccount: SessionAccount = {
  api: 'staff',
  useLoggedIn: useStaffLoggedIn,
  noticeEnded: recheckStaffState,
  useLogOut: () => {
    const logout = useStaffLogout();
    return () => logout.mutateAsync();
  },
};

/**
 * What the shared pages do differently here: links stay on the staff site, and the selected
 * customer is the logged-in customer the joining and booking pages act for.
 */
export const staffSiteOverrides: SiteOverrides = {
  linkTo: staffSitePath,
  useCustomerLoggedIn: () => useSelectedCustomerId() !== null,
  voice: deskVoice,
};

function useStaffDocumentTitle(clientName: string): void {
  // A page's own title first, as on the customer sites: "Jordan Reed", not "Customer" (issue 34 item 4).
  const title = usePageName();
  const full = `${title ? `${title} | ` : ''}Front of house | ${clientName}`;
  useEffect(() => {
    document.title = full;
  }, [full]);
}

/**
 * The staff pages (all but the login and "not found") need a staff session: without one the page
 * goes to the login and comes back after it. The readable staff state cookie says whether there is
 * one, so a logged-out visit makes no call that is bound to fail; a session the server no longer
 * has (401), or a customer's (403), goes to the login too.
 */
export function RequireStaff() {
  const location = useLocation();
  const loggedIn = useStaffLoggedIn();
  const me = useQuery({ ...staffMeQuery, enabled: loggedIn });
  const toLogin = (
    <Navigate
      to={`/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`}
      replace
    />
  );
  if (!loggedIn) return toLogin;
  if (me.data) return <Outlet />;
  if (me.isError) {
    const status = me.error instanceof ApiError ? me.error.status : null;
    return status === 401 || status === 403 ? (
      toLogin
    ) : (
      <p className="error-line">{genericErrorLine(status)}</p>
    );
  }
  return <Spinner label="Loading" />;
}

function StaffPages({ settings, logoUrl }: { settings: ClientSettings; logoUrl: string }) {
  const location = useLocation();
  const queryClient = useQueryClient();
  const loggedIn = useStaffLoggedIn();
  const onLogin = location.pathname === '/login';
  const me = useQuery({ ...staffMeQuery, enabled: loggedIn });
  useStaffDocumentTitle(settings.name);
  useRouteFocus(location.pathname);
  useEffect(() => {
    // Logged out here, in another tab or by the server: who was at the desk is asked again.
    if (!loggedIn) queryClient.removeQueries({ queryKey: staffKeys.me });
  }, [loggedIn, queryClient]);
  // A logged-in visit to the login goes on to the desk.
  const page = onLogin && loggedIn && me.data ? <Navigate to="/" replace /> : <Outlet />;

  return (
    <div className="app staff-app">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      {me.data && !onLogin && (
        <>
          <StaffHeader user={me.data} logoUrl={logoUrl} clientName={settings.name} />
          <SelectedCustomerBar />
        </>
      )}
      <main id="main-content" className="page" tabIndex={-1}>
        {page}
      </main>
      <Toaster />
      <SessionTimeout kioskIdleRules={false} account={staffSessionAccount} />
    </div>
  );
}

/**
 * The staff site's layout (issue 19): the operator's theme, the staff header, the selected
 * customer under it, no cookie banner, footer, kiosk or embedded chrome (the site has no tags to
 * consent to and is never framed).
 */
export function StaffLayout() {
  const location = useLocation();
  const select = useSelectCustomer();
  useEffect(() => {
    // An address with ?customer=ID (a link, a bookmark) selects that customer.
    selectCustomerFromSearch(location.search, select);
  }, [location.search, select]);
  return (
    <SiteOverridesContext.Provider value={staffSiteOverrides}>
      <ThemeGate venueSlug={undefined}>
        {({ settings, theme }) => <StaffPages settings={settings} logoUrl={theme.themeAppLogo} />}
      </ThemeGate>
    </SiteOverridesContext.Provider>
  );
}
