import { startSite } from '../../app/create-site.tsx';
import { BookingsHomePage } from './home-page.tsx';
import { LocationPage } from './location-page.tsx';
import { routeText } from '../../app/route-words.ts';

// The session page, basket, checkout, confirmation and login load as their own chunks, so the timetable
// (where most visits start) stays within its first-route budget.
startSite('bookings', [
  {
    index: true,
    element: <BookingsHomePage />,
    handle: { title: routeText('bookAnActivity'), breadcrumb: routeText('bookAnActivity'), look: 'operator' },
  },
  {
    path: 'location/:locationSlug',
    element: <LocationPage />,
    handle: { title: routeText('centre'), breadcrumb: routeText('centre') },
  },
  {
    path: 'location/:locationSlug/packages',
    lazy: async () => ({
      Component: (await import('../../features/packages/packages-page.tsx')).PackagesPage,
    }),
    handle: { title: routeText('packages'), breadcrumb: routeText('packages') },
  },
  {
    path: 'sessions/:sessionId',
    lazy: async () => ({
      Component: (await import('../../features/activities/session-page.tsx')).SessionPage,
    }),
    handle: { title: routeText('session'), breadcrumb: routeText('session') },
  },
  {
    path: 'basket',
    lazy: async () => ({ Component: (await import('../../features/cart/basket-page.tsx')).BasketPage }),
    handle: { title: routeText('basket'), breadcrumb: routeText('basket') },
  },
  {
    path: 'checkout',
    lazy: async () => ({
      Component: (await import('../../features/checkout/checkout-route.tsx')).CheckoutRoute,
    }),
    handle: { title: routeText('checkout'), breadcrumb: routeText('checkout') },
  },
  {
    path: 'booking-confirmed/:orderId',
    lazy: async () => ({
      Component: (await import('../../features/checkout/booking-confirmed-page.tsx')).BookingConfirmedRoute,
    }),
    handle: { title: routeText('bookingConfirmed'), breadcrumb: routeText('confirmation') },
  },
  {
    path: 'openings/:openingId',
    lazy: async () => ({
      Component: (await import('../../features/booking-openings/index.ts')).WaitingRoomPage,
    }),
    handle: { title: routeText('waitingRoom'), breadcrumb: routeText('waitingRoom') },
  },
  {
    path: 'login',
    lazy: async () => ({ Component: (await import('../../features/auth/login-page.tsx')).LoginPage }),
    handle: { title: routeText('login'), breadcrumb: routeText('logIn') },
  },
]);
