import type { ClientSettings } from '@lido/contracts/client-settings';
import { pageBasename } from '../../i18n/i18n.ts';
import type { SiteName } from './site-context.tsx';

export function siteOrigin(siteUrls: ClientSettings['siteUrls'], site: SiteName): string {
  if (site === 'bookings') return siteUrls.bookings;
  if (site === 'my-account') return siteUrls.myAccount;
  // No customer site links to the staff site; the staff site's own links stay on it.
  if (site === 'front-of-house') return window.location.origin;
  return siteUrls.onlineJoining;
}

/**
 * A full URL to a path on another site, carrying `embedded=true` when embedded, in the page's
 * language (a Welsh page's links stay Welsh, decision 0108).
 */
export function crossSiteUrl(
  siteUrls: ClientSettings['siteUrls'],
  site: SiteName,
  path: string,
  { embedded, extraParams }: { embedded: boolean; extraParams?: Record<string, string> },
): string {
  const inLanguage = site !== 'front-of-house' && path.startsWith('/') ? `${pageBasename}${path}` : path;
  const url = new URL(inLanguage, siteOrigin(siteUrls, site));
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
