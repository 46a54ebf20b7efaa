import { startSite } from '../../app/create-site.tsx';
import { LoginPage } from '../../features/auth/login-page.tsx';
import { RequireLogin } from '../../features/auth/require-login.tsx';
import { CheckoutPage } from '../../features/checkout/checkout-page.tsx';
import { JoiningPage } from '../../features/joining/joining-page.tsx';
import { KioskHomePage } from '../../features/kiosk/kiosk-home-page.tsx';
import { JoiningHomePage } from './joining-home-page.tsx';

startSite('online-joining', [
  {
    index: true,
    element: <JoiningHomePage />,
    handle: { title: 'Online Joining', breadcrumb: 'Buy membership' },
  },
  {
    path: 'centre/:centreSlug',
    element: <JoiningPage />,
    handle: { title: 'Centre Details', breadcrumb: 'Buy membership' },
  },
  {
    path: 'centre/:centreSlug/membership/:selectedMembershipSlug/:selectedPaymentType',
    element: <JoiningPage />,
    handle: { title: 'Membership Options', breadcrumb: 'Buy membership' },
  },
  {
    path: 'checkout',
    element: (
      <RequireLogin>
        <CheckoutPage />
      </RequireLogin>
    ),
    handle: { title: 'Checkout', breadcrumb: 'Checkout' },
  },
  { path: 'kiosk', element: <KioskHomePage />, handle: { title: 'Kiosk Home', breadcrumb: 'Kiosk' } },
  { path: 'login', element: <LoginPage />, handle: { title: 'Login', breadcrumb: 'Log in' } },
]);
