import { startSite } from '../../app/create-site.tsx';
import { LoginPage } from '../../features/auth/index.ts';
import { BookingsHomePage } from './home-page.tsx';
import { LocationPage } from './location-page.tsx';

// The session page, basket, checkout and confirmation load as their own chunks, so the timetable
// (where most visits start) stays within its first-route budget.
startSite('bookings', [
  {
    index: true,
    element: <BookingsHomePage />,
    handle: { title: 'Book an activity', breadcrumb: 'Book an activity' },
  },
  {
    path: 'location/:locationSlug',
    element: <LocationPage />,
    handle: { title: 'Centre', breadcrumb: 'Centre' },
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
    // A minimal target until the "web-booked" helper's confirmation page lands (issue 17 item 4).
    path: 'booking-confirmed/:orderId',
    lazy: async () => ({
      Component: (await import('./booking-confirmed-placeholder.tsx')).BookingConfirmedPlaceholder,
    }),
    handle: { title: 'Booking Confirmed', breadcrumb: 'Confirmation' },
  },
  { path: 'login', element: <LoginPage />, handle: { title: 'Login', breadcrumb: 'Log in' } },
]);
