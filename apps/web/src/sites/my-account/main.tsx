import type { ComponentType } from 'react';
import type { RouteObject } from '../../router/index.ts';
import { startSite } from '../../app/create-site.tsx';
import { useClientSettings } from '../../app/client-settings/get-client-settings.ts';
import { NotFoundPage } from '../../app/errors/not-found-page.tsx';
import { RequireLogin } from '../../features/auth/index.ts';
import { DashboardPage } from './dashboard-page.tsx';

// Only the dashboard is in the first route: every other page loads its own chunk when it is
// visited, so the dashboard stays within its first-route budget.
const accountPages = () => import('../../features/account/account-pages.tsx');

/** Every account page needs a login; /login, /register and /reset-password do not. */
function accountPage(
  path: string,
  title: string,
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
    handle: { title: 'Dashboard', breadcrumb: 'My account' },
  },
  accountPage('user-details', 'My details', (pages) => pages.MyDetailsPage),
  accountPage('user-details/bank-details', 'Bank details', (pages) => pages.BankDetailsPage),
  accountPage('memberships', 'Memberships', (pages) => pages.MembershipsPage),
  accountPage('memberships/:membershipId/freeze', 'Freeze membership', (pages) => pages.FreezeMembershipPage),
  accountPage('memberships/:membershipId/cancel', 'Cancel membership', (pages) => pages.CancelMembershipPage),
  accountPage(
    'memberships/:membershipId/history',
    'Membership history',
    (pages) => pages.MembershipHistoryPage,
  ),
  accountPage('membership-card', 'Membership card', (pages) => pages.MembershipCardPage),
  accountPage('packages', 'Packages', (pages) => pages.PackagesPage),
  accountPage('bookings', 'Bookings', (pages) => pages.UpcomingBookingsPage),
  accountPage('bookings/upcoming', 'Bookings', (pages) => pages.UpcomingBookingsPage),
  accountPage('bookings/past', 'Bookings', (pages) => pages.PastBookingsPage),
  accountPage('guest-passes', 'Guest passes', guestPassesOrNotFound),
  accountPage('payments', 'Payments', (pages) => pages.PaymentsPage),
  accountPage('payments/:orderId', 'Receipt', (pages) => pages.ReceiptPage),
  {
    path: 'register',
    lazy: async () => ({
      Component: (await import('../../features/registration/register-page.tsx')).RegisterPage,
    }),
    handle: { title: 'Create an account', breadcrumb: 'Create an account' },
  },
  {
    path: 'login',
    lazy: async () => ({ Component: (await import('../../features/auth/login-page.tsx')).LoginPage }),
    handle: { title: 'Login', breadcrumb: 'Log in' },
  },
  {
    path: 'reset-password',
    lazy: async () => ({
      Component: (await import('../../features/auth/reset-password-page.tsx')).ResetPasswordPage,
    }),
    handle: { title: 'Reset your password', breadcrumb: 'Reset your password' },
  },
]);
