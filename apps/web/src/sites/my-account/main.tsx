import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { startSite } from '../../app/create-site.tsx';
import { useClientSettings } from '../../app/client-settings/get-client-settings.ts';
import { NotFoundPage } from '../../app/errors/not-found-page.tsx';
import {
  BookingsPage,
  CancelMembershipPage,
  FreezeMembershipPage,
  GuestPassesPage,
  MembershipHistoryPage,
  MembershipsPage,
  MyDetailsPage,
  PackagesPage,
  PaymentsPage,
  ReceiptPage,
} from '../../features/account/index.ts';
import { LoginPage, RequireLogin, ResetPasswordPage } from '../../features/auth/index.ts';
import { RegisterPage } from '../../features/registration/index.ts';
import { DashboardPage } from './dashboard-page.tsx';

/** Guest passes exist only where the operator's online guest passes setting is on. */
function GuestPassesOrNotFound() {
  return useClientSettings().onlineGuestPassesEnabled ? <GuestPassesPage /> : <NotFoundPage />;
}

/** Every account page needs a login; /login, /register and /reset-password do not. */
function accountPage(path: string | undefined, element: ReactNode, title: string): RouteObject {
  const guarded = <RequireLogin>{element}</RequireLogin>;
  const handle = { title, breadcrumb: title };
  return path === undefined
    ? { index: true, element: guarded, handle: { title, breadcrumb: 'My account' } }
    : { path, element: guarded, handle };
}

startSite('my-account', [
  accountPage(undefined, <DashboardPage />, 'Dashboard'),
  accountPage('user-details', <MyDetailsPage />, 'My details'),
  accountPage('memberships', <MembershipsPage />, 'Memberships'),
  accountPage('memberships/:membershipId/freeze', <FreezeMembershipPage />, 'Freeze membership'),
  accountPage('memberships/:membershipId/cancel', <CancelMembershipPage />, 'Cancel membership'),
  accountPage('memberships/:membershipId/history', <MembershipHistoryPage />, 'Membership history'),
  accountPage('packages', <PackagesPage />, 'Packages'),
  accountPage('bookings', <BookingsPage show="upcoming" />, 'Bookings'),
  accountPage('bookings/upcoming', <BookingsPage show="upcoming" />, 'Bookings'),
  accountPage('bookings/past', <BookingsPage show="past" />, 'Bookings'),
  accountPage('guest-passes', <GuestPassesOrNotFound />, 'Guest passes'),
  accountPage('payments', <PaymentsPage />, 'Payments'),
  accountPage('payments/:orderId', <ReceiptPage />, 'Receipt'),
  {
    path: 'register',
    element: <RegisterPage />,
    handle: { title: 'Create an account', breadcrumb: 'Create an account' },
  },
  { path: 'login', element: <LoginPage />, handle: { title: 'Login', breadcrumb: 'Log in' } },
  {
    path: 'reset-password',
    element: <ResetPasswordPage />,
    handle: { title: 'Reset your password', breadcrumb: 'Reset your password' },
  },
]);
