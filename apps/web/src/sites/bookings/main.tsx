import { startSite } from '../../app/create-site.tsx';
import { BookingsHomePage } from './home-page.tsx';
import { LocationPage } from './location-page.tsx';

// The session page, basket, checkout, confirmation and login load as their own chunks, so the timetable
// (where most visits start) stays within its first-route budget.
startSite('bookings', [
  {
    index: true,
    element: <BookingsHomePage />,
    handle: { title: 'Book an activity', breadcrumb: 'Book an activity', look: 'operator' },
  },
  {
    path: 'location/:locationSlug',
    element: <LocationPage />,
    handle: { title: 'Centre', breadcrumb: 'Centre' },
  },
  {
    path: 'location/:locationSlug/packages',
    lazy: async () => ({
      Component: (await import('../../features/packages/packages-page.tsx')).PackagesPage,
    }),
    handle: { title: 'Packages', breadcrumb: 'Packages' },
  },
  {
    path: 'sessions/:sessionId',
    lazy: async () => ({
      Component: (await import('../../features/activities/session-page.tsx')).SessionPage,
    }),
    handle: { title: 'Session', breadcrumb: 'Session' },
  },
  {
    path: 'basket',
    lazy: async () => ({ Component: (await import('../../features/cart/basket-page.tsx')).BasketPage }),
    handle: { title: 'Basket', breadcrumb: 'Basket' },
  },
  {
    path: 'checkout',
    lazy: async () => ({
      Component: (await import('../../features/checkout/checkout-route.tsx')).CheckoutRoute,
    }),
    handle: { title: 'Checkout', breadcrumb: 'Checkout' },
  },
  {
    path: 'booking-confirmed/:orderId',
    lazy: async () => ({
      Component: (await import('../../features/checkout/booking-confirmed-page.tsx')).BookingConfirmedRoute,
    }),
    handle: { title: 'Booking Confirmed', breadcrumb: 'Confirmation' },
  },
  {
    path: 'openings/:openingId',
    lazy: async () => ({
      Component: (await import('../../features/booking-openings/index.ts')).WaitingRoomPage,
    }),
    handle: { title: 'Waiting room', breadcrumb: 'Waiting room' },
  },
  {
    path: 'login',
    lazy: async () => ({ Component: (await import('../../features/auth/login-page.tsx')).LoginPage }),
    handle: { title: 'Login', breadcrumb: 'Log in' },
  },
]);
