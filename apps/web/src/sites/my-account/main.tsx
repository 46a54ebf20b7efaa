import type { ComponentType } from 'react';
import type { RouteObject } from '../../router/index.ts';
import { startSite } from '../../app/create-site.tsx';
import { useClientSettings } from '../../app/client-settings/get-client-settings.ts';
import { NotFoundPage } from '../../app/errors/not-found-page.tsx';
import { RequireLogin } from '../../features/auth/index.ts';
import type { HandleText } from '../../features/chrome/index.ts';
import { DashboardPage } from './dashboard-page.tsx';
import { routeText } from '../../app/route-words.ts';

// Only the dashboard is in the first route: every other page loads its own chunk when it is
// visited, so the dashboard stays within its first-route budget.
const accountPages = () => import('../../features/account/account-pages.tsx');

/** Every account page needs a login; /login, /register and /reset-password do not. */
function accountPage(
  path: string,
  title: HandleText,
  page: (pages: Awaited<ReturnType<typeof accountPages>>) => ComponentType,
): RouteObject {
  return {
    path,
    lazy: async () => {
      const Page = page(await accountPages());
      return {
        element: (
          <RequireLogin>
            <Page />
          </RequireLogin>
        ),
      };
    },
    handle: { title, breadcrumb: title },
  };
}

/** Guest passes exist only where the operator's online guest passes setting is on. */
function guestPassesOrNotFound({ GuestPassesPage }: Awaited<ReturnType<typeof accountPages>>) {
  return function GuestPassesOrNotFound() {
    return useClientSettings().onlineGuestPassesEnabled ? <GuestPassesPage /> : <NotFoundPage />;
  };
}

startSite('my-account', [
  {
    index: true,
    element: (
      <RequireLogin>
        <DashboardPage />
      </RequireLogin>
    ),
    handle: { title: routeText('dashboard'), breadcrumb: routeText('myAccount') },
  },
  accountPage('user-details', routeText('myDetails'), (pages) => pages.MyDetailsPage),
  accountPage('user-details/bank-details', routeText('bankDetails'), (pages) => pages.BankDetailsPage),
  accountPage('memberships', routeText('memberships'), (pages) => pages.MembershipsPage),
  accountPage(
    'memberships/:membershipId/freeze',
    routeText('freezeMembership'),
    (pages) => pages.FreezeMembershipPage,
  ),
  accountPage(
    'memberships/:membershipId/cancel',
    routeText('cancelMembership'),
    (pages) => pages.CancelMembershipPage,
  ),
  accountPage(
    'memberships/:membershipId/history',
    routeText('membershipHistory'),
    (pages) => pages.MembershipHistoryPage,
  ),
  accountPage('membership-card', routeText('membershipCard'), (pages) => pages.MembershipCardPage),
  accountPage('packages', routeText('packages'), (pages) => pages.PackagesPage),
  accountPage('bookings', routeText('bookings'), (pages) => pages.UpcomingBookingsPage),
  accountPage('bookings/upcoming', routeText('bookings'), (pages) => pages.UpcomingBookingsPage),
  accountPage('bookings/past', routeText('bookings'), (pages) => pages.PastBookingsPage),
  accountPage('guest-passes', routeText('guestPasses'), guestPassesOrNotFound),
  accountPage('payments', routeText('payments'), (pages) => pages.PaymentsPage),
  accountPage('payments/:orderId', routeText('receipt'), (pages) => pages.ReceiptPage),
  {
    path: 'register',
    lazy: async () => ({
      Component: (await import('../../features/registration/register-page.tsx')).RegisterPage,
    }),
    handle: { title: routeText('createAccount'), breadcrumb: routeText('createAccount') },
  },
  {
    path: 'login',
    lazy: async () => ({ Component: (await import('../../features/auth/login-page.tsx')).LoginPage }),
    handle: { title: routeText('login'), breadcrumb: routeText('logIn') },
  },
  {
    path: 'reset-password',
    lazy: async () => ({
      Component: (await import('../../features/auth/reset-password-page.tsx')).ResetPasswordPage,
    }),
    handle: { title: routeText('resetPassword'), breadcrumb: routeText('resetPassword') },
  },
]);
