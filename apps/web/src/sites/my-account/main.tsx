import { startSite } from '../../app/create-site.tsx';
import { LoginPage } from '../../features/auth/login-page.tsx';
import { RequireLogin } from '../../features/auth/require-login.tsx';
import { ResetPasswordPage } from '../../features/auth/reset-password-page.tsx';
import { RegisterPage } from '../../features/registration/register-page.tsx';
import { DashboardPage } from './dashboard-page.tsx';

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
