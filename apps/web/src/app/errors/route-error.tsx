import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from '../../router/index.ts';
import { reportError } from '../analytics/error-reporting.ts';
import { FullPageError } from './full-page-error.tsx';
import { NotFoundPage } from './not-found-page.tsx';

/** The router's error element: a 404 response is the not-found page; anything else the full-page error. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportError(error);
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main id="main-content" className="page">
        <NotFoundPage />
      </main>
    );
  }
  return <FullPageError />;
}
