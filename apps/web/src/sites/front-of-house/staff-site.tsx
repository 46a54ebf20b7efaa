import { Navigate } from '../../router/index.ts';
import { startSite } from '../../app/create-site.tsx';
import { lockSiteModeOff } from '../../app/site-mode/site-mode.ts';
import {
  actForSelectedCustomerOnEveryCall,
  RequireStaff,
  StaffLayout,
  tillRoutes,
} from '../../features/front-of-house/index.ts';

// The staff site (issue 19, decision 0057): never a kiosk or embedded, and every customer call it
// makes is for the customer selected at the desk.
lockSiteModeOff();
actForSelectedCustomerOnEveryCall();

const centrePages = () => import('../../features/front-of-house/centre-pages.tsx');
const deskMembershipPages = () => import('../../features/front-of-house/desk-membership-pages.tsx');
const registerPages = () => import('../../features/front-of-house/registers/registers-page.tsx');
const registerPage = () => import('../../features/front-of-house/registers/register-page.tsx');
const joiningPage = async () => ({
  Component: (await import('../../features/joining/joining-page.tsx')).JoiningPage,
});

startSite(
  'front-of-house',
  [
    {
      path: 'login',
      lazy: async () => ({
        Component: (await import('../../features/front-of-house/staff-login-page.tsx')).StaffLoginPage,
      }),
      handle: { title: 'Staff log in' },
    },
    {
      element: <RequireStaff />,
      children: [
        {
          index: true,
          lazy: async () => ({
            Component: (await import('../../features/front-of-house/find-customer-page.tsx'))
              .FindCustomerPage,
          }),
          handle: { title: 'Find a customer' },
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
        // A supervisor helps a customer present or on the phone (decision 0085).
        {
          path: 'customers/:customerId/details',
          lazy: async () => ({
            Component: (await import('../../features/front-of-house/customer-details-page.tsx'))
              .CustomerDetailsPage,
          }),
          handle: { title: 'Change details' },
        },
        {
          path: 'customers/:customerId/memberships/:membershipId/cancel',
          lazy: async () => ({ Component: (await deskMembershipPages()).DeskCancelMembershipPage }),
          handle: { title: 'Cancel membership' },
        },
        {
          path: 'customers/:customerId/memberships/:membershipId/freeze',
          lazy: async () => ({ Component: (await deskMembershipPages()).DeskFreezeMembershipPage }),
          handle: { title: 'Freeze membership' },
        },
        // Joining for the selected customer: the online-joining site's joining page at its own
        // paths, so the journey's own links work unchanged; its checkout is the till's basket.
        {
          path: 'join',
          lazy: async () => ({ Component: (await centrePages()).StaffJoinCentresPage }),
          handle: { title: 'Memberships' },
        },
        {
          path: 'centre/:centreSlug',
          lazy: joiningPage,
          handle: { title: 'Centre Details' },
        },
        {
          path: 'centre/:centreSlug/membership/:selectedMembershipSlug/:selectedPaymentType',
          lazy: joiningPage,
          handle: { title: 'Membership Options' },
        },
        // Booking for the selected customer (or a family member, by selecting them): the bookings
        // site's timetable and session page. The centre lists are the staff site's own, so no
        // customer site's first-route module is shared (and split out of its entry).
        {
          path: 'book',
          lazy: async () => ({ Component: (await centrePages()).StaffBookCentresPage }),
          handle: { title: 'Book an activity' },
        },
        {
          path: 'location/:locationSlug',
          lazy: async () => ({ Component: (await centrePages()).StaffTimetablePage }),
          handle: { title: 'Timetable' },
        },
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
        // Check-in by membership card or customer ID, for every member of staff (decision 0097).
        {
          path: 'check-in',
          lazy: async () => ({
            Component: (await import('../../features/front-of-house/check-in/check-in-page.tsx')).CheckInPage,
          }),
          handle: { title: 'Check in' },
        },
        // Registers: who is booked on a session, marked attended or no-show (decision 0096).
        {
          path: 'registers',
          lazy: async () => ({ Component: (await registerPages()).RegistersPage }),
          handle: { title: 'Registers' },
        },
        {
          path: 'registers/:sessionId',
          lazy: async () => ({ Component: (await registerPage()).RegisterPage }),
          handle: { title: 'Register' },
        },
        // The desk takes payment in the till, never through the card checkout.
        { path: 'checkout', element: <Navigate to="/basket" replace /> },
        // The till: basket with the tender panel, receipts, the day's orders and the cash-up.
        ...tillRoutes,
      ],
    },
  ],
  <StaffLayout />,
);
