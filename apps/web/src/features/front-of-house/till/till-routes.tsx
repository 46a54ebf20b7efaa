import type { RouteObject } from '../../../router/index.ts';

/**
 * The staff site's till (issue 19 items 4 and 5), for the site's router to mount at its root.
 * Each page is its own lazy chunk: none of it is in any site's first route.
 */
export const tillRoutes: RouteObject[] = [
  {
    path: 'basket',
    lazy: async () => ({ Component: (await import('./desk-basket-page.tsx')).DeskBasketPage }),
    handle: { title: 'Basket', breadcrumb: 'Basket' },
  },
  {
    path: 'orders/:orderId/receipt',
    lazy: async () => ({ Component: (await import('./receipt-page.tsx')).DeskReceiptPage }),
    handle: { title: 'Receipt', breadcrumb: 'Receipt' },
  },
  {
    path: 'orders',
    lazy: async () => ({ Component: (await import('./orders-page.tsx')).DeskOrdersPage }),
    handle: { title: 'Orders', breadcrumb: 'Orders' },
  },
  {
    path: 'cash-up',
    lazy: async () => ({ Component: (await import('./cash-up-page.tsx')).CashUpPage }),
    handle: { title: 'Cash-up', breadcrumb: 'Cash-up' },
  },
  {
    path: 'audit',
    lazy: async () => ({ Component: (await import('../audit/audit-page.tsx')).AuditPage }),
    handle: { title: 'Audit log', breadcrumb: 'Audit log' },
  },
  {
    // A manager's weekly series (issue 35 item 2, decision 0092).
    path: 'timetable',
    lazy: async () => ({
      Component: (await import('../timetable-page.tsx')).StaffTimetableManagerPage,
    }),
    handle: { title: 'Timetable', breadcrumb: 'Timetable' },
  },
  {
    // When programmes open for booking, with a fair waiting room (issue 39 item 1, decision 0098).
    path: 'timetable/openings',
    lazy: async () => ({
      Component: (await import('../openings/openings-page.tsx')).BookingOpeningsPage,
    }),
    handle: { title: 'Booking openings', breadcrumb: 'Booking openings' },
  },
  {
    // A manager's figures for their centres (issue 37 item 1, decision 0099).
    path: 'dashboard',
    lazy: async () => ({ Component: (await import('../dashboard/dashboard-page.tsx')).DashboardPage }),
    handle: { title: 'Dashboard', breadcrumb: 'Dashboard' },
  },
  {
    // A manager's packages, promotions and membership prices (issue 37 item 3, decision 0103).
    path: 'prices',
    lazy: async () => ({ Component: (await import('../prices/prices-page.tsx')).PricesPage }),
    handle: { title: 'Prices and offers', breadcrumb: 'Prices and offers' },
  },
  {
    // Sessions cancelled by the centre (issue 35 item 3, decision 0095).
    path: 'timetable/cancel',
    lazy: async () => ({
      Component: (await import('../cancel-sessions-page.tsx')).CancelSessionsPage,
    }),
    handle: { title: 'Cancel sessions', breadcrumb: 'Cancel sessions' },
  },
];
