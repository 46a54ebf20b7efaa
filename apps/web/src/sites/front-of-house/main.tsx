import { Navigate } from 'react-router';
import { startSite } from '../../app/create-site.tsx';
import { lockSiteModeOff } from '../../app/site-mode/site-mode.ts';
import { actForSelectedCustomerOnEveryCall, StaffLayout } from '../../features/front-of-house/index.ts';
import { prefetchJoining } from '../../features/joining/index.ts';
import { BookingsHomePage } from '../bookings/home-page.tsx';
import { LocationPage } from '../bookings/location-page.tsx';
import { JoiningHomePage } from '../online-joining/joining-home-page.tsx';

// The staff site (issue 19, decision 0057): never a kiosk or embedded, and every customer call it
// makes is for the customer selected at the desk.
lockSiteModeOff();
actForSelectedCustomerOnEveryCall();

const joiningPage = async () => ({
  Component: (await import('../../features/joining/joining-page.tsx')).JoiningPage,
});

startSite(
  'front-of-house',
  (queryClient) => [
    {
      index: true,
      lazy: async () => ({
        Component: (await import('../../features/front-of-house/find-customer-page.tsx')).FindCustomerPage,
      }),
      handle: { title: 'Find a customer' },
    },
    {
      path: 'login',
      lazy: async () => ({
        Component: (await import('../../features/front-of-house/staff-login-page.tsx')).StaffLoginPage,
      }),
      handle: { title: 'Staff log in' },
    },
    {
      path: 'customers/new',
      lazy: async () => ({
        Component: (await import('../../features/front-of-house/new-customer-page.tsx')).NewCustomerPage,
      }),
      handle: { title: 'New customer' },
    },
    {
      path: 'customers/:customerId',
      lazy: async () => ({
        Component: (await import('../../features/front-of-house/customer-page.tsx')).CustomerPage,
      }),
      handle: { title: 'Customer' },
    },
    // Joining for the selected customer: the online-joining site's pages at their own paths, so
    // the journey's own links work unchanged; its checkout is the till's basket.
    { path: 'join', element: <JoiningHomePage />, handle: { title: 'Memberships' } },
    {
      path: 'centre/:centreSlug',
      loader: ({ params }) => prefetchJoining(queryClient, params.centreSlug),
      lazy: joiningPage,
      handle: { title: 'Centre Details' },
    },
    {
      path: 'centre/:centreSlug/membership/:selectedMembershipSlug/:selectedPaymentType',
      loader: ({ params }) => prefetchJoining(queryClient, params.centreSlug),
      lazy: joiningPage,
      handle: { title: 'Membership Options' },
    },
    // Booking for the selected customer (or a family member, by selecting them): the bookings
    // site's timetable and session pages.
    { path: 'book', element: <BookingsHomePage />, handle: { title: 'Book an activity' } },
    { path: 'location/:locationSlug', element: <LocationPage />, handle: { title: 'Centre' } },
    {
      path: 'location/:locationSlug/packages',
      lazy: async () => ({
        Component: (await import('../../features/packages/packages-page.tsx')).PackagesPage,
      }),
      handle: { title: 'Packages' },
    },
    {
      path: 'sessions/:sessionId',
      lazy: async () => ({
        Component: (await import('../../features/activities/session-page.tsx')).SessionPage,
      }),
      handle: { title: 'Session' },
    },
    // The desk takes payment in the till, never through the card checkout.
    { path: 'checkout', element: <Navigate to="/basket" replace /> },
    // FOH-TILL MOUNT POINT: once foh-till is merged, add `...tillRoutes` (from
    // features/front-of-house/till/index.ts: basket, orders/:orderId/receipt, orders, cash-up) here.
  ],
  <StaffLayout />,
);
