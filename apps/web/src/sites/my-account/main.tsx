import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { startSite } from '../../app/create-site.tsx';
import { MembershipsPage } from '../../features/account/memberships-page.tsx';
import { MyDetailsPage } from '../../features/account/my-details-page.tsx';
import { LoginPage } from '../../features/auth/login-page.tsx';
import { RequireLogin } from '../../features/auth/require-login.tsx';
import { ResetPasswordPage } from '../../features/auth/reset-password-page.tsx';
import { RegisterPage } from '../../features/registration/register-page.tsx';
import { DashboardPage } from './dashboard-page.tsx';

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
