import { Link, useMatches } from '../../router/index.ts';
import { ChevronIcon, HomeIcon } from '../../ui/icons.tsx';
import { chromeWords } from './words.ts';

/** A page's name in a route's handle: a staff page's own words, or a customer page's looked up when shown. */
export type HandleText = string | (() => string);

export const handleText = (text: HandleText | undefined): string | undefined =>
  typeof text === 'function' ? text() : text;

export interface RouteHandle {
  title?: HandleText;
  breadcrumb?: HandleText;
  /** 'operator': a page of the operator's own (a site's home), in the operator's look (decision 0084) */
  look?: 'operator';
}

/** The breadcrumb bar with a home icon, built from the matched routes' `handle.breadcrumb`. */
export function Breadcrumbs() {
  const matches = useMatches();
  const crumbs = matches
    .map((match) => ({
      path: match.pathname,
      label: handleText((match.handle as RouteHandle | undefined)?.breadcrumb),
    }))
    .filter((crumb): crumb is { path: string; label: string } => Boolean(crumb.label));
  return (
    <nav className="breadcrumbs" aria-label={chromeWords('breadcrumbNav')}>
      <ol>
        <li>
          <Link to="/" className="breadcrumbs__home">
            <HomeIcon />
            <span className="visually-hidden">{chromeWords('breadcrumbHome')}</span>
          </Link>
        </li>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.path}>
              <ChevronIcon />
              {last ? (
                <span aria-current="page">{crumb.label}</span>
              ) : (
                <Link to={crumb.path}>{crumb.label}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
