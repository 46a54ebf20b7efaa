import { startSite } from '../../app/create-site.tsx';
import { prefetchCheckout } from '../../features/checkout/index.ts';
import { prefetchJoining } from '../../features/joining/index.ts';
import { JoiningHomePage } from './joining-home-page.tsx';
import { routeText } from '../../app/route-words.ts';

// The joining page, checkout, the kiosk welcome and login load as their own chunks, so the joining home
// (the centre finder, where most visits start) stays within its first-route budget.
const joiningPage = async () => ({
  Component: (await import('../../features/joining/joining-page.tsx')).JoiningPage,
});

startSite('online-joining', (queryClient) => [
  {
    index: true,
    element: <JoiningHomePage />,
    handle: { title: routeText('onlineJoining'), breadcrumb: routeText('buyMembership'), look: 'operator' },
  },
  {
    path: 'centre/:centreSlug',
    loader: ({ params }) => prefetchJoining(queryClient, params.centreSlug),
    lazy: joiningPage,
    handle: { title: routeText('centreDetails'), breadcrumb: routeText('buyMembership') },
  },
  {
    path: 'centre/:centreSlug/membership/:selectedMembershipSlug/:selectedPaymentType',
    loader: ({ params }) => prefetchJoining(queryClient, params.centreSlug, params.selectedMembershipSlug),
    lazy: joiningPage,
    handle: { title: routeText('membershipOptions'), breadcrumb: routeText('buyMembership') },
  },
  {
    path: 'checkout',
    loader: () => prefetchCheckout(queryClient),
    lazy: async () => ({
      Component: (await import('../../features/checkout/checkout-route.tsx')).CheckoutRoute,
    }),
    handle: { title: routeText('checkout'), breadcrumb: routeText('checkout') },
  },
  {
    path: 'order-confirmed/:completeOrderId',
    lazy: async () => ({
      Component: (await import('../../features/checkout/order-confirmed-page.tsx')).OrderConfirmedRoute,
    }),
    handle: { title: routeText('orderConfirmed'), breadcrumb: routeText('confirmation') },
  },
  {
    path: 'kiosk',
    lazy: async () => ({
      Component: (await import('../../features/kiosk/kiosk-home-page.tsx')).KioskHomePage,
    }),
    handle: { title: routeText('kioskHome'), breadcrumb: routeText('kiosk') },
  },
  {
    path: 'login',
    lazy: async () => ({ Component: (await import('../../features/auth/login-page.tsx')).LoginPage }),
    handle: { title: routeText('login'), breadcrumb: routeText('logIn') },
  },
]);
