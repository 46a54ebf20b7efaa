import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject, RouterProvider } from '../router/index.ts';
import { accessibilityStatementPath } from '../features/accessibility/index.ts';
import { messagesLoaded, pageBasename } from '../i18n/i18n.ts';
import { NotFoundPage } from './errors/not-found-page.tsx';
import { RouteError } from './errors/route-error.tsx';
import { RedirectToSelectedVenue } from './redirect-to-selected-venue.tsx';
import { type SiteName, SiteContext } from './site-mode/site-context.tsx';
import { createQueryClient } from './query-client.ts';
import { RootLayout } from './root-layout.tsx';
import './theme/fonts.css';
import '../ui/styles.css';
import { routeText } from './route-words.ts';

/**
 * The route tree every site shares: its pages under the root layout (the staff site gives its
 * own), then the not-found page.
 */
export function siteRoutes(pages: RouteObject[], layout: ReactNode = <RootLayout />): RouteObject[] {
  return [
    {
      element: layout,
      errorElement: <RouteError />,
      children: [
        ...pages,
        { path: 'redirect-to-selected-venue', element: <RedirectToSelectedVenue /> },
        // Every site has the statement (issue 21 item 14); few visit it, so it loads on its own.
        {
          path: accessibilityStatementPath.slice(1),
          lazy: async () => ({
            Component: (await import('../features/accessibility/statement-page.tsx'))
              .AccessibilityStatementPage,
          }),
          handle: {
            title: routeText('accessibilityStatement'),
            breadcrumb: routeText('accessibilityStatement'),
          },
        },
        { path: '*', element: <NotFoundPage />, handle: { title: routeText('pageNotFound') } },
      ],
    },
  ];
}

/**
 * A lazy page's words load beside its code (decision 0108): on a Welsh page its Welsh is in before
 * it renders, so no English flashes up first.
 */
function withTheirWords(routes: RouteObject[]): RouteObject[] {
  return routes.map(({ lazy, children, ...route }) => ({
    ...route,
    ...(lazy && {
      lazy: async () => {
        const parts = await lazy();
        await messagesLoaded();
        return parts;
      },
    }),
    ...(children && { children: withTheirWords(children) }),
  }));
}

/** Pages may be given the query client, so their loaders can start the calls a page will make. */
export function startSite(
  site: SiteName,
  pages: RouteObject[] | ((queryClient: QueryClient) => RouteObject[]),
  layout?: ReactNode,
): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const queryClient = createQueryClient();
  const router = createBrowserRouter(
    withTheirWords(siteRoutes(typeof pages === 'function' ? pages(queryClient) : pages, layout)),
    { basename: pageBasename },
  );
  // The first page's words (those its code has asked for by now) are in before it renders.
  void messagesLoaded().then(() => render(container, site, queryClient, router));
}

function render(
  container: HTMLElement,
  site: SiteName,
  queryClient: QueryClient,
  router: ReturnType<typeof createBrowserRouter>,
): void {
  createRoot(container).render(
    <StrictMode>
      <SiteContext.Provider value={site}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </SiteContext.Provider>
    </StrictMode>,
  );
}
