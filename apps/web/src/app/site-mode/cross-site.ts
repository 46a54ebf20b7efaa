import type { ClientSettings } from '@lido/contracts/client-settings';
import type { SiteName } from './site-context.tsx';

export function siteOrigin(siteUrls: ClientSettings['siteUrls'], site: SiteName): string {
  if (site === 'bookings') return siteUrls.bookings;
  if (site === 'my-account') return siteUrls.myAccount;
  // No customer site links to the staff site; the staff site's own links stay on it.
  if (site === 'front-of-house') return window.location.origin;
  return siteUrls.onlineJoining;
}

/**
 * On the staff site the joining and booking pages are mounted at their own paths (decision 0057),
 * so a link "to another site" stays on the staff site: the sites' home pages are /join and /book,
 * and checkout is the till's basket (the desk takes payment there, never by the card checkout).
 */
export function staffSitePath(site: SiteName, path: string): string {
  const [pathname = '/', search = ''] = path.split(/(?=[?#])/);
  const query = search ? search : '';
  if (pathname === '/checkout') return `/basket${query}`;
  if (pathname !== '/') return path;
  if (site === 'online-joining') return `/join${query}`;
  if (site === 'bookings') return `/book${query}`;
  return `/${query}`;
}

/** A full URL to a path on another site, carrying `embedded=true` when embedded. */
export function crossSiteUrl(
  siteUrls: ClientSettings['siteUrls'],
  site: SiteName,
  path: string,
  { embedded, extraParams }: { embedded: boolean; extraParams?: Record<string, string> },
): string {
  const url = new URL(path, siteOrigin(siteUrls, site));
  if (embedded) url.searchParams.set('embedded', 'true');
  for (const [key, value] of Object.entries(extraParams ?? {})) url.searchParams.set(key, value);
  return url.toString();
}

const venueRoutePrefixes = new Set(['centre', 'location']);

/**
 * The venue whose theme and footer apply: the selected centre, otherwise the second path segment
 * of a venue route (/centre/{slug}, /location/{slug}).
 */
export function venueSlugFor(pathname: string, selectedCentre: string | null): string | undefined {
  if (selectedCentre) return selectedCentre;
  const [first, second] = pathname.split('/').filter(Boolean);
  if (first && second && venueRoutePrefixes.has(first) && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(second))
    return second;
  return undefined;
}
