import type { SiteName } from '../../app/site-mode/site-context.tsx';

function withParams(to: string, extraParams: Record<string, string> | undefined): string {
  if (!extraParams) return to;
  const url = new URL(to, 'http://site.invalid');
  for (const [key, value] of Object.entries(extraParams)) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * On the staff site the joining and booking pages are mounted at their own paths (decision 0057),
 * so a link "to another site" stays on the staff site: the sites' home pages are /join and /book,
 * and checkout is the till's basket (the desk takes payment there, never by the card checkout).
 */
export function staffSitePath(site: SiteName, to: string, extraParams?: Record<string, string>): string {
  const path = withParams(to, extraParams);
  const [pathname = '/', query = ''] = path.split(/(?=[?#])/);
  if (pathname === '/checkout') return `/basket${query}`;
  if (pathname !== '/') return path;
  if (site === 'online-joining') return `/join${query}`;
  if (site === 'bookings') return `/book${query}`;
  return `/${query}`;
}
