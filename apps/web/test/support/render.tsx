import type { ClientSettings } from '@lido/contracts/client-settings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from '../../src/router/index.ts';
import { clientSettingsQuery } from '../../src/app/client-settings/get-client-settings.ts';
import { SiteContext, type SiteName } from '../../src/app/site-mode/site-context.tsx';

export const testSettings: ClientSettings = {
  id: 1,
  name: 'Brightwater Leisure',
  mapApiKey: null,
  mapStyleUrl: null,
  onlineJoiningMapEnabled: true,
  onlineJoiningEnabled: true,
  onlineGuestPassesEnabled: false,
  collectDirectDebitBillingAddress: false,
  directDebitProvider: 'go_cardless',
  directDebitServiceUserName: 'Brightwater Leisure Trust',
  customerServiceEmail: 'help@example.org',
  availableBillingDates: [1, 15],
  kioskHomeUrl: null,
  languages: ['en'],
  kioskIdle: { warningMs: 90_000, resetMs: 95_000, orderConfirmedMs: 10_000 },
  savedCardsEnabled: true,
  currency: 'GBP',
  currencySymbol: '£',
  siteUrls: { bookings: 'http://b.test', myAccount: 'http://m.test', onlineJoining: 'http://j.test' },
  errorReportingDsn: null,
  fonts: { garageGothicUrl: null },
  analytics: { gaMeasurementId: null, gtmContainerId: null },
  timeZone: 'Europe/London',
  // London's winter time, 2026-27 (outside it the page falls back to Intl, as a browser would)
  timeZoneOffset: { minutes: 0, from: '2026-10-25T01:00:00.000Z', until: '2027-03-28T01:00:00.000Z' },
};

/** Renders UI inside a memory router on a given site, with client settings already loaded. */
export function renderOnSite(ui: ReactNode, options: SiteOptions = {}) {
  return renderRoutesOnSite([{ path: '*', element: ui }], options).view;
}

interface SiteOptions {
  site?: SiteName;
  path?: string;
  settings?: ClientSettings;
  /** the history state the first page opens with (as a navigate's `state` would set it) */
  state?: unknown;
}

/** Renders routes from a path on a given site; answers the router and query client to steer them. */
export function renderRoutesOnSite(
  routes: RouteObject[],
  { site = 'bookings', path = '/', settings = testSettings, state }: SiteOptions = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Loaded as the theme gate would have loaded them, and kept as long (the cache is read directly).
  queryClient.setQueryDefaults(clientSettingsQuery.queryKey, { gcTime: clientSettingsQuery.gcTime });
  queryClient.setQueryData(clientSettingsQuery.queryKey, settings);
  const router = createMemoryRouter(routes, {
    initialEntries: [
      state === undefined
        ? path
        : {
            pathname: path.split('?')[0],
            search: path.includes('?') ? path.slice(path.indexOf('?')) : '',
            state,
          },
    ],
  });
  const view = render(
    <SiteContext.Provider value={site}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </SiteContext.Provider>,
  );
  return { view, router, queryClient };
}

/** A fetch stand-in answering JSON by path; unknown paths answer 404. */
export function stubFetch(
  routes: Record<
    string,
    | { status?: number; body: unknown }
    | ((url: URL, init?: RequestInit) => { status?: number; body: unknown })
  >,
) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ url: `${url.pathname}${url.search}`, init });
    const route = routes[`${url.pathname}${url.search}`] ?? routes[url.pathname];
    const answer = typeof route === 'function' ? route(url, init) : route;
    if (!answer)
      return new Response(JSON.stringify({ message: 'Unable to complete request, item not found.' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetchStub, calls };
}
