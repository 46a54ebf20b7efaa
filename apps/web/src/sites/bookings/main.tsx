import { startSite } from '../../app/create-site.tsx';
import { LoginPage } from '../../features/auth/index.ts';
import { BookingsHomePage } from './home-page.tsx';
import { LocationPage } from './location-page.tsx';

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
    path: 'basket',
    lazy: async () => ({ Component: (await import('../../features/cart/basket-page.tsx')).BasketPage }),
    handle: { title: 'Basket', breadcrumb: 'Basket' },
  },
  {
    path: 'booking-confirmed/:orderId',
    lazy: async () => ({
      Component: (await import('../../features/checkout/booking-confirmed-page.tsx')).BookingConfirmedRoute,
    }),
    handle: { title: 'Booking Confirmed', breadcrumb: 'Confirmation' },
  },
  { path: 'login', element: <LoginPage />, handle: { title: 'Login', breadcrumb: 'Log in' } },
]);
