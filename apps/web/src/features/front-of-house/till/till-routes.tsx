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
];
